import { screen, waitFor, within } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../src/client/shell/session.ts';
import {
  forgetHeldDashboard,
  holdDashboard,
  readHeldDashboard,
} from '../../../src/client/features/dashboard/held-dashboard.ts';
import DashboardScreen from '../../../src/client/features/dashboard/screens/dashboard-screen.tsx';
import { json, makeUser, mockFetch } from '../helpers.ts';
import { renderScreen } from '../render.tsx';
import { item, LAST, QUIZZES } from './quiz-list-fixtures.ts';

// The student dashboard (the quizzes list: list-screens.test.tsx).
beforeEach(async () => {
  await clear(createStore('pathbuilder-attempts', 'attempts'));
  forgetHeldDashboard();
  authState.user = makeUser();
  authState.token = 'token-abc';
});

afterEach(() => {
  vi.restoreAllMocks();
  authState.user = null;
  authState.token = null;
  vi.unstubAllGlobals();
});

describe('the student dashboard', () => {
  it('before the diagnostic, offers only the diagnostic and asks the API for nothing', async () => {
    const { requests } = mockFetch(() => json(200, { data: [] }));
    renderScreen(<DashboardScreen user={makeUser({ taken_diagnostics: 0 })} />);
    expect(screen.getByRole('link', { name: 'Take the diagnostic' }).getAttribute('href')).toBe('/start');
    expect(screen.queryByText('Upcoming')).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('after it, shows progress, what is in progress, what is due soonest and the latest results, from three lists', async () => {
    const soon = new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString();
    const later = new Date(Date.now() + 9 * 86_400_000).toISOString();
    const quizzes = [
      ...QUIZZES,
      item({ id: 6, title: 'Due later quiz', closes_at: later }),
      item({ id: 7, title: 'Due soon quiz', closes_at: soon }),
      item({
        id: 8,
        title: 'Passed quiz',
        state: 'submitted',
        attempts_used: 1,
        best_percent: 90,
        last_attempt_id: '11111111-2222-4333-8444-555566667777',
        last_percent: 90,
        last_passed: true,
        last_submitted_at: '2026-11-01T09:00:00.000Z',
      }),
    ];
    quizzes[3] = {
      ...quizzes[3]!,
      last_percent: 75,
      last_passed: true,
      last_submitted_at: '2026-11-10T09:00:00.000Z',
    };
    const { requests } = mockFetch((request) => {
      if (request.url === '/api/my/assessments?kind=quiz') return json(200, { data: quizzes });
      if (request.url.startsWith('/api/my/assessments')) return json(200, { data: [] });
      if (request.url.startsWith('/api/usernotifications/unseen-count')) return json(200, { count: 2 });
      return undefined;
    });
    renderScreen(<DashboardScreen user={makeUser()} />);

    const progress = await screen.findByRole('region', { name: 'Your progress' });
    expect(progress.textContent).toContain('2 of 8 quizzes done');
    expect(progress.textContent).toContain('2 passed');
    expect(progress.textContent).toContain('Average score 83%');

    // The attempt under way is the first card's one action, and not listed again below.
    const next = screen.getByRole('region', { name: 'Your next step' });
    expect(within(next).getByRole('heading', { name: 'Continue: Quiz under way' })).toBeTruthy();
    expect(next.textContent).toContain('8 questions · 8 minutes left');
    expect(within(next).getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/quiz/3');
    expect(screen.queryByRole('region', { name: 'In progress' })).toBeNull();

    // The three due soonest: more rows of Start buttons would compete with the first card.
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    expect(
      within(upcoming)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Due soon quiz', 'Due later quiz', 'Fresh quiz']);
    expect(upcoming.textContent).toContain('Closes in 2 days');

    // The latest first, each with its score and what can be done with it now.
    const latest = screen.getByRole('region', { name: 'Latest results' });
    const rows = within(latest).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['Done quiz', 'Passed quiz']);
    expect(rows[0]!.textContent).toContain('75% · Passed');
    expect(within(rows[0]!).getByRole('link', { name: 'Retake' }).getAttribute('href')).toBe('/quiz/4');
    expect(within(rows[0]!).getByRole('link', { name: 'Review' }).getAttribute('href')).toBe(
      `/quiz-result/${LAST}`,
    );
    expect(within(rows[1]!).queryByRole('link', { name: 'Start' })).toBeNull();

    // Three lists side by side, and no result fetched one by one.
    expect(requests.filter((r) => r.url.includes('/result'))).toHaveLength(0);
    expect(requests.filter((r) => r.url.startsWith('/api/my/assessments'))).toHaveLength(3);

    // Students have no bell: the dashboard says what is new and leads to their notifications.
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(notifications.textContent).toContain('You have 2 new notifications.'));
    expect(
      within(notifications).getByRole('link', { name: 'See your notifications' }).getAttribute('href'),
    ).toBe('/notifications');
  });
});

describe('the student dashboard while its announcements are slow', () => {
  it('shows nothing of the lists until the announcements are in, so they never push the page down', async () => {
    let answer!: () => void;
    const announcementsIn = new Promise<void>((resolve) => (answer = resolve));
    mockFetch((request) => {
      if (request.url === '/api/announcements/current') {
        return announcementsIn.then(() =>
          json(200, {
            data: [
              {
                id: 1,
                title: 'First-aid certificates',
                body: '<p>Bring yours before placement.</p>',
                published_at: '2026-11-20T09:00:00.000Z',
                author_name: 'Ada Admin',
              },
            ],
          }),
        );
      }
      if (request.url === '/api/my/assessments?kind=quiz') return json(200, { data: QUIZZES });
      if (request.url.startsWith('/api/my/assessments')) return json(200, { data: [] });
      if (request.url.startsWith('/api/usernotifications/unseen-count')) return json(200, { count: 0 });
      return undefined;
    });
    renderScreen(<DashboardScreen user={makeUser()} />);

    // The lists have arrived; the announcements have not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Your progress' })).toBeNull();

    answer();
    const announcements = await screen.findByRole('region', { name: 'Announcements' });
    const progress = await screen.findByRole('region', { name: 'Your progress' });
    // The announcements come first on the page.
    expect(announcements.compareDocumentPosition(progress) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('still shows the lists when the announcements cannot be loaded', async () => {
    mockFetch((request) => {
      if (request.url === '/api/announcements/current') return json(500, { message: 'Server error.' });
      if (request.url === '/api/my/assessments?kind=quiz') return json(200, { data: QUIZZES });
      if (request.url.startsWith('/api/my/assessments')) return json(200, { data: [] });
      return undefined;
    });
    renderScreen(<DashboardScreen user={makeUser()} />);
    expect(await screen.findByRole('region', { name: 'Your progress' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();
  });
});

describe('the student dashboard with a pathway', () => {
  it('leads with the first ready topic and its quiz, says what is new at the top, and folds announcements', async () => {
    mockFetch((request) => {
      if (request.url === '/api/my/assessments?kind=quiz')
        return json(200, { data: [item({ id: 2, title: 'Babbling quiz', time_limit_minutes: 15 })] });
      if (request.url.startsWith('/api/my/assessments')) return json(200, { data: [] });
      if (request.url === '/api/my/learning-summary')
        return json(200, {
          mastered: 3,
          total: 60,
          next: [
            {
              micro_topic_id: 1,
              name: 'Babbling',
              sub_topic_name: 'Language',
              subject_name: 'Child development',
              mastery: 0.3,
              level: 'not_sure',
              quiz: { id: 2, title: 'Babbling quiz' },
              materials: [],
            },
          ],
          ready_count: 11,
          rechecks_due: 0,
          daily: [],
        });
      if (request.url === '/api/announcements/current')
        return json(200, {
          data: [
            {
              id: 1,
              title: 'First-aid certificates',
              body: '<p>Bring yours before placement.</p>',
              published_at: '2026-11-20T09:00:00.000Z',
              author_name: 'Ada Admin',
            },
          ],
        });
      if (request.url.startsWith('/api/usernotifications/unseen-count')) return json(200, { count: 2 });
      if (request.url.startsWith('/api/usernotifications?'))
        return json(200, {
          data: [
            {
              id: 9,
              title: 'Your support ticket was answered',
              body: '',
              link: null,
              seen: 0,
              created_at: '2026-11-21T09:00:00.000Z',
            },
          ],
        });
      return undefined;
    });
    renderScreen(<DashboardScreen user={makeUser()} />);

    const next = await screen.findByRole('region', { name: 'Your next step' });
    expect(within(next).getByRole('heading', { name: 'Next: Babbling' })).toBeTruthy();
    expect(next.textContent).toContain('Babbling quiz · 8 questions · Time limit 15 minutes');
    // A timed quiz: the start asks first, like every start.
    expect(within(next).getByRole('button', { name: 'Start the quiz' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Your learning' }))
        .getByRole('link', { name: 'Your pathway (11 ready)' })
        .getAttribute('href'),
    ).toBe('/learning-pathway');

    // What is new is already there, title and all, when the page shows: arriving later, it would push the
    // whole page down under the reader (a layout shift).
    const news = screen.getByRole('region', { name: 'New notifications' });
    expect(news.textContent).toContain('Your support ticket was answered');
    expect(within(news).getByRole('link').getAttribute('href')).toBe('/notifications');
    expect(news.textContent).toContain('2 new notifications');
    // First on the page, before the next step.
    expect(news.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // The announcement is one line until opened.
    const announcement = within(screen.getByRole('region', { name: 'Announcements' })).getByRole('listitem');
    const details = announcement.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(announcement.querySelector('summary')!.textContent).toContain('First-aid certificates');
  });
});

describe('the student dashboard from what this device holds', () => {
  // Today at 10:42: the stamp then says the time alone (an earlier day would add the date).
  const today = new Date();
  const heldAt = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 10, 42).getTime();
  const hold = async () => {
    await holdDashboard(7, {
      data: {
        quizzes: [item({ id: 2, title: 'Held quiz' })],
        exams: [],
        diagnostics: [],
        updatedAt: heldAt,
      },
      summary: null,
      announcements: [],
    });
    // As at start: nothing read into memory yet, only the device's copy.
    forgetHeldDashboard();
  };

  it('paints the held dashboard at once, marked as refreshing with its time, then the server’s answer unmarked', async () => {
    await hold();
    let answer!: () => void;
    const listsIn = new Promise<void>((resolve) => (answer = resolve));
    mockFetch((request) => {
      if (request.url === '/api/my/assessments?kind=quiz')
        return listsIn.then(() => json(200, { data: [item({ id: 3, title: 'Fresh quiz' })] }));
      if (request.url.startsWith('/api/my/assessments')) return listsIn.then(() => json(200, { data: [] }));
      if (request.url.startsWith('/api/usernotifications/unseen-count')) return json(200, { count: 0 });
      return undefined;
    });
    renderScreen(<DashboardScreen user={makeUser()} />);

    // Before any list has come back: what the device held, never shown as new.
    expect(await screen.findByText('Held quiz')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Refreshing, last updated 10:42');
    expect(screen.queryByText('Fresh quiz')).toBeNull();

    answer();
    expect(await screen.findByText('Fresh quiz')).toBeTruthy();
    expect(screen.queryByText('Held quiz')).toBeNull();
    expect(screen.queryByText(/Refreshing/)).toBeNull();
    // The stamp's line stays, saying so: the cards under it do not move up.
    expect(screen.getByRole('status').textContent).toBe('Up to date');
  });

  it('paints the line of new notifications as it was held, so the answer does not push the page down', async () => {
    await holdDashboard(7, {
      data: { quizzes: [item({ id: 2, title: 'Held quiz' })], exams: [], diagnostics: [], updatedAt: heldAt },
      summary: null,
      announcements: [],
      newest: 'Your support ticket was answered',
    });
    forgetHeldDashboard();
    mockFetch((request) => {
      if (request.url.startsWith('/api/my/assessments')) return new Promise<Response>(() => undefined);
      if (request.url.startsWith('/api/usernotifications/unseen-count')) return json(200, { count: 1 });
      if (request.url.startsWith('/api/usernotifications')) return new Promise<Response>(() => undefined);
      return undefined;
    });
    renderScreen(<DashboardScreen user={makeUser()} />);
    expect(await screen.findByText('Held quiz')).toBeTruthy();
    const news = await screen.findByRole('region', { name: 'New notifications' });
    expect(news.textContent).toContain('Your support ticket was answered');
  });

  it('when the reads fail, keeps the held dashboard, marked as saved earlier (not refreshing forever)', async () => {
    await hold();
    mockFetch((request) => {
      if (request.url.startsWith('/api/my/assessments')) throw new TypeError('Failed to fetch');
      if (request.url.startsWith('/api/usernotifications/unseen-count')) return json(200, { count: 0 });
      return undefined;
    });
    renderScreen(<DashboardScreen user={makeUser()} />);
    expect(await screen.findByText('Held quiz')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Offline, last updated 10:42'));
    expect(screen.queryByText(/Refreshing/)).toBeNull();
  });

  it('holds what the server answered for the next start, with the time it was read', async () => {
    mockFetch((request) => {
      if (request.url === '/api/my/assessments?kind=quiz')
        return json(200, { data: [item({ id: 3, title: 'Fresh quiz' })] });
      if (request.url.startsWith('/api/my/assessments')) return json(200, { data: [] });
      if (request.url.startsWith('/api/usernotifications/unseen-count')) return json(200, { count: 0 });
      return undefined;
    });
    const before = Date.now();
    renderScreen(<DashboardScreen user={makeUser()} />);
    expect(await screen.findByText('Fresh quiz')).toBeTruthy();
    // Nothing was held: no stamp, the server's answer is shown as it is.
    expect(screen.queryByRole('status')).toBeNull();
    await waitFor(async () => {
      const held = await readHeldDashboard(7);
      expect(held?.data.quizzes.map((q) => q.title)).toEqual(['Fresh quiz']);
      expect(held!.data.updatedAt).toBeGreaterThanOrEqual(before);
    });
    // Another student on the same tablet holds nothing of it.
    expect(await readHeldDashboard(8)).toBeNull();
  });
});

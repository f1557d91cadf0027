import { screen, waitFor, within } from '@testing-library/react';
import { clear, createStore, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyAssessment } from '../../../src/shared/contracts/assessments.ts';
import { authState } from '../../../src/client/shell/session.ts';
import DashboardScreen from '../../../src/client/features/dashboard/screens/dashboard-screen.tsx';
import QuizzesScreen from '../../../src/client/features/quizzes/screens/quizzes-screen.tsx';
import { json, makeUser, mockFetch } from '../helpers.ts';
import { renderScreen } from '../render.tsx';
import { makeAttempt } from './fixtures.ts';

function item(overrides: Partial<MyAssessment>): MyAssessment {
  return {
    id: 1,
    kind: 'quiz',
    title: 'A quiz',
    description: '',
    question_count: 8,
    time_limit_minutes: null,
    opens_at: null,
    closes_at: null,
    pass_mark: 60,
    attempts_allowed: 3,
    attempts_used: 0,
    review_policy: 'after_submit',
    state: 'not_started',
    in_progress_attempt_id: null,
    seconds_left: null,
    best_percent: null,
    last_attempt_id: null,
    last_percent: null,
    last_passed: null,
    last_submitted_at: null,
    can_start: true,
    ...overrides,
  };
}

const LAST = '9d2c1b0a-1111-4222-8333-444455556666';
const QUIZZES = [
  item({
    id: 1,
    title: 'Closed quiz',
    state: 'closed',
    can_start: false,
    closes_at: '2025-01-10T12:00:00.000Z',
  }),
  item({ id: 2, title: 'Fresh quiz', time_limit_minutes: 15 }),
  item({
    id: 3,
    title: 'Quiz under way',
    state: 'in_progress',
    in_progress_attempt_id: LAST,
    seconds_left: 430,
    time_limit_minutes: 15,
    attempts_used: 1,
    can_start: false,
  }),
  item({
    id: 4,
    title: 'Done quiz',
    state: 'submitted',
    attempts_used: 1,
    best_percent: 75,
    last_attempt_id: LAST,
  }),
  item({
    id: 5,
    title: 'Later quiz',
    state: 'scheduled',
    can_start: false,
    opens_at: '2030-05-01T08:00:00.000Z',
  }),
];

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

beforeEach(async () => {
  await clear(createStore('pathbuilder-attempts', 'attempts'));
  authState.user = makeUser();
  authState.token = 'token-abc';
});

afterEach(() => {
  vi.restoreAllMocks();
  authState.user = null;
  authState.token = null;
  vi.unstubAllGlobals();
});

describe('the quizzes list', () => {
  it('shows each quiz with its state and the action it allows, what needs the student first', async () => {
    mockFetch((request) =>
      request.url === '/api/my/assessments?kind=quiz' ? json(200, { data: QUIZZES }) : undefined,
    );
    renderScreen(<QuizzesScreen />);
    await screen.findByRole('heading', { name: 'Fresh quiz' });

    const titles = within(screen.getByRole('list', { name: 'Quizzes' }))
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(titles).toEqual(['Quiz under way', 'Fresh quiz', 'Done quiz', 'Later quiz', 'Closed quiz']);

    const underWay = card('Quiz under way');
    expect(underWay.textContent).toContain('In progress');
    expect(underWay.textContent).toContain('8 minutes left');
    expect(within(underWay).getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/quiz/3');
    expect(within(underWay).queryByRole('button', { name: 'Start' })).toBeNull();

    const fresh = card('Fresh quiz');
    expect(fresh.textContent).toContain('Not started');
    expect(fresh.textContent).toContain('Time limit 15 minutes');
    expect(fresh.textContent).toContain('Attempts left: 3 of 3');
    expect(within(fresh).getByRole('button', { name: 'Start' })).toBeTruthy();

    // Taken, with attempts left: a retake and the last result, never "Start" again.
    const done = card('Done quiz');
    expect(done.textContent).toContain('Best score 75%');
    expect(done.textContent).toContain('Attempts left: 2 of 3');
    expect(within(done).getByRole('link', { name: 'Review' }).getAttribute('href')).toBe(
      `/quiz-result/${LAST}`,
    );
    expect(within(done).getByRole('link', { name: 'Retake' }).getAttribute('href')).toBe('/quiz/4');
    expect(within(done).queryByRole('link', { name: 'Start' })).toBeNull();

    const later = card('Later quiz');
    expect(later.textContent).toContain('Scheduled');
    expect(later.textContent).toMatch(/Opens in \d+ days/);
    expect(within(later).queryAllByRole('link')).toHaveLength(0);
    expect(within(later).queryAllByRole('button')).toHaveLength(0);

    expect(card('Closed quiz').textContent).toContain('Closed');
    expect(within(card('Closed quiz')).queryAllByRole('link')).toHaveLength(0);
  });

  it('offers only a review once every attempt is used, even for a passed quiz', async () => {
    mockFetch(() =>
      json(200, {
        data: [
          item({
            title: 'Passed quiz',
            state: 'submitted',
            attempts_allowed: 1,
            attempts_used: 1,
            best_percent: 90,
            last_attempt_id: LAST,
            last_percent: 90,
            last_passed: true,
            can_start: false,
          }),
        ],
      }),
    );
    renderScreen(<QuizzesScreen />);
    const passed = (await screen.findByRole('heading', { name: 'Passed quiz' })).closest('li') as HTMLElement;
    expect(
      within(passed)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Review']);
  });

  it('offline, shows a quiz started on this device as "Continue", not the stale "Start" of the old copy', async () => {
    const started = '3c1e2d4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const attempts = createStore('pathbuilder-attempts', 'attempts');
    await set(`assessment:${makeUser().id}:2`, started, attempts);
    await set(
      `attempt:${started}`,
      {
        attempt: makeAttempt({ id: started, assessment_id: 2, started_at: new Date().toISOString() }),
        clockOffsetMs: 0,
        position: 1,
        positionAt: Date.now(),
      },
      attempts,
    );
    // The copy the list falls back to offline was taken before the quiz was started.
    await set(`copy:${makeUser().id}:/my/assessments?kind=quiz`, { data: QUIZZES }, attempts);
    await set(
      `copy-at:${makeUser().id}:/my/assessments?kind=quiz`,
      Date.parse('2026-11-20T10:42:00'),
      attempts,
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderScreen(<QuizzesScreen />);

    const fresh = (await screen.findByRole('heading', { name: 'Fresh quiz' })).closest('li') as HTMLElement;
    expect(fresh.textContent).toContain('In progress');
    expect(within(fresh).getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/quiz/2');
    expect(within(fresh).queryByRole('button', { name: 'Start' })).toBeNull();
    // An attempt only the server has cannot be continued offline; nothing can be started.
    expect(card('Quiz under way').textContent).toContain('Continue once you are online');
    expect(within(card('Quiz under way')).queryByRole('link', { name: 'Continue' })).toBeNull();
    expect(card('Done quiz').textContent).toContain('Retaking needs a connection');
    expect(within(card('Done quiz')).queryByRole('link', { name: 'Retake' })).toBeNull();
    expect(screen.getByText(/^Offline, last updated/).textContent).toContain('10:42');
  });

  it('says so when there are no quizzes, instead of an empty list', async () => {
    mockFetch(() => json(200, { data: [] }));
    renderScreen(<QuizzesScreen />);
    expect(await screen.findByText('No quizzes yet')).toBeTruthy();
  });
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

    const inProgress = screen.getByRole('region', { name: 'In progress' });
    expect(within(inProgress).getByRole('heading', { name: 'Quiz under way' })).toBeTruthy();
    expect(within(inProgress).getByRole('link', { name: 'Continue' })).toBeTruthy();

    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    expect(
      within(upcoming)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Due soon quiz', 'Due later quiz', 'Fresh quiz', 'Later quiz']);
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

import { screen, waitFor, within } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyAssessment } from '../../../src/shared/contracts/assessments.ts';
import { authState } from '../../../src/client/features/auth/auth.store.ts';
import DashboardScreen from '../../../src/client/features/dashboard/screens/dashboard-screen.tsx';
import QuizzesScreen from '../../../src/client/features/quizzes/screens/quizzes-screen.tsx';
import { json, makeUser, mockFetch } from '../helpers.ts';
import { renderScreen } from '../render.tsx';
import { makeResult } from './fixtures.ts';

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
    expect(within(underWay).getByRole('link', { name: 'Resume' }).getAttribute('href')).toBe('/quiz/3');

    const fresh = card('Fresh quiz');
    expect(fresh.textContent).toContain('Not started');
    expect(fresh.textContent).toContain('Time limit 15 minutes');
    expect(fresh.textContent).toContain('Attempts left: 3 of 3');
    expect(within(fresh).getByRole('button', { name: 'Start' })).toBeTruthy();

    const done = card('Done quiz');
    expect(done.textContent).toContain('Best score 75%');
    expect(done.textContent).toContain('Attempts left: 2 of 3');
    expect(within(done).getByRole('link', { name: 'Review result' }).getAttribute('href')).toBe(
      `/quiz-result/${LAST}`,
    );
    expect(within(done).getByRole('link', { name: 'Start' }).getAttribute('href')).toBe('/quiz/4');

    const later = card('Later quiz');
    expect(later.textContent).toContain('Scheduled');
    expect(later.textContent).toContain('Opens');
    expect(within(later).queryAllByRole('link')).toHaveLength(0);
    expect(within(later).queryAllByRole('button')).toHaveLength(0);

    expect(card('Closed quiz').textContent).toContain('Closed');
    expect(within(card('Closed quiz')).queryAllByRole('link')).toHaveLength(0);
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

  it('after it, lists what is in progress, what is coming and the latest results, from the API', async () => {
    mockFetch((request) => {
      if (request.url === '/api/my/assessments?kind=quiz') return json(200, { data: QUIZZES });
      if (request.url.startsWith('/api/my/assessments')) return json(200, { data: [] });
      if (request.url.startsWith('/api/usernotifications/unseen-count')) return json(200, { count: 2 });
      if (request.url === `/api/attempts/${LAST}/result`)
        return json(
          200,
          makeResult({ attempt_id: LAST, title: 'Done quiz', percent: 75, score: 6, max_score: 8 }),
        );
      return undefined;
    });
    renderScreen(<DashboardScreen user={makeUser()} />);

    const inProgress = await screen.findByRole('region', { name: 'In progress' });
    expect(within(inProgress).getByRole('heading', { name: 'Quiz under way' })).toBeTruthy();
    expect(within(inProgress).getByRole('link', { name: 'Resume' })).toBeTruthy();

    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    expect(
      within(upcoming)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Fresh quiz', 'Later quiz']);

    const latest = screen.getByRole('region', { name: 'Latest results' });
    expect(latest.textContent).toContain('Done quiz');
    expect(latest.textContent).toContain('75% (6 of 8)');
    expect(within(latest).getByRole('link', { name: 'Review result' }).getAttribute('href')).toBe(
      `/quiz-result/${LAST}`,
    );

    // Students have no bell: the dashboard says what is new and leads to their notifications.
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(notifications.textContent).toContain('You have 2 new notifications.'));
    expect(
      within(notifications).getByRole('link', { name: 'See your notifications' }).getAttribute('href'),
    ).toBe('/notifications');
  });
});

import { screen, within } from '@testing-library/react';
import { clear, createStore, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../src/client/shell/session.ts';
import QuizzesScreen from '../../../src/client/features/quizzes/screens/quizzes-screen.tsx';
import { json, makeUser, mockFetch } from '../helpers.ts';
import { renderScreen } from '../render.tsx';
import { makeAttempt } from './fixtures.ts';
import { item, LAST, QUIZZES } from './quiz-list-fixtures.ts';

// The quizzes list (the student dashboard: dashboard-screen.test.tsx).
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

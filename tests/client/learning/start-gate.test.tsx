import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyAssessment } from '../../../src/shared/contracts/assessments.ts';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import { authState } from '../../../src/client/shell/session.ts';
import { SingleChoiceAnswer } from '../../../src/client/features/quiz/components/choice-answers.tsx';
import { stakesText } from '../../../src/client/features/quiz/start-stakes.ts';
import QuizScreen from '../../../src/client/features/quiz/screens/quiz-screen.tsx';
import QuizResultScreen from '../../../src/client/features/quiz/screens/quiz-result-screen.tsx';
import { json, makeUser, mockFetch } from '../helpers.ts';
import { currentLocation, renderScreen } from '../render.tsx';
import { ATTEMPT_ID, makeAttempt, makeQuestion, makeResult } from './fixtures.ts';
import { item } from './quiz-list-fixtures.ts';

// Issue 24 item 1: a timed attempt never starts unasked, however the quiz screen is reached; a queue shows
// each result before the next quiz, which asks again.

const quiz = (overrides: Partial<MyAssessment> = {}): MyAssessment =>
  item({ id: 12, title: 'Play and learning — Quiz', time_limit_minutes: 15, ...overrides });

beforeEach(async () => {
  await clear(createStore('pathbuilder-attempts', 'attempts'));
  await clearGetCache();
  authState.user = makeUser();
  authState.token = 'token-abc';
});

afterEach(() => {
  authState.user = null;
  authState.token = null;
  vi.unstubAllGlobals();
});

describe('the stakes of a start', () => {
  it('say questions, minutes, which attempt and how many quizzes follow', () => {
    expect(stakesText(quiz(), 5)).toBe(
      '8 questions · 15 minutes · attempt 1 of 3 · 5 more quizzes follow; you can stop after any',
    );
    expect(stakesText(quiz({ attempts_used: 2, time_limit_minutes: 1, question_count: 1 }), 1)).toBe(
      '1 question · 1 minute · attempt 3 of 3 · 1 more quiz follows; you can stop after any',
    );
    expect(stakesText(quiz({ attempts_allowed: null, time_limit_minutes: null }))).toBe(
      '8 questions · no time limit · no limit on attempts',
    );
  });
});

function quizServer(item: MyAssessment) {
  return mockFetch((request) => {
    if (request.url === '/api/my/assessments?kind=quiz') return json(200, { data: [item] });
    if (request.url === '/api/my/assessments?kind=exam') return json(200, { data: [] });
    if (request.url === '/api/attempts' && request.method === 'POST')
      return json(200, makeAttempt({ deadline_at: '2099-01-01T00:00:00.000Z' }));
    return undefined;
  });
}

describe('the quiz screen', () => {
  it('asks before a timed attempt starts, with the stakes, and starts nothing until the student agrees', async () => {
    const { requests } = quizServer(quiz());
    renderScreen(<QuizScreen id="12" queue="13,14" />, { path: '/quiz/:id/*', at: '/quiz/12/13,14' });
    const card = await screen.findByRole('region', { name: 'Ready to start?' });
    expect(card.textContent).toContain(
      '8 questions · 15 minutes · attempt 1 of 3 · 2 more quizzes follow; you can stop after any',
    );
    expect(card.textContent).toContain('The timer starts as soon as you begin');
    expect(requests.some((r) => r.url === '/api/attempts')).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Start quiz: Play and learning — Quiz' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/attempts')).toBe(true));
  });

  it('resumes an attempt in progress, and opens an untimed one, without a question', async () => {
    const { requests } = quizServer(quiz({ state: 'in_progress', in_progress_attempt_id: ATTEMPT_ID }));
    const { unmount } = renderScreen(<QuizScreen id="12" />, { path: '/quiz/:id', at: '/quiz/12' });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/attempts')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Ready to start?' })).toBeNull();
    unmount();

    const untimed = quizServer(quiz({ time_limit_minutes: null }));
    renderScreen(<QuizScreen id="12" />, { path: '/quiz/:id', at: '/quiz/12' });
    await waitFor(() => expect(untimed.requests.some((r) => r.url === '/api/attempts')).toBe(true));
  });
});

describe('a result in the middle of a queue', () => {
  it('offers the next quiz by name as the main action, and asks with its stakes before it starts', async () => {
    mockFetch((request) => {
      if (request.url === `/api/attempts/${ATTEMPT_ID}/result`) return json(200, makeResult());
      if (request.url === '/api/my/assessments?kind=quiz')
        return json(200, {
          data: [
            quiz({ state: 'submitted', attempts_used: 1, last_attempt_id: ATTEMPT_ID }),
            quiz({ id: 13, title: 'Routines — Quiz', question_count: 6, time_limit_minutes: 10 }),
            quiz({ id: 14, title: 'Safety — Quiz', can_start: false, state: 'closed' }),
            quiz({ id: 15, title: 'Feelings — Quiz' }),
          ],
        });
      return undefined;
    });
    render(<DialogHost />);
    renderScreen(<QuizResultScreen id={ATTEMPT_ID} />, {
      path: '/quiz-result/:id',
      at: `/quiz-result/${ATTEMPT_ID}?next=13,14,15`,
    });
    const pinned = await screen.findByRole('navigation', { name: 'Next step' });
    const start = await within(pinned).findByRole('button', { name: 'Start quiz: Routines — Quiz' });
    fireEvent.click(start);
    // 14 is closed now: only 15 follows.
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      '6 questions · 10 minutes · attempt 1 of 3 · 1 more quiz follows; you can stop after any',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentLocation()).toBe(`/quiz-result/${ATTEMPT_ID}?next=13,14,15`);

    fireEvent.click(start);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(currentLocation()).toBe('/quiz/13/15'));
  });
});

describe("Test Yourself's marks", () => {
  it('mark the chosen option and the right one, in colour and in words', () => {
    const question = makeQuestion(1, {
      type: 'single_choice',
      options: [
        { id: 'a', text: 'Sand' },
        { id: 'b', text: 'Water' },
        { id: 'c', text: 'Paint' },
      ],
    });
    render(
      <SingleChoiceAnswer
        question={question}
        value={{ type: 'single_choice', choice: 'a' }}
        onChange={() => undefined}
        disabled
        right={{ type: 'single_choice', choice: 'b' }}
      />,
    );
    const option = (text: string) => screen.getByText(text).closest('label')!;
    expect(option('Sand').className).toContain('answer__option--wrong');
    expect(option('Sand').textContent).toContain('Your answer: wrong');
    expect(option('Water').className).toContain('answer__option--right');
    expect(option('Water').textContent).toContain('The right answer');
    expect(option('Paint').className).not.toMatch(/--right|--wrong/);
  });
});

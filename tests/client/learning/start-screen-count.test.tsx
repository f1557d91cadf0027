import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import { authState } from '../../../src/client/shell/session.ts';
import StartScreen from '../../../src/client/features/start/screens/start-screen.tsx';
import { questionCountText } from '../../../src/client/features/quiz/index.ts';
import { json, makeUser, mockFetch } from '../helpers.ts';
import { renderScreen } from '../render.tsx';
import { item } from './quiz-list-fixtures.ts';

// The adaptive diagnostic draws from a pool and asks at most 25 of it: the student is told "up to".

const diagnostic = item({
  id: 3,
  kind: 'diagnostic',
  title: 'Early Childhood Education Diagnostic',
  description: 'Up to 25 questions across the five subjects of the programme.',
  question_count: 25,
  attempts_allowed: 1,
  pass_mark: 0,
});

beforeEach(async () => {
  await clearGetCache();
  authState.user = makeUser({ taken_diagnostics: 0 });
  authState.token = 'token-abc';
});

afterEach(() => {
  authState.user = null;
  authState.token = null;
  vi.unstubAllGlobals();
});

describe('how many questions a student is told', () => {
  it('says "Up to 25 questions" for the adaptive diagnostic and the count for a quiz', () => {
    expect(questionCountText(diagnostic)).toBe('Up to 25 questions');
    expect(questionCountText(item({ question_count: 8 }))).toBe('8 questions');
    expect(questionCountText(item({ question_count: 1 }))).toBe('1 question');
  });

  it('the start screen tells the most the diagnostic asks, not a fixed count', async () => {
    mockFetch((request) =>
      request.url.includes('/api/my/assessments') ? json(200, { data: [diagnostic] }) : undefined,
    );
    renderScreen(<StartScreen />, { path: '/start' });
    expect(await screen.findByText('Up to 25 questions')).toBeTruthy();
    expect(screen.queryByText(/^25 questions$/)).toBeNull();
  });
});

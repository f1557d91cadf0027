import { describe, expect, it } from 'vitest';
import type { MyAssessment } from '../../../src/shared/contracts/assessments.ts';
import { startConfirmText } from '../../../src/client/features/quiz/assessment-state.ts';
import { stakesText } from '../../../src/client/features/quiz/start-stakes.ts';

const exam = (overrides: Partial<MyAssessment> = {}): MyAssessment => ({
  id: 7,
  kind: 'exam',
  title: 'End of term exam',
  description: '',
  question_count: 20,
  time_limit_minutes: 40,
  opens_at: null,
  closes_at: '2026-12-01T12:00:00.000Z',
  pass_mark: 60,
  attempts_allowed: 1,
  attempts_used: 0,
  extra_time: false,
  review_policy: 'after_close',
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
});

describe('the start confirmation says what is at stake', () => {
  it('an exam with one attempt, released when it closes', () => {
    expect(startConfirmText(exam())).toBe(
      'This exam has a time limit of 40 minutes. The timer starts as soon as you begin and keeps running if you leave. This is your only attempt. The answers are released when the exam closes. Start now?',
    );
  });

  it('attempts left, the last one, no limit; answers at once or never', () => {
    const quiz = (o: Partial<MyAssessment>) => startConfirmText(exam({ kind: 'quiz', ...o }));
    expect(quiz({ attempts_allowed: 3, attempts_used: 1, review_policy: 'after_submit' })).toContain(
      'You have 2 attempts left, this one included. You see the answers as soon as you submit.',
    );
    expect(quiz({ attempts_allowed: 3, attempts_used: 2 })).toContain('This is your last attempt.');
    expect(quiz({ attempts_allowed: null, review_policy: 'never' })).toMatch(
      /keeps running if you leave\. You will see your score, not the answers\. Start now\?$/,
    );
  });

  it('states the student’s own time when they have extra time', () => {
    const mine = exam({ time_limit_minutes: 60, extra_time: true });
    expect(startConfirmText(mine)).toMatch(
      /^You have 60 minutes for this exam, with your extra time\. The timer starts as soon as you begin/,
    );
    expect(stakesText(mine)).toBe('20 questions · 60 minutes, with your extra time · attempt 1 of 1');
    expect(stakesText(exam())).toBe('20 questions · 40 minutes · attempt 1 of 1');
  });
});

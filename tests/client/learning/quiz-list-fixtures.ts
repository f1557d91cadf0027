import type { MyAssessment } from '../../../src/shared/contracts/assessments.ts';

/** Quizzes as the student's list returns them, for the list, dashboard, start-gate and learning-screens tests and
 * assessment-state.test.ts. */

export function item(overrides: Partial<MyAssessment> = {}): MyAssessment {
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
    extra_time: false,
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

export const LAST = '9d2c1b0a-1111-4222-8333-444455556666';
export const QUIZZES = [
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

import type { Attempt, AttemptResult, StudentQuestion } from '../../../src/shared/contracts/attempts.ts';

export const ATTEMPT_ID = '0b6f3c1d-2e4a-4f5b-8c7d-9e0f1a2b3c4d';

export function makeQuestion(id: number, overrides: Partial<StudentQuestion> = {}): StudentQuestion {
  return {
    id,
    type: 'true_false',
    stem: `<p>Statement ${id}</p>`,
    image_url: null,
    micro_topic_id: 30 + id,
    options: [],
    left: [],
    right: [],
    ...overrides,
  };
}

export function makeAttempt(overrides: Partial<Attempt> = {}): Attempt {
  return {
    id: ATTEMPT_ID,
    kind: 'quiz',
    assessment_id: 12,
    title: 'Play and learning — Quiz',
    status: 'in_progress',
    started_at: '2025-03-01T10:00:00.000Z',
    deadline_at: null,
    submitted_at: null,
    server_now: '2025-03-01T10:00:00.000Z',
    position: 0,
    questions: [makeQuestion(101), makeQuestion(102), makeQuestion(103)],
    answers: [],
    feedback: {},
    next_question_id: 101,
    ...overrides,
  };
}

export function makeResult(overrides: Partial<AttemptResult> = {}): AttemptResult {
  return {
    attempt_id: ATTEMPT_ID,
    kind: 'quiz',
    assessment_id: 12,
    title: 'Play and learning — Quiz',
    score: 2,
    max_score: 3,
    percent: 67,
    pass_mark: 60,
    passed: true,
    started_at: '2025-03-01T10:00:00.000Z',
    submitted_at: '2025-03-01T10:12:30.000Z',
    time_taken_seconds: 750,
    auto_submitted: false,
    used_offline_grace: false,
    late_answers: 0,
    review_available: true,
    per_micro_topic: [],
    ...overrides,
  };
}

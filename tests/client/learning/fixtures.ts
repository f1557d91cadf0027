import type { Attempt, AttemptResult, StudentQuestion } from '../../../src/shared/contracts/attempts.ts';
import type { KnowledgeGraph } from '../../../src/shared/contracts/knowledge-graph.ts';

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

/** Two subjects: Play (four micro topics with questions) and Safety (First aid). */
export const GRAPH: KnowledgeGraph = {
  subjects: [
    {
      id: 1,
      name: 'Play and learning',
      description: '',
      position: 1,
      sub_topics: [
        {
          id: 10,
          subject_id: 1,
          name: 'Play',
          position: 1,
          micro_topics: [31, 32, 33, 34].map((id, i) => ({
            id,
            sub_topic_id: 10,
            name: ['Why play matters', 'Stages of play', 'Adult roles in play', 'Risky play'][i]!,
            description: '',
            position: i + 1,
            prerequisite_ids: [],
            // Risky play has no questions yet: nothing to practise there.
            question_count: id === 34 ? 0 : 5,
          })),
        },
      ],
    },
    {
      id: 2,
      name: 'Health',
      description: '',
      position: 2,
      sub_topics: [
        {
          id: 20,
          subject_id: 2,
          name: 'Safety',
          position: 1,
          micro_topics: [
            {
              id: 41,
              sub_topic_id: 20,
              name: 'First aid',
              description: '',
              position: 1,
              prerequisite_ids: [],
              question_count: 5,
            },
          ],
        },
      ],
    },
  ],
};

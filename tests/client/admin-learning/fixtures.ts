import type { Assessment } from '../../../src/shared/contracts/assessments.ts';
import type { KnowledgeGraph, MicroTopic } from '../../../src/shared/contracts/knowledge-graph.ts';
import type { Question } from '../../../src/shared/contracts/questions.ts';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';

const micro = (
  id: number,
  sub_topic_id: number,
  name: string,
  prerequisite_ids: number[] = [],
): MicroTopic => ({
  id,
  sub_topic_id,
  name,
  description: '',
  position: id,
  prerequisite_ids,
  question_count: 3,
});

/** Mathematics (Shapes, Counting ← Shapes) and Literacy (Letters ← Counting, Rhymes). */
export function makeGraph(): KnowledgeGraph {
  return {
    subjects: [
      {
        id: 1,
        name: 'Mathematics',
        description: 'Numbers and shapes.',
        position: 1,
        sub_topics: [
          {
            id: 100,
            subject_id: 1,
            name: 'Number',
            position: 1,
            micro_topics: [micro(10, 100, 'Shapes'), micro(11, 100, 'Counting', [10])],
          },
        ],
      },
      {
        id: 2,
        name: 'Literacy',
        description: '',
        position: 2,
        sub_topics: [
          {
            id: 200,
            subject_id: 2,
            name: 'Reading',
            position: 1,
            micro_topics: [micro(20, 200, 'Letters', [11]), micro(21, 200, 'Rhymes')],
          },
        ],
      },
    ],
  };
}

export function makeQuestion(overrides: Partial<Question> = {}): Question {
  return {
    id: 501,
    micro_topic_id: 11,
    micro_topic_name: 'Counting',
    sub_topic_name: 'Number',
    subject_id: 1,
    subject_name: 'Mathematics',
    type: 'single_choice',
    difficulty: 1,
    stem: '<p>How many legs has a dog?</p>',
    explanation: '',
    image_url: null,
    practice_only: false,
    content: {
      type: 'single_choice',
      options: [
        { id: 'optA', text: 'Two' },
        { id: 'optB', text: 'Four' },
      ],
      correct: ['optB'],
    },
    used_in: 0,
    updated_at: '2025-01-01T00:00:00.000Z',
    parameters: {
      slip: 0.1,
      guess: 0.5,
      dont_know_known: 0.05,
      dont_know_unknown: 0.3,
      answers: 0,
      fitted_at: null,
    },
    ...overrides,
  };
}

export function makeAssessment(overrides: Partial<Assessment> = {}): Assessment {
  return {
    id: 77,
    kind: 'quiz',
    title: 'Counting quiz',
    description: '',
    selection: 'fixed',
    question_ids: [501],
    draws: [],
    shuffle_questions: false,
    shuffle_options: false,
    time_limit_minutes: null,
    opens_at: null,
    closes_at: null,
    attempts_allowed: 1,
    pass_mark: 60,
    review_policy: 'after_submit',
    offline_grace_minutes: 10,
    school_ids: [],
    published: false,
    question_count: 1,
    attempt_count: 0,
    created_by: 1,
    updated_at: '2025-01-01T00:00:00.000Z',
    can_edit: true,
    ...overrides,
  };
}

export const listOf = <T>(data: T[]) => ({ data, meta: { total: data.length, page: 1, per_page: 20 } });

/** A fresh session of a user with the given role, with an empty GET cache. */
export async function signIn(role: 'admin' | 'teacher' = 'admin'): Promise<void> {
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  localStorage.clear();
  sessionStorage.clear();
  const user = makeUser({
    id: 1,
    email: `${role}@pathbuilder.test`,
    is_admin: role === 'admin' ? 1 : 0,
    is_teacher: role === 'teacher' ? 1 : 0,
  });
  mockFetch(loginRoute(user, 'admin-token'));
  await login({ email: user.email, password: 'pathbuilder-demo' });
}

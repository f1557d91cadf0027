import { randomUUID } from 'node:crypto';
import type { AssessmentBody } from '../../../src/shared/contracts/assessments.ts';
import type { QuestionContent, QuestionType } from '../../../src/shared/contracts/questions.ts';
import type { TestApp } from '../helpers.ts';

let n = 0;

/** A subject with one sub topic and `count` micro topics, made through the API. */
export async function createTopics(t: TestApp, admin: string, count = 2): Promise<number[]> {
  n++;
  const subject = (
    await t.request({
      method: 'POST',
      url: '/api/admin/subjects',
      token: admin,
      payload: { name: `Subject ${n} ${Date.now()}`, description: '' },
    })
  ).json().id;
  const sub = (
    await t.request({
      method: 'POST',
      url: '/api/admin/sub-topics',
      token: admin,
      payload: { subject_id: subject, name: `Sub ${n}` },
    })
  ).json().id;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/micro-topics',
      token: admin,
      payload: {
        sub_topic_id: sub,
        name: `Micro ${n}.${i} ${Date.now()}`,
        description: '',
        prerequisite_ids: [],
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    ids.push(res.json().id);
  }
  return ids;
}

/** Valid content per type; option ids are fixed so tests can answer them. */
export function contentOf(type: QuestionType): QuestionContent {
  switch (type) {
    case 'single_choice':
      return {
        type,
        options: [
          { id: 'o1', text: 'Piaget' },
          { id: 'o2', text: 'Vygotsky' },
          { id: 'o3', text: 'Erikson' },
        ],
        correct: ['o2'],
      };
    case 'multiple_choice':
      return {
        type,
        options: [
          { id: 'm1', text: 'Blocks' },
          { id: 'm2', text: 'Worksheets' },
          { id: 'm3', text: 'Sand play' },
        ],
        correct: ['m1', 'm3'],
      };
    case 'true_false':
      return { type, correct: true };
    case 'short_answer':
      return { type, accepted: ['scaffolding'] };
    case 'matching':
      return {
        type,
        pairs: [
          { left_id: 'l1', left: 'Piaget', right_id: 'rx', right: 'Stages' },
          { left_id: 'l2', left: 'Vygotsky', right_id: 'ry', right: 'ZPD' },
          { left_id: 'l3', left: 'Bowlby', right_id: 'rz', right: 'Attachment' },
        ],
      };
    case 'ordering':
      return {
        type,
        items: [
          { id: 'i1', text: 'Roll over' },
          { id: 'i2', text: 'Sit' },
          { id: 'i3', text: 'Crawl' },
          { id: 'i4', text: 'Walk' },
        ],
      };
  }
}

/** The right answer for contentOf(type). */
export function rightAnswer(type: QuestionType) {
  switch (type) {
    case 'single_choice':
      return { type, choice: 'o2' };
    case 'multiple_choice':
      return { type, choices: ['m3', 'm1'] };
    case 'true_false':
      return { type, value: true };
    case 'short_answer':
      return { type, text: '  Scaffolding! ' };
    case 'matching':
      return { type, pairs: { l1: 'rx', l2: 'ry', l3: 'rz' } };
    case 'ordering':
      return { type, order: ['i1', 'i2', 'i3', 'i4'] };
  }
}

export const EXPLANATION = 'SECRET-EXPLANATION-TEXT';

export async function createQuestion(
  t: TestApp,
  admin: string,
  microTopicId: number,
  type: QuestionType,
  extra: { practice_only?: boolean } = {},
): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: '/api/admin/questions',
    token: admin,
    payload: {
      micro_topic_id: microTopicId,
      difficulty: 2,
      stem: `<p>Question ${++n} (${type})</p>`,
      explanation: `${EXPLANATION} ${n}`,
      content: contentOf(type),
      ...extra,
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().question.id;
}

export async function createAssessment(
  t: TestApp,
  token: string,
  overrides: Partial<AssessmentBody> & Pick<AssessmentBody, 'question_ids'>,
): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: '/api/admin/assessments',
    token,
    payload: {
      kind: 'quiz',
      title: `Quiz ${++n}`,
      selection: 'fixed',
      published: true,
      attempts_allowed: 2,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().assessment.id;
}

export const newId = () => randomUUID();

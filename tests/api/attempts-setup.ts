import { QUESTION_TYPES, type QuestionType } from '../../src/shared/contracts/questions.ts';
import { createQuestion, createTopics, newId } from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { startTestApp, type DialectName, type TestApp } from './helpers.ts';

/**
 * What attempts.test.ts and attempts-review.test.ts share: the demo app, its staff and student signed in,
 * another student of the demo school and one of another school, and one question of every type.
 */
export interface AttemptsWorld {
  t: TestApp;
  admin: string;
  teacher: string;
  student: string;
  otherStudent: string;
  outsider: string;
  questionIds: Record<QuestionType, number>;
  topics: number[];
  mySchool: number;
  otherSchool: number;
}

export async function startAttemptsWorld(dialect: DialectName): Promise<AttemptsWorld> {
  const t = await startTestApp(dialect, { seed: 'demo' });
  const admin = await t.login('admin@pathbuilder.test');
  const teacher = await t.login('teacher@pathbuilder.test');
  const student = await t.login('student@pathbuilder.test');
  const schools = (
    await t.request({ method: 'GET', url: '/api/admin/schools?per_page=100', token: admin })
  ).json().data as Array<{ id: number; name: string }>;
  const mySchool = schools.find((s) => s.name.startsWith('Little Acorns'))!.id;
  const otherSchool = schools.find((s) => s.id !== mySchool)!.id;
  const o = await createUser(t, { school_id: mySchool });
  const otherStudent = await t.login(o.email, o.password);
  const out = await createUser(t, { school_id: otherSchool });
  const outsider = await t.login(out.email, out.password);
  const topics = await createTopics(t, admin, 2);
  const questionIds = {} as Record<QuestionType, number>;
  for (const type of QUESTION_TYPES)
    questionIds[type] = await createQuestion(
      t,
      admin,
      topics[type === 'ordering' || type === 'matching' ? 1 : 0]!,
      type,
    );
  return { t, admin, teacher, student, otherStudent, outsider, questionIds, topics, mySchool, otherSchool };
}

/** Starting an attempt and saving an answer, on the app `app()` gives. */
export function attemptCalls(app: () => TestApp) {
  const start = (token: string, assessmentId: number, id = newId()) =>
    app().request({
      method: 'POST',
      url: '/api/attempts',
      token,
      payload: { id, assessment_id: assessmentId },
    });
  const save = (
    token: string,
    attemptId: string,
    questionId: number,
    answer: unknown,
    answered_at = new Date().toISOString(),
  ) =>
    app().request({
      method: 'PUT',
      url: `/api/attempts/${attemptId}/answers/${questionId}`,
      token,
      payload: { answer, answered_at },
    });
  return { start, save };
}

import type { TestApp } from '../helpers.ts';
import { createAssessment, newId, rightAnswer } from './learning.ts';
import { createUser } from './users.ts';
import {
  PASSWORD,
  type Account,
  type Principal,
  type PrincipalName,
  type Side,
  type SideObjects,
} from './world-types.ts';

/** The parts buildWorld (principals.ts) puts together, each made through the API where one exists. */

export const must = async <T = unknown>(
  res: { statusCode: number; body: string; json(): unknown },
  what: string,
): Promise<T> => {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
};

export const accountOf = async (t: TestApp, token: string): Promise<Account> => {
  const { user } = (await must(
    await t.request({ method: 'GET', url: '/api/refresh', token }),
    'refresh',
  )) as {
    user: Account;
  };
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    school_id: user.school_id,
    location_id: user.location_id,
  };
};

/** A published quiz (or not) of one question, aimed only at one school, with unlimited attempts. */
export const quizMaker =
  (t: TestApp, adminToken: string, unique: (prefix: string) => string) =>
  (school: number, question: number, published = true) =>
    createAssessment(t, adminToken, {
      title: unique('Matrix quiz'),
      question_ids: [question],
      school_ids: [school],
      attempts_allowed: null,
      published,
    });

export const attemptStarter = (t: TestApp) => async (token: string, assessmentId: number) =>
  (
    (await must(
      await t.request({
        method: 'POST',
        url: '/api/attempts',
        token,
        payload: { id: newId(), assessment_id: assessmentId },
      }),
      `start an attempt at ${assessmentId}`,
    )) as { id: string }
  ).id;

/** A side's assessments and its student's attempts: one in progress, one submitted. */
export async function buildSide(
  t: TestApp,
  make: {
    quizFor: ReturnType<typeof quizMaker>;
    startAttempt: ReturnType<typeof attemptStarter>;
    studentToken: string;
  },
  s: Side,
  school: SideObjects['school'],
  student: Account,
  teacher: Account,
  question: number,
  microTopic: number,
): Promise<SideObjects> {
  const { quizFor, startAttempt } = make;
  const assessments = {
    take: await quizFor(school.id, question),
    submit: await quizFor(school.id, question),
    done: await quizFor(school.id, question),
    edit: await quizFor(school.id, question, false),
  };
  const token = make.studentToken;
  const openAttempt = await startAttempt(token, assessments.take);
  const submittedAttempt = await startAttempt(token, assessments.done);
  await must(
    await t.request({
      method: 'PUT',
      url: `/api/attempts/${submittedAttempt}/answers/${question}`,
      token,
      payload: { answer: rightAnswer('true_false'), answered_at: new Date().toISOString() },
    }),
    'answer',
  );
  await must(
    await t.request({
      method: 'POST',
      url: `/api/attempts/${submittedAttempt}/submit`,
      token,
      payload: {},
    }),
    'submit',
  );
  return {
    side: s,
    school,
    student,
    teacher,
    question,
    microTopic,
    assessments,
    openAttempt,
    submittedAttempt,
  };
}

/** Two unseen notifications for every signed-in principal (the demo student has some already). */
export async function addNotifications(
  t: TestApp,
  principals: Record<PrincipalName, Principal>,
): Promise<Map<number, number[]>> {
  const notifications = new Map<number, number[]>();
  for (const p of Object.values(principals)) {
    if (!p.account) continue;
    const ids: number[] = [];
    for (const title of ['Matrix notice one', 'Matrix notice two']) {
      const row = await t.ctx.db
        .insertInto('notifications')
        .values({
          user_id: p.account.id,
          title,
          body: `For ${p.name}`,
          link: null,
          seen: 0,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    notifications.set(p.account.id, ids);
  }
  return notifications;
}

/** Knowledge-graph objects for the admin-only routes to rename, move and delete. */
export async function knowledgeGraph(t: TestApp, adminToken: string, unique: (prefix: string) => string) {
  const createdId = async (res: Awaited<ReturnType<TestApp['request']>>, what: string) =>
    ((await must(res, what)) as { id: number }).id;
  const post = (url: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url, token: adminToken, payload });
  const freshSubject = async () =>
    createdId(
      await post('/api/admin/subjects', { name: unique('Matrix subject'), description: '' }),
      'subject',
    );
  const kgSubject = await freshSubject();
  const freshSubTopic = async () =>
    createdId(
      await post('/api/admin/sub-topics', { subject_id: kgSubject, name: unique('Matrix sub topic') }),
      'sub topic',
    );
  const kgSubTopic = await freshSubTopic();
  const freshMicroTopic = async () =>
    createdId(
      await post('/api/admin/micro-topics', {
        sub_topic_id: kgSubTopic,
        name: unique('Matrix micro topic'),
        description: '',
        prerequisite_ids: [],
      }),
      'micro topic',
    );
  const kg = { subject: kgSubject, subTopic: kgSubTopic, microTopic: await freshMicroTopic() };
  return { kg, freshSubject, freshSubTopic, freshMicroTopic };
}

/** School requests: a new student with no school asks, through their account, to join the side's school. */
export const schoolRequester =
  (t: TestApp, adminToken: string, sides: Record<Side, SideObjects>) =>
  async (s: Side): Promise<number> => {
    const { school } = sides[s];
    const asker = await createUser(t, { password: PASSWORD, full_name: 'Asking Student' });
    const token = await t.login(asker.email, PASSWORD);
    await must(
      await t.request({
        method: 'PUT',
        url: `/api/user/${asker.id}`,
        token,
        payload: {
          full_name: 'Asking Student',
          email: asker.email,
          location_id: school.location_id,
          school_id: school.id,
        },
      }),
      'ask to join a school',
    );
    const { data } = (await must(
      await t.request({
        method: 'GET',
        url: '/api/admin/school-requests',
        token: adminToken,
        query: { per_page: '100' },
      }),
      'list school requests',
    )) as { data: Array<{ id: number; user_id: number; school_id: number }> };
    const request = data.find((r) => r.user_id === asker.id && r.school_id === school.id);
    if (!request) throw new Error(`no school request from user ${asker.id}`);
    return request.id;
  };

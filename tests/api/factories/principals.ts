import type { DialectName, TestApp } from '../helpers.ts';
import { startTestApp } from '../helpers.ts';
import { createAssessment, createQuestion, createTopics, newId, rightAnswer } from './learning.ts';
import { createUser } from './users.ts';

/**
 * Two schools side by side, for authorization tests: side A is the demo school (Little Acorns, with the demo
 * teacher and student), side B a school made here with a teacher and a student of its own. Each side has the
 * objects a route can name: a student, a school, a question, assessments aimed only at that school, an
 * attempt in progress and a submitted one, notifications.
 */

export const PASSWORD = 'pathbuilder-demo';

export type PrincipalName =
  'anonymous' | 'student' | 'foreignStudent' | 'teacher' | 'foreignTeacher' | 'admin';
/** In the order of the matrix's columns. */
export const PRINCIPALS: readonly PrincipalName[] = [
  'anonymous',
  'student',
  'foreignStudent',
  'teacher',
  'foreignTeacher',
  'admin',
];
export type Role = 'anonymous' | 'student' | 'teacher' | 'admin';
export type Side = 'A' | 'B';
export const otherSide = (s: Side): Side => (s === 'A' ? 'B' : 'A');

export interface Account {
  id: number;
  email: string;
  full_name: string;
  school_id: number | null;
  location_id: number | null;
}

export interface Principal {
  name: PrincipalName;
  role: Role;
  /** The side whose objects are this principal's "own". */
  home: Side;
  account: Account | null;
  token: string | null;
  /** Whose user id is "another's" for the self-service routes (/api/user/:id, notifications). */
  counterpart: PrincipalName;
}

export interface SideObjects {
  side: Side;
  school: { id: number; name: string; location_id: number };
  student: Account;
  teacher: Account;
  /** A true/false question used by this side's assessments. */
  question: number;
  microTopic: number;
  /** Published quizzes aimed only at this side's school, unlimited attempts. */
  assessments: { take: number; submit: number; done: number; edit: number };
  /** The side's student's attempt at `take`, in progress. */
  openAttempt: string;
  /** The side's student's attempt at `done`, submitted. */
  submittedAttempt: string;
}

export interface World {
  t: TestApp;
  dialect: DialectName;
  adminToken: string;
  principals: Record<PrincipalName, Principal>;
  sides: Record<Side, SideObjects>;
  /** A micro topic whose only question is in no assessment, for Test Yourself. */
  practiceMicroTopic: number;
  /** The notification ids made for each user id. */
  notifications: Map<number, number[]>;
  /** The schools each teacher principal teaches. */
  teacherSchools: (p: Principal) => number[];
  /** A new session for a principal (for routes that end the session they are called with). */
  freshToken: (p: Principal) => Promise<string>;
  /** The side's student's attempt at the side's `submit` quiz, in progress (started when there is none). */
  attemptToSubmit: (side: Side) => Promise<string>;
  /** A new unpublished quiz aimed at the side's school, nobody has attempted (for deletes). */
  freshAssessment: (side: Side) => Promise<number>;
  /** A subject, a sub topic under it and a micro topic under that, for the admin's knowledge-graph routes. */
  kg: { subject: number; subTopic: number; microTopic: number };
  freshSubject: () => Promise<number>;
  freshSubTopic: () => Promise<number>;
  freshMicroTopic: () => Promise<number>;
  freshQuestion: () => Promise<number>;
  /** A new student with no school asks to join the side's school; the pending request's id. */
  freshSchoolRequest: (side: Side) => Promise<number>;
  unique: (prefix: string) => string;
}

let seq = 0;

export async function buildWorld(dialect: DialectName): Promise<World> {
  const t = await startTestApp(dialect, { seed: 'demo' });
  const unique = (prefix: string) => `${prefix} ${++seq} ${Date.now().toString(36)}`;
  const must = async <T = unknown>(
    res: { statusCode: number; body: string; json(): unknown },
    what: string,
  ): Promise<T> => {
    if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  const accountOf = async (token: string): Promise<Account> => {
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

  const adminToken = await t.login('admin@pathbuilder.test', PASSWORD);
  const teacherToken = await t.login('teacher@pathbuilder.test', PASSWORD);
  const studentToken = await t.login('student@pathbuilder.test', PASSWORD);
  const admin = await accountOf(adminToken);
  const teacherA = await accountOf(teacherToken);
  const studentA = await accountOf(studentToken);
  if (!studentA.school_id || !studentA.location_id) throw new Error('the demo student has no school');

  // School A is the demo student's; school B is new, in another location.
  const schoolA = await t.app.inject({ method: 'GET', url: '/api/lookups/schools' });
  const schoolAName = (schoolA.json() as { data: Array<{ id: number; name: string }> }).data.find(
    (s) => s.id === studentA.school_id,
  )!.name;
  const locations = (
    (await t.app.inject({ method: 'GET', url: '/api/lookups/locations' })).json() as {
      data: Array<{ id: number }>;
    }
  ).data;
  const locationB = locations.find((l) => l.id !== studentA.location_id)?.id ?? studentA.location_id;
  const schoolBName = unique('Matrix Forest School');
  const schoolB = (
    (await must(
      await t.request({
        method: 'POST',
        url: '/api/admin/schools',
        token: adminToken,
        payload: { name: schoolBName, location_id: locationB },
      }),
      'create school B',
    )) as { school: { id: number } }
  ).school.id;

  const studentB0 = await createUser(t, {
    password: PASSWORD,
    full_name: 'Foreign Student',
    school_id: schoolB,
    location_id: locationB,
    taken_diagnostics: 1,
  });
  const teacherB0 = await createUser(t, { password: PASSWORD, full_name: 'Foreign Teacher', is_teacher: 1 });
  await t.ctx.db
    .insertInto('teacher_schools')
    .values({ user_id: teacherB0.id, school_id: schoolB })
    .execute();
  const studentBToken = await t.login(studentB0.email, PASSWORD);
  const teacherBToken = await t.login(teacherB0.email, PASSWORD);
  const studentB = await accountOf(studentBToken);
  const teacherB = await accountOf(teacherBToken);

  // Questions: one per side, and one for practice that no assessment holds.
  const [mtA, mtB, mtPractice] = await createTopics(t, adminToken, 3);
  const questionA = await createQuestion(t, adminToken, mtA!, 'true_false');
  const questionB = await createQuestion(t, adminToken, mtB!, 'true_false');
  await createQuestion(t, adminToken, mtPractice!, 'true_false');

  const quizFor = (school: number, question: number, published = true) =>
    createAssessment(t, adminToken, {
      title: unique('Matrix quiz'),
      question_ids: [question],
      school_ids: [school],
      attempts_allowed: null,
      published,
    });

  const startAttempt = async (token: string, assessmentId: number) =>
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

  const studentTokens: Record<Side, string> = { A: studentToken, B: studentBToken };

  async function side(
    s: Side,
    school: SideObjects['school'],
    student: Account,
    teacher: Account,
    question: number,
    microTopic: number,
  ): Promise<SideObjects> {
    const assessments = {
      take: await quizFor(school.id, question),
      submit: await quizFor(school.id, question),
      done: await quizFor(school.id, question),
      edit: await quizFor(school.id, question, false),
    };
    const token = studentTokens[s];
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

  const sides: Record<Side, SideObjects> = {
    A: await side(
      'A',
      { id: studentA.school_id, name: schoolAName, location_id: studentA.location_id },
      studentA,
      teacherA,
      questionA,
      mtA!,
    ),
    B: await side(
      'B',
      { id: schoolB, name: schoolBName, location_id: locationB },
      studentB,
      teacherB,
      questionB,
      mtB!,
    ),
  };

  const principals: Record<PrincipalName, Principal> = {
    anonymous: {
      name: 'anonymous',
      role: 'anonymous',
      home: 'A',
      account: null,
      token: null,
      counterpart: 'foreignStudent',
    },
    student: {
      name: 'student',
      role: 'student',
      home: 'A',
      account: studentA,
      token: studentToken,
      counterpart: 'foreignStudent',
    },
    foreignStudent: {
      name: 'foreignStudent',
      role: 'student',
      home: 'B',
      account: studentB,
      token: studentBToken,
      counterpart: 'student',
    },
    teacher: {
      name: 'teacher',
      role: 'teacher',
      home: 'A',
      account: teacherA,
      token: teacherToken,
      counterpart: 'foreignTeacher',
    },
    foreignTeacher: {
      name: 'foreignTeacher',
      role: 'teacher',
      home: 'B',
      account: teacherB,
      token: teacherBToken,
      counterpart: 'teacher',
    },
    admin: {
      name: 'admin',
      role: 'admin',
      home: 'A',
      account: admin,
      token: adminToken,
      counterpart: 'teacher',
    },
  };

  // Two unseen notifications for every signed-in principal (the demo student has some already).
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

  const teacherSchoolRows = await t.ctx.db
    .selectFrom('teacher_schools')
    .select(['user_id', 'school_id'])
    .execute();

  const createdId = async (res: Awaited<ReturnType<TestApp['request']>>, what: string) =>
    ((await must(res, what)) as { id: number }).id;
  const post = (url: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url, token: adminToken, payload });
  // Knowledge-graph objects for the admin-only routes to rename, move and delete.
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

  // School requests: a new student with no school asks, through their account, to join the side's school.
  async function freshSchoolRequest(s: Side): Promise<number> {
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
  }
  // One pending request per school stays open, so the list has something of each side to hide.
  await freshSchoolRequest('A');
  await freshSchoolRequest('B');

  return {
    t,
    dialect,
    freshSchoolRequest,
    adminToken,
    principals,
    sides,
    practiceMicroTopic: mtPractice!,
    notifications,
    teacherSchools: (p) =>
      p.account ? teacherSchoolRows.filter((r) => r.user_id === p.account!.id).map((r) => r.school_id) : [],
    freshToken: (p) => t.login(p.account!.email, PASSWORD),
    attemptToSubmit: (s) => startAttempt(studentTokens[s], sides[s].assessments.submit),
    freshAssessment: (s) => quizFor(sides[s].school.id, sides[s].question, false),
    kg,
    freshSubject,
    freshSubTopic,
    freshMicroTopic,
    freshQuestion: () => createQuestion(t, adminToken, kg.microTopic, 'true_false'),
    unique,
  };
}

import type { DialectName } from '../helpers.ts';
import { startTestApp } from '../helpers.ts';
import { createQuestion, createTopics } from './learning.ts';
import { createUser } from './users.ts';
import {
  accountOf as accountWith,
  addNotifications,
  attemptStarter,
  buildSide,
  knowledgeGraph,
  must,
  quizMaker,
  schoolRequester,
} from './world-parts.ts';
import {
  PASSWORD,
  type Account,
  type Principal,
  type PrincipalName,
  type Side,
  type SideObjects,
  type World,
} from './world-types.ts';

// The world's types and names live in world-types.ts, its parts in world-parts.ts; the tests import them here.
export { otherSide, PASSWORD, PRINCIPALS } from './world-types.ts';
export type { Account, Principal, PrincipalName, Role, Side, SideObjects, World } from './world-types.ts';

/**
 * Two schools side by side, for authorization tests (world-types.ts says what each side holds), on a fresh
 * app with the demo seed.
 */

let seq = 0;

export async function buildWorld(dialect: DialectName): Promise<World> {
  const t = await startTestApp(dialect, { seed: 'demo' });
  const unique = (prefix: string) => `${prefix} ${++seq} ${Date.now().toString(36)}`;
  const accountOf = (token: string) => accountWith(t, token);

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
  const quizFor = quizMaker(t, adminToken, unique);
  const startAttempt = attemptStarter(t);
  const studentTokens: Record<Side, string> = { A: studentToken, B: studentBToken };
  const side = (s: Side, ...rest: [SideObjects['school'], Account, Account, number, number]) =>
    buildSide(t, { quizFor, startAttempt, studentToken: studentTokens[s] }, s, ...rest);

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

  const notifications = await addNotifications(t, principals);

  const teacherSchoolRows = await t.ctx.db
    .selectFrom('teacher_schools')
    .select(['user_id', 'school_id'])
    .execute();

  const { kg, freshSubject, freshSubTopic, freshMicroTopic } = await knowledgeGraph(t, adminToken, unique);

  const freshSchoolRequest = schoolRequester(t, adminToken, sides);
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

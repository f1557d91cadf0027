import { expect } from 'vitest';
import { createUser } from './factories/users.ts';
import { startTestApp, type DialectName, type TestApp } from './helpers.ts';

/**
 * What the announcements*.test.ts files share: the demo app with a second school, a student and a teacher
 * of each, an inactive student, and the calls the tests make.
 */

const PASSWORD = 'pathbuilder-demo';

export interface AnnouncementsWorld {
  t: TestApp;
  admin: string;
  teacher: string;
  studentA: string;
  studentB: string;
  teacherB: string;
  schoolA: number;
  schoolB: number;
}

export async function startAnnouncements(dialect: DialectName): Promise<AnnouncementsWorld> {
  // These tests write more than an author's hourly allowance; the limit has its own (announcement-limit.test.ts).
  const t = await startTestApp(dialect, { seed: 'demo', announcementsPerHour: 1000 });
  const admin = await t.login('admin@pathbuilder.test');
  const teacher = await t.login('teacher@pathbuilder.test');
  const studentA = await t.login('student@pathbuilder.test');
  const schoolA = (await t.request({ method: 'GET', url: '/api/refresh', token: studentA })).json().user
    .school_id;
  const location = (await t.request({ method: 'GET', url: '/api/lookups/locations' })).json().data[0].id;
  const schoolB = (
    await t.request({
      method: 'POST',
      url: '/api/admin/schools',
      token: admin,
      payload: { name: 'Announcement Test Nursery', location_id: location },
    })
  ).json().school.id;
  const sb = await createUser(t, { password: PASSWORD, school_id: schoolB, location_id: location });
  const studentB = await t.login(sb.email, PASSWORD);
  const tb = await createUser(t, { password: PASSWORD, is_teacher: 1 });
  await t.ctx.db.insertInto('teacher_schools').values({ user_id: tb.id, school_id: schoolB }).execute();
  const teacherB = await t.login(tb.email, PASSWORD);
  // Inactive students are not told anything.
  await createUser(t, { school_id: schoolA, location_id: location, is_active: 0 });
  return { t, admin, teacher, studentA, studentB, teacherB, schoolA, schoolB };
}

/** Calls on the app `app()` gives. */
export function announcementCalls(app: () => TestApp) {
  const realNow = () => new Date();
  let seq = 0;
  const unique = (what: string) => `${what} ${++seq}`;

  const post = (token: string, payload: Record<string, unknown>) =>
    app().request({ method: 'POST', url: '/api/admin/announcements', token, payload });
  const write = async (token: string, payload: Record<string, unknown>) => {
    const res = await post(token, { body: '<p>Read me.</p>', ...payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().announcement as { id: number; title: string; status: string; body: string };
  };
  const currentTitles = async (token: string) =>
    (
      (await app().request({ method: 'GET', url: '/api/announcements/current', token })).json()
        .data as Array<{
        title: string;
      }>
    ).map((a) => a.title);
  /** How many notifications carry this title, across every user. */
  const notified = async (title: string) =>
    Number(
      (
        await app()
          .ctx.db.selectFrom('notifications')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('title', '=', title)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const activeStudents = async (schoolId?: number) => {
    let q = app()
      .ctx.db.selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('is_admin', '=', 0)
      .where('is_teacher', '=', 0)
      .where('is_active', '=', 1);
    if (schoolId !== undefined) q = q.where('school_id', '=', schoolId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  return { realNow, unique, post, write, currentTitles, notified, activeStudents };
}

import { expect } from 'vitest';
import type { ContentItem, LectureSummary } from '../../src/shared/contracts/content.ts';
import { createUser } from './factories/users.ts';
import { startTestApp, type DialectName, type TestApp } from './helpers.ts';

/** The world of content.test.ts: the demo app, a second school, a teacher and a student of each. */

export type Who = { id: number; token: string };

export interface ContentWorld {
  t: TestApp;
  admin: Who;
  teacher: Who;
  otherTeacher: Who;
  student: Who;
  otherStudent: Who;
  schoolA: number;
  schoolB: number;
  microTopic: number;
}

export async function startContent(dialect: DialectName): Promise<ContentWorld> {
  const t = await startTestApp(dialect, { seed: 'demo' });
  const { login } = contentCalls(() => ({ t, microTopic: 0 }));
  const admin = await login('admin@pathbuilder.test');
  const teacher = await login('teacher@pathbuilder.test');
  const me = (
    await t.request({
      method: 'GET',
      url: '/api/refresh',
      token: await t.login('student@pathbuilder.test'),
    })
  ).json().user;
  const schoolA = me.school_id;
  const schoolB = (
    await t.request({
      method: 'POST',
      url: '/api/admin/schools',
      token: admin.token,
      payload: { name: 'Content Test Forest School', location_id: me.location_id },
    })
  ).json().school.id;
  const other = await createUser(t, { is_teacher: 1 });
  await t.ctx.db.insertInto('teacher_schools').values({ user_id: other.id, school_id: schoolB }).execute();
  const otherTeacher = await login(other.email, other.password);
  const s1 = await createUser(t, { school_id: schoolA, taken_diagnostics: 1 });
  const student = await login(s1.email, s1.password);
  const s2 = await createUser(t, { school_id: schoolB, taken_diagnostics: 1 });
  const otherStudent = await login(s2.email, s2.password);
  const microTopic = (await t.ctx.db.selectFrom('micro_topics').select('id').executeTakeFirstOrThrow()).id;
  return { t, admin, teacher, otherTeacher, student, otherStudent, schoolA, schoolB, microTopic };
}

/** Calls on the app `app()` gives; a lecture's body names its micro topic. */
export function contentCalls(app: () => { t: TestApp; microTopic: number }) {
  const login = async (email: string, password = 'pathbuilder-demo'): Promise<Who> => {
    const token = await app().t.login(email, password);
    const { user } = (await app().t.request({ method: 'GET', url: '/api/refresh', token })).json();
    return { id: user.id, token };
  };
  const post = (who: Who, kind: string, payload: Record<string, unknown>) =>
    app().t.request({ method: 'POST', url: `/api/admin/content/${kind}`, token: who.token, payload });
  const lectureBody = (extra: Record<string, unknown> = {}) => ({
    title: 'Why toddlers bite',
    summary: 'What biting says and how to answer it.',
    body_html: '<p>Biting is <strong>communication</strong>.</p>',
    published: true,
    school_ids: [],
    micro_topic_ids: [app().microTopic],
    ...extra,
  });
  const created = async (who: Who, kind: string, payload: Record<string, unknown>) => {
    const res = await post(who, kind, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().item as ContentItem;
  };
  const lectures = async (who: Who) =>
    (await app().t.request({ method: 'GET', url: '/api/lectures', token: who.token })).json()
      .data as LectureSummary[];
  const count = async () =>
    Number(
      (
        await app()
          .t.ctx.db.selectFrom('content_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { login, post, lectureBody, created, lectures, count };
}

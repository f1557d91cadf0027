import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { LiveMessage, LiveSession } from '../../src/shared/contracts/live.ts';
import { createUser } from './factories/users.ts';
import { startTestApp, type DialectName, type TestApp } from './helpers.ts';

/**
 * What the live*.test.ts files share: the demo app with a second school, its staff and students signed in,
 * and the calls the tests make.
 */

export type Who = { id: number; token: string };

export interface LiveWorld {
  t: TestApp;
  admin: Who;
  teacherA: Who;
  teacherB: Who;
  studentA: Who;
  studentA2: Who;
  studentB: Who;
  schoolA: number;
  schoolB: number;
}

export async function startLive(dialect: DialectName): Promise<LiveWorld> {
  const t = await startTestApp(dialect, { seed: 'demo' });
  const { login, get } = liveCalls(() => t);
  const admin = await login('admin@pathbuilder.test');
  const teacherA = await login('teacher@pathbuilder.test');
  const studentA = await login('student@pathbuilder.test');
  const me = (await get(studentA, '/api/refresh')).json().user;
  const schoolA = me.school_id;
  const schoolB = (
    await t.request({
      method: 'POST',
      url: '/api/admin/schools',
      token: admin.token,
      payload: { name: 'Live Test Forest School', location_id: me.location_id },
    })
  ).json().school.id;
  const tb = await createUser(t, { is_teacher: 1, full_name: 'Bea Other-Teacher' });
  await t.ctx.db.insertInto('teacher_schools').values({ user_id: tb.id, school_id: schoolB }).execute();
  const teacherB = await login(tb.email, tb.password);
  const sa2 = await createUser(t, { school_id: schoolA, taken_diagnostics: 1, full_name: 'Robin Park' });
  const studentA2 = await login(sa2.email, sa2.password);
  const sb = await createUser(t, { school_id: schoolB, taken_diagnostics: 1, full_name: 'Kai B' });
  const studentB = await login(sb.email, sb.password);
  return { t, admin, teacherA, teacherB, studentA, studentA2, studentB, schoolA, schoolB };
}

/** Calls on the app `app()` gives. */
export function liveCalls(app: () => TestApp) {
  const login = async (email: string, password = 'pathbuilder-demo'): Promise<Who> => {
    const token = await app().login(email, password);
    const { user } = (await app().request({ method: 'GET', url: '/api/refresh', token })).json();
    return { id: user.id, token };
  };
  const get = (who: Who, url: string) => app().request({ method: 'GET', url, token: who.token });
  const post = (who: Who, id: number, body: string, clientId: string = randomUUID()) =>
    app().request({
      method: 'POST',
      url: `/api/live-discussions/${id}/messages`,
      token: who.token,
      payload: { client_id: clientId, body },
    });
  const posted = async (who: Who, id: number, body: string) => {
    const res = await post(who, id, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().message as LiveMessage;
  };
  const remove = (who: Who, id: number, messageId: number) =>
    app().request({
      method: 'DELETE',
      url: `/api/live-discussions/${id}/messages/${messageId}`,
      token: who.token,
    });
  const listed = async (who: Who) => (await get(who, '/api/live-discussions')).json().data as LiveSession[];
  const messageCount = async (id: number) =>
    Number(
      (
        await app()
          .ctx.db.selectFrom('live_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('content_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { login, get, post, posted, remove, listed, messageCount };
}

import { expect } from 'vitest';
import { startTestApp, type DialectName, type TestApp } from './helpers.ts';

/** What the account-abuse-*.test.ts files share: one app on the demo seed, its schools, its staff's tokens. */

export const TOO_COMMON = 'This password is too common. Choose a less predictable one.';
export const TAKEN = 'The email has already been taken.';

// Every test speaks from addresses of its own (documentation ranges; inject sends nothing anywhere), so
// one test's counters never throttle another.
let lastAddress = 0;
export const freshAddress = () => {
  lastAddress++;
  return `198.51.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};
let lastEmail = 0;
export const freshEmail = (what = 'abuse') => `${what}.${++lastEmail}.${Date.now()}@example.test`;

export interface School {
  id: number;
  name: string;
  location_id: number;
}
export interface AbuseApp {
  t: TestApp;
  schools: { acorns: School; riverside: School };
  tokens: { admin: string; teacher: string };
}

export async function startAbuseApp(dialect: DialectName): Promise<AbuseApp> {
  const t = await startTestApp(dialect, { seed: 'demo' });
  const all = (await t.request({ method: 'GET', url: '/api/lookups/schools' })).json().data as School[];
  const schools = {
    acorns: all.find((s) => s.name.startsWith('Little Acorns'))!,
    riverside: all.find((s) => s.name.startsWith('Riverside Institute'))!,
  };
  const tokens = {
    admin: await t.login('admin@pathbuilder.test'),
    teacher: await t.login('teacher@pathbuilder.test'),
  };
  return { t, schools, tokens };
}

/** Calls on the app `app()` gives (the one a suite's beforeAll started). */
export function abuseHelpers(app: () => Pick<AbuseApp, 't' | 'schools'>) {
  const register = (payload: Record<string, unknown>, remoteAddress = freshAddress()) =>
    app().t.request({
      method: 'POST',
      url: '/api/register',
      remoteAddress,
      payload: {
        full_name: 'Robin Park',
        email: freshEmail('register'),
        password: 'little-acorns-2026',
        password_confirmation: 'little-acorns-2026',
        location_id: app().schools.acorns.location_id,
        school_id: app().schools.acorns.id,
        ...payload,
      },
    });
  const login = (email: string, password: string, remoteAddress: string) =>
    app().t.request({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
  const tokenOf = async (email: string, password: string) =>
    (await login(email, password, freshAddress())).json().access_token as string;
  const me = async (token: string) =>
    (await app().t.request({ method: 'GET', url: '/api/refresh', token })).json().user as Record<
      string,
      unknown
    >;
  const examTitles = async (token: string) =>
    (
      (await app().t.request({ method: 'GET', url: '/api/my/assessments?kind=exam', token })).json()
        .data as Array<{
        title: string;
      }>
    ).map((e) => e.title);
  const requests = async (token: string, status = 'pending') => {
    const res = await app().t.request({
      method: 'GET',
      url: `/api/admin/school-requests?status=${status}`,
      token,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as Array<{
      id: number;
      email: string;
      school_id: number;
      current_school_id: number | null;
      current_school_name: string | null;
    }>;
  };
  const decide = (id: number, verdict: 'approve' | 'deny', token: string) =>
    app().t.request({ method: 'POST', url: `/api/admin/school-requests/${id}/${verdict}`, token });
  const notificationTitles = async (token: string, userId: number) =>
    (
      (
        await app().t.request({ method: 'GET', url: `/api/usernotifications?user_id=${userId}`, token })
      ).json().data as Array<{ title: string; body: string }>
    ).map((n) => `${n.title}: ${n.body}`);
  const schoolOf = async (id: number) =>
    (
      await app()
        .t.ctx.db.selectFrom('users')
        .select(['school_id', 'location_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).school_id;
  const countUsers = async () =>
    Number(
      (
        await app()
          .t.ctx.db.selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    register,
    login,
    tokenOf,
    me,
    examTitles,
    requests,
    decide,
    notificationTitles,
    schoolOf,
    countUsers,
  };
}

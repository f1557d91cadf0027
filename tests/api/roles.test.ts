import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/** Back office: the admin subtree, or routes only staff may call. */
const isBackOffice = (r: { url: string; access: unknown }) =>
  r.url.startsWith('/api/admin/') || (Array.isArray(r.access) && !r.access.includes('student'));

describe.each(dialects)('role enforcement over every route (%s)', (dialect) => {
  let t: TestApp;
  let tokens: Record<'admin' | 'teacher' | 'student', string>;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    tokens = {
      admin: await t.login('admin@pathbuilder.test'),
      teacher: await t.login('teacher@pathbuilder.test'),
      student: await t.login('student@pathbuilder.test'),
    };
  });
  afterAll(() => t.close());

  const call = (route: { method: string; url: string }, token?: string) =>
    t.request({
      method: route.method as 'GET',
      url: route.url.replaceAll(':id', '1'),
      token,
      ...(route.method === 'GET' ? {} : { payload: {} }),
    });

  it('has back-office routes to check', () => {
    expect(t.routes.filter((r) => Array.isArray(r.access)).length).toBeGreaterThanOrEqual(8);
  });

  it('refuses a visitor without a token on every route that is not public', async () => {
    for (const route of t.routes.filter((r) => r.access !== 'public')) {
      const res = await call(route);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
    }
  });

  it('refuses a student on every back-office route with 403', async () => {
    const backOffice = t.routes.filter(isBackOffice);
    for (const route of backOffice) {
      const res = await call(route, tokens.student);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });

  it('refuses a teacher on every admin-only route with 403', async () => {
    const adminOnly = t.routes.filter((r) => Array.isArray(r.access) && !r.access.includes('teacher'));
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const route of adminOnly) {
      const res = await call(route, tokens.teacher);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });

  it('lets the admin through every back-office route (no 401/403)', async () => {
    for (const route of t.routes.filter(isBackOffice)) {
      const res = await call(route, tokens.admin);
      expect([401, 403]).not.toContain(res.statusCode);
    }
  });

  it('refuses staff on the student-only routes (taking assessments)', async () => {
    const studentOnly = t.routes.filter(
      (r) => Array.isArray(r.access) && r.access.length === 1 && r.access[0] === 'student',
    );
    expect(studentOnly.length).toBeGreaterThan(3);
    for (const route of studentOnly) {
      expect((await call(route, tokens.teacher)).statusCode).toBe(403);
    }
  });

  it('declares a response schema on every route that reads, except file downloads (the others answer 204)', () => {
    for (const route of t.routes) {
      expect(route.summary.length).toBeGreaterThan(5);
      // A download streams the file's own bytes; every other read answers JSON through its contract.
      if (route.method === 'GET' && !route.sendsReply)
        expect(route.response, `${route.method} ${route.url}`).toBeDefined();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

const STUDENT = 'student@pathbuilder.test';

// Signing in and out. Registration and verification: auth-registration.test.ts; passwords and the own
// account: auth-passwords.test.ts.
describe.each(dialects)('auth (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
  });
  afterAll(() => t.close());

  describe('login', () => {
    it('returns a token and the user, never the password hash', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: STUDENT, password: 'pathbuilder-demo' },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user).toMatchObject({
        email: STUDENT,
        full_name: 'Sam Rivera',
        is_admin: 0,
        is_teacher: 0,
        taken_diagnostics: 1,
      });
      expect(res.body).not.toContain('password');
      expect(res.body).not.toContain('argon2id');
    });

    it('keeps only a hash of the token, and remember-me lives 30 days instead of 12 hours', async () => {
      const session = async (remember: boolean) => {
        const res = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: STUDENT, password: 'pathbuilder-demo', remember },
        });
        const token = res.json().access_token as string;
        const rows = await t.ctx.db
          .selectFrom('sessions')
          .selectAll()
          .where('token_hash', '=', token)
          .execute();
        expect(rows).toHaveLength(0);
        const newest = await t.ctx.db
          .selectFrom('sessions')
          .selectAll()
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        return (Date.parse(newest.expires_at) - Date.now()) / 3600_000;
      };
      expect(await session(true)).toBeGreaterThan(24 * 29.9);
      const hours = await session(false);
      expect(hours).toBeGreaterThan(11.9);
      expect(hours).toBeLessThanOrEqual(12);
    });

    it('refuses a wrong password and an unknown e-mail with the same message', async () => {
      const wrong = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'teacher@pathbuilder.test', password: 'nope-nope' },
      });
      const unknown = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ghost@pathbuilder.test', password: 'nope-nope' },
      });
      expect(wrong.statusCode).toBe(422);
      expect(unknown.statusCode).toBe(422);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().errors.email).toEqual(['These credentials do not match our records.']);
    });

    it('throttles ten wrong passwords in a row with 429 and Retry-After, even for the right password then', async () => {
      const victim = await createUser(t);
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 10; i++) {
        const res = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: victim.email, password: `guess-${i}` },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) retryAfter = res.headers['retry-after'] as string;
      }
      expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
      expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      const right = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: victim.email, password: victim.password },
      });
      expect(right.statusCode).toBe(429);
    });

    it('refuses a deactivated account', async () => {
      const u = await createUser(t, { is_active: 0 });
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.email, password: u.password },
      });
      expect(res.statusCode).toBe(422);
    });
  });

  describe('refresh and logout', () => {
    it('returns the user for a valid token and 401 without one or with a forged one', async () => {
      const token = await t.login(STUDENT);
      const ok = await t.request({ method: 'GET', url: '/api/refresh', token });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.email).toBe(STUDENT);
      expect((await t.request({ method: 'GET', url: '/api/refresh' })).statusCode).toBe(401);
      const forged = await t.request({ method: 'GET', url: '/api/refresh', token: 'A'.repeat(43) });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ message: 'Unauthenticated.' });
    });

    it('revokes the token on logout', async () => {
      const token = await t.login(STUDENT);
      expect((await t.request({ method: 'POST', url: '/api/auth/logout', token })).statusCode).toBe(204);
      expect((await t.request({ method: 'GET', url: '/api/refresh', token })).statusCode).toBe(401);
    });

    it('rejects an expired token', async () => {
      const token = await t.login(STUDENT);
      await t.ctx.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      expect((await t.request({ method: 'GET', url: '/api/refresh', token })).statusCode).toBe(401);
    });
  });

  describe('bodies the server cannot read', () => {
    it.each([
      ['malformed JSON', '{"email": ', 'application/json'],
      ['an empty JSON body', '', 'application/json'],
      ['a JSON array', '[1,2]', 'application/json'],
      [
        'a body over 1 MiB',
        JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1_100_000) }),
        'application/json',
      ],
      ['form encoding', 'email=a%40b.test', 'application/x-www-form-urlencoded'],
    ])('answers %s with 422 and the errors object', async (_label, payload, type) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toHaveProperty('errors');
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    });
  });
});

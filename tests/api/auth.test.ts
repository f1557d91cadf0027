import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signVerification } from '../../src/server/features/auth/tokens.ts';
import { createUser } from './factories/users.ts';
import { dialects, lastMailLink, startTestApp, type TestApp } from './helpers.ts';

const STUDENT = 'student@pathbuilder.test';

describe.each(dialects)('auth (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
  });
  afterAll(() => t.close());

  const countUsers = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

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

  describe('registration', () => {
    const lookups = async () => {
      const locations = (await t.request({ method: 'GET', url: '/api/lookups/locations' })).json()
        .data as Array<{ id: number; name: string }>;
      const springfield = locations.find((l) => l.name === 'Springfield')!;
      const riverside = locations.find((l) => l.name === 'Riverside')!;
      const schools = (
        await t.request({ method: 'GET', url: `/api/lookups/schools?location_id=${springfield.id}` })
      ).json().data as Array<{ id: number; location_id: number }>;
      return { springfield, riverside, school: schools[0]! };
    };

    it('lists schools of one location only', async () => {
      const { springfield } = await lookups();
      const res = await t.request({
        method: 'GET',
        url: `/api/lookups/schools?location_id=${springfield.id}`,
      });
      const data = res.json().data as Array<{ location_id: number }>;
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((s) => s.location_id === springfield.id)).toBe(true);
    });

    it('creates a signed-in student, mails a verification link and tells the staff', async () => {
      const { springfield, school } = await lookups();
      const before = (
        await t.request({
          method: 'GET',
          url: '/api/usernotifications/unseen-count?user_id=1',
          token: await t.login('admin@pathbuilder.test'),
        })
      ).json().count;
      const res = await t.request({
        method: 'POST',
        url: '/api/register',
        payload: {
          full_name: 'Robin Park',
          email: 'Robin.Park@Example.test',
          password: 'little-acorns-2026',
          password_confirmation: 'little-acorns-2026',
          location_id: springfield.id,
          school_id: school.id,
        },
      });
      expect(res.statusCode).toBe(201);
      const { access_token, user } = res.json();
      expect(user).toMatchObject({
        email: 'robin.park@example.test',
        is_admin: 0,
        is_teacher: 0,
        taken_diagnostics: 0,
        email_verified: false,
        // The school decides: the student waits outside it until staff approve (DESIGN.md section 4).
        school_id: null,
        pending_school_id: school.id,
        location_id: springfield.id,
      });
      expect((await t.request({ method: 'GET', url: '/api/refresh', token: access_token })).statusCode).toBe(
        200,
      );
      expect(await lastMailLink(t, 'robin.park@example.test')).toContain('/verify_email?id=');
      const after = (
        await t.request({
          method: 'GET',
          url: '/api/usernotifications/unseen-count?user_id=1',
          token: await t.login('admin@pathbuilder.test'),
        })
      ).json().count;
      expect(after).toBe(before + 1);
    });

    it.each([
      ['an empty body', {}, ['full_name', 'email', 'password', 'location_id', 'school_id']],
      ['a bad e-mail', { email: 'not-an-email' }, ['email']],
      ['a short password', { password: 'short', password_confirmation: 'short' }, ['password']],
      ['a mismatched confirmation', { password_confirmation: 'something-else' }, ['password_confirmation']],
      [
        'wrong types',
        { location_id: '1; DROP TABLE users;--', school_id: true },
        ['location_id', 'school_id'],
      ],
      ['an unknown field', { is_admin: 1 }, ['is_admin']],
      ['an oversized name', { full_name: 'x'.repeat(5000) }, ['full_name']],
      ['SQL metacharacters in the e-mail', { email: "x'; DROP TABLE users;--@a.test" }, ['email']],
    ])('refuses %s with 422 and changes nothing', async (_label, patch, fields) => {
      const { springfield, school } = await lookups();
      const valid = {
        full_name: 'Casey Quinn',
        email: `casey.${Date.now()}@example.test`,
        password: 'little-acorns-2026',
        password_confirmation: 'little-acorns-2026',
        location_id: springfield.id,
        school_id: school.id,
      };
      const payload = _label === 'an empty body' ? {} : { ...valid, ...patch };
      const before = await countUsers();
      const res = await t.request({ method: 'POST', url: '/api/register', payload });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(fields));
      expect(await countUsers()).toBe(before);
    });

    it('stores SQL metacharacters in a name literally', async () => {
      const { springfield, school } = await lookups();
      const name = "Robert'); DROP TABLE users;--";
      const res = await t.request({
        method: 'POST',
        url: '/api/register',
        payload: {
          full_name: name,
          email: 'bobby@example.test',
          password: 'little-acorns-2026',
          password_confirmation: 'little-acorns-2026',
          location_id: springfield.id,
          school_id: school.id,
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().user.full_name).toBe(name);
    });

    it('refuses a taken e-mail and a school outside the chosen location', async () => {
      const { riverside, school } = await lookups();
      const before = await countUsers();
      const res = await t.request({
        method: 'POST',
        url: '/api/register',
        payload: {
          full_name: 'Dup Licate',
          email: STUDENT,
          password: 'little-acorns-2026',
          password_confirmation: 'little-acorns-2026',
          location_id: riverside.id,
          school_id: school.id,
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toMatchObject({
        email: ['The email has already been taken.'],
        school_id: ['The selected school is not in the selected location.'],
      });
      expect(await countUsers()).toBe(before);
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

  describe('e-mail verification', () => {
    it('verifies with the mailed link and refuses a forged or expired one', async () => {
      const u = await createUser(t, { verified: false });
      const token = await t.login(u.email, u.password);
      expect(
        (
          await t.request({
            method: 'POST',
            url: '/api/send-verification-email',
            payload: { email: u.email },
          })
        ).statusCode,
      ).toBe(200);
      const link = new URL(await lastMailLink(t, u.email));
      const id = link.searchParams.get('id')!;
      const signature = link.searchParams.get('signature')!;
      const expires = Number(link.searchParams.get('expires'));
      expect(expires * 1000 - Date.now()).toBeGreaterThan(59 * 60_000);

      const forged = await t.request({
        method: 'POST',
        url: `/api/email/verify/${id}`,
        payload: { signature: 'a'.repeat(64), expires },
      });
      expect(forged.statusCode).toBe(422);
      expect(forged.json().errors.signature).toEqual(['This verification link is invalid.']);
      const stretched = await t.request({
        method: 'POST',
        url: `/api/email/verify/${id}`,
        payload: { signature, expires: expires + 3600 },
      });
      expect(stretched.statusCode).toBe(422);
      const past = Math.floor(Date.now() / 1000) - 10;
      const expired = await t.request({
        method: 'POST',
        url: `/api/email/verify/${id}`,
        payload: { signature: signVerification(t.ctx.appKey, u.id, u.email, past), expires: past },
      });
      expect(expired.statusCode).toBe(422);
      expect(expired.json().errors.expires[0]).toContain('expired');
      expect(
        (await t.request({ method: 'GET', url: '/api/refresh', token })).json().user.email_verified,
      ).toBe(false);

      const ok = await t.request({
        method: 'POST',
        url: `/api/email/verify/${id}`,
        payload: { signature, expires },
      });
      expect(ok.statusCode).toBe(200);
      expect(
        (await t.request({ method: 'GET', url: '/api/refresh', token })).json().user.email_verified,
      ).toBe(true);
    });

    it('answers the same for an unknown address and sends nothing', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/send-verification-email',
        payload: { email: 'nobody@example.test' },
      });
      expect(res.statusCode).toBe(200);
      const mails = await t.ctx.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', 'nobody@example.test')
        .execute();
      expect(mails).toHaveLength(0);
    });
  });

  describe('password reset', () => {
    it('resets once with the mailed token, signs every session out, and refuses reuse', async () => {
      const u = await createUser(t);
      const oldToken = await t.login(u.email, u.password);
      const sent = await t.request({
        method: 'POST',
        url: '/api/send-reset-password-email',
        payload: { email: u.email },
      });
      const unknown = await t.request({
        method: 'POST',
        url: '/api/send-reset-password-email',
        payload: { email: 'nobody@example.test' },
      });
      expect(sent.json()).toEqual(unknown.json());
      const link = new URL(await lastMailLink(t, u.email));
      const token = link.searchParams.get('token')!;
      const payload = {
        token,
        email: u.email,
        password: 'a-brand-new-secret',
        password_confirmation: 'a-brand-new-secret',
      };

      const wrongEmail = await t.request({
        method: 'POST',
        url: '/api/reset-password',
        payload: { ...payload, email: STUDENT },
      });
      expect(wrongEmail.statusCode).toBe(422);
      const ok = await t.request({ method: 'POST', url: '/api/reset-password', payload });
      expect(ok.statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: '/api/refresh', token: oldToken })).statusCode).toBe(401);
      await expect(t.login(u.email, u.password)).rejects.toThrow();
      await t.login(u.email, 'a-brand-new-secret');

      const reused = await t.request({
        method: 'POST',
        url: '/api/reset-password',
        payload: { ...payload, password: 'yet-another-one', password_confirmation: 'yet-another-one' },
      });
      expect(reused.statusCode).toBe(422);
      expect(reused.json().errors.token).toEqual(['This password reset token is invalid or has expired.']);
      await t.login(u.email, 'a-brand-new-secret');
    });

    it('refuses an expired token', async () => {
      const u = await createUser(t);
      await t.request({ method: 'POST', url: '/api/send-reset-password-email', payload: { email: u.email } });
      const token = new URL(await lastMailLink(t, u.email)).searchParams.get('token')!;
      await t.ctx.db
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', u.id)
        .execute();
      const res = await t.request({
        method: 'POST',
        url: '/api/reset-password',
        payload: {
          token,
          email: u.email,
          password: 'a-brand-new-secret',
          password_confirmation: 'a-brand-new-secret',
        },
      });
      expect(res.statusCode).toBe(422);
      await t.login(u.email, u.password);
    });
  });

  describe('change password', () => {
    it('checks the current password, keeps this session and signs the others out', async () => {
      const u = await createUser(t);
      const here = await t.login(u.email, u.password);
      const elsewhere = await t.login(u.email, u.password);
      const body = {
        current_password: 'wrong-password',
        password: 'new-secret-123',
        password_confirmation: 'new-secret-123',
      };
      const wrong = await t.request({
        method: 'PUT',
        url: `/api/user/${u.id}/change-password`,
        token: here,
        payload: body,
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
      await t.login(u.email, u.password);

      const ok = await t.request({
        method: 'PUT',
        url: `/api/user/${u.id}/change-password`,
        token: here,
        payload: { ...body, current_password: u.password },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe('New Password successfully saved!');
      expect((await t.request({ method: 'GET', url: '/api/refresh', token: here })).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: '/api/refresh', token: elsewhere })).statusCode).toBe(
        401,
      );
      await t.login(u.email, 'new-secret-123');
    });

    it("refuses to change another user's password", async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      const token = await t.login(a.email, a.password);
      const res = await t.request({
        method: 'PUT',
        url: `/api/user/${b.id}/change-password`,
        token,
        payload: {
          current_password: a.password,
          password: 'new-secret-123',
          password_confirmation: 'new-secret-123',
        },
      });
      expect(res.statusCode).toBe(403);
      await t.login(b.email, b.password);
    });

    it('refuses negative and huge ids with 422', async () => {
      const token = await t.login(STUDENT);
      for (const id of ['-1', '0', '99999999999999', 'abc']) {
        const res = await t.request({
          method: 'PUT',
          url: `/api/user/${id}/change-password`,
          token,
          payload: {},
        });
        expect(res.statusCode).toBe(422);
      }
    });
  });

  describe('account', () => {
    it('edits the own account; a new e-mail waits for its link (tests/api/account.test.ts)', async () => {
      const { id, email, password } = await createUser(t);
      const token = await t.login(email, password);
      const loc = (await t.request({ method: 'GET', url: '/api/lookups/locations' })).json().data[0];
      const school = (
        await t.request({ method: 'GET', url: `/api/lookups/schools?location_id=${loc.id}` })
      ).json().data[0];
      const res = await t.request({
        method: 'PUT',
        url: `/api/user/${id}`,
        token,
        payload: {
          full_name: 'Renamed Person',
          email: `renamed.${id}@example.test`,
          location_id: loc.id,
          school_id: school.id,
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        full_name: 'Renamed Person',
        email,
        email_verified: true,
        // A student asks for a school; it stays theirs to grant.
        school_id: null,
        pending_school_id: school.id,
      });
      expect(await lastMailLink(t, `renamed.${id}@example.test`)).toContain('verify_email');
    });

    it('refuses a taken e-mail and another user', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      const token = await t.login(a.email, a.password);
      const taken = await t.request({
        method: 'PUT',
        url: `/api/user/${a.id}`,
        token,
        payload: { full_name: 'Ay Bee', email: b.email, location_id: null, school_id: null },
      });
      expect(taken.statusCode).toBe(422);
      const other = await t.request({
        method: 'PUT',
        url: `/api/user/${b.id}`,
        token,
        payload: { full_name: 'Bee Bee', email: b.email, location_id: null, school_id: null },
      });
      expect(other.statusCode).toBe(403);
    });
  });
});

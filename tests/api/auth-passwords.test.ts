import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './factories/users.ts';
import { dialects, lastMailLink, startTestApp, type TestApp } from './helpers.ts';

const STUDENT = 'student@pathbuilder.test';

// Password reset and change, and the own account (signing in: auth.test.ts).
describe.each(dialects)('auth (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
  });
  afterAll(() => t.close());

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

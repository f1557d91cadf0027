import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_GUESSABLE } from '../../src/server/features/auth/password-policy.ts';
import { createUser } from './factories/users.ts';
import { dialects, lastMailLink, startTestApp, type TestApp } from './helpers.ts';

/** Issue 22: `aaaaaaaa` and `pathbuilder` were accepted; so was a password made of the person's own name. */
describe.each(dialects)('password strength wherever a password is set (%s)', (dialect) => {
  let t: TestApp;
  let school: { id: number; location_id: number };
  let address = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    school = (await t.request({ method: 'GET', url: '/api/lookups/schools' })).json().data[0];
  });
  afterAll(() => t.close());

  const register = (password: string, email = `strength.${Date.now()}.${++address}@example.test`) =>
    t.request({
      method: 'POST',
      url: '/api/register',
      remoteAddress: `203.0.113.${++address % 250}`,
      payload: {
        full_name: 'Morgan Quill',
        email,
        password,
        password_confirmation: password,
        location_id: school.location_id,
        school_id: school.id,
      },
    });

  it.each(['aaaaaaaa', 'pathbuilder', 'morganquill1'])('refuses "%s" at registration', async (password) => {
    const email = `strength.refused.${++address}@example.test`;
    const res = await register(password, email);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([TOO_GUESSABLE]);
    const row = await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('accepts the demo password and a passphrase at registration', async () => {
    expect((await register('pathbuilder-demo')).statusCode).toBe(201);
    expect((await register('little-acorns-2026')).statusCode).toBe(201);
  });

  it('refuses a password made of the address on reset, and the token still works for a good one', async () => {
    const u = await createUser(t, {
      email: `juniper.walsh.${Date.now()}@example.test`,
      full_name: 'Juniper Walsh',
    });
    await t.request({ method: 'POST', url: '/api/send-reset-password-email', payload: { email: u.email } });
    const token = new URL(await lastMailLink(t, u.email)).searchParams.get('token')!;
    const reset = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token, email: u.email, password, password_confirmation: password },
      });
    const weak = await reset('juniperwalsh');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([TOO_GUESSABLE]);
    expect((await reset('a-brand-new-secret')).statusCode).toBe(200);
  });

  it('refuses a weak password on change and keeps the old one', async () => {
    const u = await createUser(t, { full_name: 'Ash Lindqvist' });
    const token = await t.login(u.email, u.password);
    for (const password of ['aaaaaaaa', 'pathbuilder', 'ashlindqvist']) {
      const res = await t.request({
        method: 'PUT',
        url: `/api/user/${u.id}/change-password`,
        token,
        payload: { current_password: u.password, password, password_confirmation: password },
      });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors.password).toEqual([TOO_GUESSABLE]);
    }
    await t.login(u.email, u.password);
  });
});

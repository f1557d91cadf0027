import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 22: "The email has already been taken." tells who is registered. Registration signs the new account
 * in, so it cannot answer alike for a free and a taken address; the owner of the address is told instead.
 */
describe.each(dialects)('registering with an address that has an account (%s)', (dialect) => {
  let t: TestApp;
  let school: { id: number; location_id: number };
  let address = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    school = (await t.request({ method: 'GET', url: '/api/lookups/schools' })).json().data[0];
  });
  afterAll(() => t.close());

  const register = (email: string) =>
    t.request({
      method: 'POST',
      url: '/api/register',
      remoteAddress: `192.0.2.${++address}`,
      payload: {
        full_name: 'Probe Person',
        email,
        password: 'little-acorns-2026',
        password_confirmation: 'little-acorns-2026',
        location_id: school.location_id,
        school_id: school.id,
      },
    });
  const mailsTo = async (to: string) => {
    await t.ctx.tasks.idle();
    return t.ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', to)
      .execute();
  };

  it('tells the owner (once an hour), creates nothing, and leaves their password as it is', async () => {
    const owner = await createUser(t, { full_name: 'Owner Person' });
    for (let i = 0; i < 3; i++) {
      const res = await register(owner.email);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toEqual(['The email has already been taken.']);
    }
    const mails = await mailsTo(owner.email);
    expect(mails.map((m) => m.subject)).toEqual(['Someone tried to register with your Pathbuilder address']);
    expect(mails[0]!.text_body).toContain('/reset-password');
    await t.login(owner.email, owner.password);
  });

  it('mails nobody when the address is free', async () => {
    const email = `free.${Date.now()}@example.test`;
    expect((await register(email)).statusCode).toBe(201);
    const subjects = (await mailsTo(email)).map((m) => m.subject);
    expect(subjects).toEqual(['Verify your Pathbuilder e-mail address']);
  });
});

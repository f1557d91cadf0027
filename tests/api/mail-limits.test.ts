import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/**
 * The silent hourly allowances of the mails anyone may trigger (a reset link, a verification link, the
 * owner's notice of a registration with their address) hold when the requests come at once: each is sent
 * after the response, and a look at the count followed by a hit let simultaneous requests all through.
 */
describe.each(dialects)('mail allowances under simultaneous requests (%s)', (dialect) => {
  let t: TestApp;
  let school: { id: number; location_id: number };
  let address = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    school = (await t.request({ method: 'GET', url: '/api/lookups/schools' })).json().data[0];
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) =>
    t.request({ method: 'POST', url, remoteAddress: `198.51.100.${++address}`, payload });
  const subjectsTo = async (to: string) => {
    await t.ctx.tasks.idle();
    const rows = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', to)
      .execute();
    return rows.map((r) => r.subject);
  };
  const atOnce = (n: number, send: () => Promise<{ statusCode: number }>) =>
    Promise.all(Array.from({ length: n }, send)).then((all) => all.map((r) => r.statusCode));

  it('tells the owner of a taken address once, however many registrations arrive together', async () => {
    const owner = await createUser(t, { full_name: 'Owner At Once' });
    const codes = await atOnce(4, () =>
      post('/api/register', {
        full_name: 'Probe Person',
        email: owner.email,
        password: 'little-acorns-2026',
        password_confirmation: 'little-acorns-2026',
        location_id: school.location_id,
        school_id: school.id,
      }),
    );
    expect(codes).toEqual([422, 422, 422, 422]);
    expect(await subjectsTo(owner.email)).toEqual([
      'Someone tried to register with your Pathbuilder address',
    ]);
  });

  it('sends at most five reset links an hour to one address, even when eight are asked for at once', async () => {
    const user = await createUser(t);
    expect(await atOnce(8, () => post('/api/send-reset-password-email', { email: user.email }))).toEqual(
      Array(8).fill(200),
    );
    expect(await subjectsTo(user.email)).toEqual(Array(5).fill('Reset your Pathbuilder password'));
  });

  it('sends at most five verification links an hour to one address, even when eight are asked for at once', async () => {
    const user = await createUser(t, { verified: false });
    expect(await atOnce(8, () => post('/api/send-verification-email', { email: user.email }))).toEqual(
      Array(8).fill(200),
    );
    expect(await subjectsTo(user.email)).toEqual(Array(5).fill('Verify your Pathbuilder e-mail address'));
  });
});

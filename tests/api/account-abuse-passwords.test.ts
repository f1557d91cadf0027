import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_NOT_STORED } from '../../src/server/mail/mailer.ts';
import {
  abuseHelpers,
  freshEmail,
  startAbuseApp,
  TOO_COMMON,
  type AbuseApp,
} from './account-abuse-helpers.ts';
import { createUser } from './factories/users.ts';
import { dialects, lastMailLink, startTestApp, type TestApp } from './helpers.ts';
import { startSmtpSink } from './smtp-sink.ts';

// Account abuse: weak passwords, and mail that neither waits for the mail server nor keeps a link (other
// concerns: account-abuse.test.ts).
describe.each(dialects)('account abuse (%s)', (dialect) => {
  let t: TestApp;
  let schools: AbuseApp['schools'];
  beforeAll(async () => {
    ({ t, schools } = await startAbuseApp(dialect));
  });
  afterAll(() => t.close());
  const { register, countUsers } = abuseHelpers(() => ({ t, schools }));

  describe('weak passwords', () => {
    it.each(['password', 'Password123', '12345678', 'iloveyou'])(
      'refuses "%s" at registration with 422 and creates nothing',
      async (password) => {
        const before = await countUsers();
        const res = await register({ password, password_confirmation: password });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.password).toEqual([TOO_COMMON]);
        expect(await countUsers()).toBe(before);
      },
    );

    it('accepts the demo password', async () => {
      expect(
        (await register({ password: 'pathbuilder-demo', password_confirmation: 'pathbuilder-demo' }))
          .statusCode,
      ).toBe(201);
    });

    it('refuses a common password on reset, and the token still works for a good one', async () => {
      const u = await createUser(t);
      await t.request({ method: 'POST', url: '/api/send-reset-password-email', payload: { email: u.email } });
      const token = new URL(await lastMailLink(t, u.email)).searchParams.get('token')!;
      const weak = await t.request({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token, email: u.email, password: 'qwertyuiop', password_confirmation: 'qwertyuiop' },
      });
      expect(weak.statusCode).toBe(422);
      expect(weak.json().errors.password).toEqual([TOO_COMMON]);
      await t.login(u.email, u.password);
      const ok = await t.request({
        method: 'POST',
        url: '/api/reset-password',
        payload: {
          token,
          email: u.email,
          password: 'a-brand-new-secret',
          password_confirmation: 'a-brand-new-secret',
        },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('refuses a common password on change and keeps the old one', async () => {
      const u = await createUser(t);
      const token = await t.login(u.email, u.password);
      const res = await t.request({
        method: 'PUT',
        url: `/api/user/${u.id}/change-password`,
        token,
        payload: { current_password: u.password, password: 'sunshine1', password_confirmation: 'sunshine1' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.password).toEqual([TOO_COMMON]);
      await t.login(u.email, u.password);
    });
  });

  describe('mail over SMTP', () => {
    let sink: Awaited<ReturnType<typeof startSmtpSink>>;
    let mailed: TestApp;
    beforeAll(async () => {
      sink = await startSmtpSink(600);
      mailed = await startTestApp(dialect, { smtpUrl: sink.url });
    });
    afterAll(async () => {
      await mailed.close();
      await sink.close();
    });

    const timed = async (url: string, email: string) => {
      const started = performance.now();
      const res = await mailed.request({ method: 'POST', url, payload: { email } });
      return { res, ms: performance.now() - started };
    };

    it('answers a reset request without waiting for the mail server, the same for unknown addresses', async () => {
      const u = await createUser(mailed);
      const known = await timed('/api/send-reset-password-email', u.email);
      const unknown = await timed('/api/send-reset-password-email', freshEmail('nobody'));
      expect(known.res.statusCode).toBe(200);
      expect(known.res.json()).toEqual(unknown.res.json());
      // The mail server takes 600 ms to accept a message; neither answer waited for it.
      expect(known.ms).toBeLessThan(300);
      expect(unknown.ms).toBeLessThan(300);

      await mailed.ctx.tasks.idle();
      const mail = sink.mails.find((m) => m.text.includes(`email=${encodeURIComponent(u.email)}`));
      const link = /https?:\/\/\S+reset-password\?\S+/.exec(mail?.text ?? '')?.[0];
      expect(link).toBeDefined();
      const ok = await mailed.request({
        method: 'POST',
        url: '/api/reset-password',
        payload: {
          token: new URL(link!).searchParams.get('token'),
          email: u.email,
          password: 'a-brand-new-secret',
          password_confirmation: 'a-brand-new-secret',
        },
      });
      expect(ok.statusCode).toBe(200);
    });

    it('answers a verification request without waiting for the mail server', async () => {
      const u = await createUser(mailed, { verified: false });
      const known = await timed('/api/send-verification-email', u.email);
      const unknown = await timed('/api/send-verification-email', freshEmail('nobody'));
      expect(known.res.json()).toEqual(unknown.res.json());
      expect(known.ms).toBeLessThan(300);
      expect(unknown.ms).toBeLessThan(300);
      await mailed.ctx.tasks.idle();
      expect(sink.mails.some((m) => m.text.includes(`/verify_email?id=${u.id}&`))).toBe(true);
    });

    it('keeps a delivery record in the outbox but never the link', async () => {
      const u = await createUser(mailed);
      await mailed.request({
        method: 'POST',
        url: '/api/send-reset-password-email',
        payload: { email: u.email },
      });
      await mailed.ctx.tasks.idle();
      const rows = await mailed.ctx.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_address', '=', u.email)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ transport: 'smtp', error: null });
      expect(rows[0]!.sent_at).not.toBeNull();
      expect(rows[0]!.text_body).toContain(LINK_NOT_STORED);
      expect(rows[0]!.text_body).not.toMatch(/token=|https?:\/\//);
    });
  });
});

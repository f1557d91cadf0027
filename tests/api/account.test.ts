import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '../../src/shared/contracts/account.ts';
import { createUser } from './factories/users.ts';
import { dialects, lastMailLink, startTestApp, type TestApp } from './helpers.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

describe.each(dialects)('the Account screen’s API (%s)', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  const signIn = async (email: string, password: string, userAgent: string, ip = '203.0.113.77') => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
      payload: { email, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().access_token as string;
  };
  const devices = async (token: string) => {
    const res = await t.request({ method: 'GET', url: '/api/account/sessions', token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Device[];
  };
  const refresh = (token: string) => t.request({ method: 'GET', url: '/api/refresh', token });
  const edit = (id: number, token: string, email: string, full_name = 'Robin Park') =>
    t.request({
      method: 'PUT',
      url: `/api/user/${id}`,
      token,
      payload: { full_name, email, location_id: null, school_id: null },
    });
  const verify = (link: string) => {
    const url = new URL(link);
    const q = url.searchParams;
    return t.request({
      method: 'POST',
      url: `/api/email/verify/${q.get('id')}`,
      payload: { signature: q.get('signature'), expires: Number(q.get('expires')) },
    });
  };
  const loginStatus = async (email: string, password: string) =>
    (await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode;

  describe('signed-in devices', () => {
    it('lists each device by browser, system and network, this one marked', async () => {
      const u = await createUser(t);
      const phone = await signIn(u.email, u.password, PHONE, '198.51.100.23');
      await signIn(u.email, u.password, LAPTOP, '203.0.113.9');

      const list = await devices(phone);
      expect(list).toHaveLength(2);
      const here = list.find((d) => d.current)!;
      expect(here).toMatchObject({ device: 'Chrome on Android', ip_label: '198.51.100.x' });
      expect(list.find((d) => !d.current)).toMatchObject({
        device: 'Safari on macOS',
        ip_label: '203.0.113.x',
      });
      // Nothing of another user's.
      const other = await createUser(t);
      expect(await devices(await signIn(other.email, other.password, LAPTOP))).toHaveLength(1);
    });

    it('signs out every other device: their next request is refused, this one carries on', async () => {
      const u = await createUser(t);
      const here = await signIn(u.email, u.password, LAPTOP);
      const phone = await signIn(u.email, u.password, PHONE);
      const tablet = await signIn(u.email, u.password, PHONE);
      // The other devices have been used (and so are in the session cache) before they are signed out.
      expect((await refresh(phone)).statusCode).toBe(200);
      expect((await refresh(tablet)).statusCode).toBe(200);

      const res = await t.request({
        method: 'POST',
        url: '/api/account/sessions/sign-out-others',
        token: here,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ signed_out: 2, message: 'Signed out of 2 other devices.' });

      expect((await refresh(phone)).statusCode).toBe(401);
      expect((await refresh(tablet)).statusCode).toBe(401);
      expect((await refresh(here)).statusCode).toBe(200);
      expect((await devices(here)).map((d) => d.current)).toEqual([true]);
    });

    it('signs out one device, and only one of the own', async () => {
      const u = await createUser(t);
      const here = await signIn(u.email, u.password, LAPTOP);
      const phone = await signIn(u.email, u.password, PHONE);
      expect((await refresh(phone)).statusCode).toBe(200);
      const target = (await devices(here)).find((d) => !d.current)!;

      const stranger = await createUser(t);
      const theirs = await signIn(stranger.email, stranger.password, LAPTOP);
      const refused = await t.request({
        method: 'DELETE',
        url: `/api/account/sessions/${target.id}`,
        token: theirs,
      });
      expect(refused.statusCode).toBe(404);
      expect((await refresh(phone)).statusCode).toBe(200);

      const res = await t.request({
        method: 'DELETE',
        url: `/api/account/sessions/${target.id}`,
        token: here,
      });
      expect(res.statusCode).toBeLessThan(300);
      expect((await refresh(phone)).statusCode).toBe(401);
      expect((await refresh(here)).statusCode).toBe(200);
    });
  });

  describe('changing the e-mail address', () => {
    it('keeps the old address until the new one’s link is opened, and tells the old address', async () => {
      const u = await createUser(t, { full_name: 'Robin Park' });
      const token = await signIn(u.email, u.password, LAPTOP);
      const next = `robin.new.${u.id}@example.test`;

      const res = await edit(u.id, token, next);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({ email: u.email, email_verified: true });
      const pending = await t.request({ method: 'GET', url: '/api/account/email-change', token });
      expect(pending.json()).toEqual({ pending_email: next });

      // The old address still signs in and was told; the new one does not sign in yet.
      await t.ctx.tasks.idle();
      const notice = await t.ctx.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', u.email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(notice.text_body).toContain(next);
      expect(await loginStatus(u.email, u.password)).toBe(200);
      expect(await loginStatus(next, u.password)).toBe(422);

      const confirmed = await verify(await lastMailLink(t, next));
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await refresh(token)).json().user).toMatchObject({ email: next, email_verified: true });
      expect(await loginStatus(next, u.password)).toBe(200);
      expect(await loginStatus(u.email, u.password)).toBe(422);
      expect((await t.request({ method: 'GET', url: '/api/account/email-change', token })).json()).toEqual({
        pending_email: null,
      });
    });

    it('refuses an address another account has, and changes nothing', async () => {
      const u = await createUser(t);
      const other = await createUser(t);
      const token = await signIn(u.email, u.password, LAPTOP);
      const res = await edit(u.id, token, other.email, 'Not Saved');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toEqual(['The email has already been taken.']);
      const user = (await refresh(token)).json().user;
      expect(user.email).toBe(u.email);
      expect(user.full_name).not.toBe('Not Saved');
      expect((await t.request({ method: 'GET', url: '/api/account/email-change', token })).json()).toEqual({
        pending_email: null,
      });
    });

    it('refuses the link when someone took the address meanwhile, and when the change was withdrawn', async () => {
      const u = await createUser(t);
      const token = await signIn(u.email, u.password, LAPTOP);
      const next = `contested.${u.id}@example.test`;
      await edit(u.id, token, next);
      const link = await lastMailLink(t, next);
      await createUser(t, { email: next });
      const late = await verify(link);
      expect(late.statusCode).toBe(422);
      expect((await refresh(token)).json().user.email).toBe(u.email);

      const again = `withdrawn.${u.id}@example.test`;
      await edit(u.id, token, again);
      const withdrawnLink = await lastMailLink(t, again);
      const cancel = await t.request({ method: 'DELETE', url: '/api/account/email-change', token });
      expect(cancel.statusCode).toBeLessThan(300);
      expect((await verify(withdrawnLink)).statusCode).toBe(422);
      expect((await refresh(token)).json().user.email).toBe(u.email);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signVerification } from '../../src/server/features/auth/tokens.ts';
import { createUser } from './factories/users.ts';
import { dialects, lastMailLink, startTestApp, type TestApp } from './helpers.ts';

const STUDENT = 'student@pathbuilder.test';

// Registration and e-mail verification (signing in: auth.test.ts).
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
});

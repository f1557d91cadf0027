import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProxyFromEnv } from '../../src/server/config.ts';
import { createPasswordHasher } from '../../src/server/features/auth/passwords.ts';
import { LINK_NOT_STORED } from '../../src/server/mail/mailer.ts';
import { createUser } from './factories/users.ts';
import { dialects, lastMailLink, startTestApp, type TestApp } from './helpers.ts';
import { startSmtpSink } from './smtp-sink.ts';

const TOO_COMMON = 'This password is too common. Choose a less predictable one.';
const TAKEN = 'The email has already been taken.';

// Every test speaks from addresses of its own (documentation ranges; inject sends nothing anywhere), so
// one test's counters never throttle another.
let lastAddress = 0;
const freshAddress = () => {
  lastAddress++;
  return `198.51.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};
let lastEmail = 0;
const freshEmail = (what = 'abuse') => `${what}.${++lastEmail}.${Date.now()}@example.test`;

describe('password hashing queue', () => {
  it('serves a login before a queue of registration hashes', async () => {
    const hasher = createPasswordHasher({ memoryKiB: 4096, passes: 2, parallelism: 1, maxConcurrent: 2 });
    const stored = await hasher.hash('pathbuilder-demo', 'login');
    const finished: string[] = [];
    const registrations = Array.from({ length: 6 }, (_, i) =>
      hasher.hash(`new-password-${i}`).then(() => finished.push(`registration ${i}`)),
    );
    const login = hasher.verify('pathbuilder-demo', stored).then((ok) => {
      finished.push('login');
      return ok;
    });
    await Promise.all([...registrations, login]);
    expect(await login).toBe(true);
    // At most the one registration hash already running finishes first.
    expect(finished.indexOf('login')).toBeLessThanOrEqual(1);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, and refuses "true", which would trust a spoofed header', () => {
    expect(trustProxyFromEnv(undefined)).toBe(false);
    expect(trustProxyFromEnv('1')).toBe(1);
    expect(trustProxyFromEnv('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => trustProxyFromEnv('true')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyFromEnv('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
  });
});

describe.each(dialects)('account abuse (%s)', (dialect) => {
  let t: TestApp;
  let schools: { acorns: School; riverside: School };
  let tokens: { admin: string; teacher: string };
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    const all = (await t.request({ method: 'GET', url: '/api/lookups/schools' })).json().data as School[];
    schools = {
      acorns: all.find((s) => s.name.startsWith('Little Acorns'))!,
      riverside: all.find((s) => s.name.startsWith('Riverside Institute'))!,
    };
    tokens = {
      admin: await t.login('admin@pathbuilder.test'),
      teacher: await t.login('teacher@pathbuilder.test'),
    };
  });
  afterAll(() => t.close());

  const register = (payload: Record<string, unknown>, remoteAddress = freshAddress()) =>
    t.request({
      method: 'POST',
      url: '/api/register',
      remoteAddress,
      payload: {
        full_name: 'Robin Park',
        email: freshEmail('register'),
        password: 'little-acorns-2026',
        password_confirmation: 'little-acorns-2026',
        location_id: schools.acorns.location_id,
        school_id: schools.acorns.id,
        ...payload,
      },
    });
  const login = (email: string, password: string, remoteAddress: string) =>
    t.request({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
  const tokenOf = async (email: string, password: string) =>
    (await login(email, password, freshAddress())).json().access_token as string;
  const me = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/refresh', token })).json().user as Record<string, unknown>;
  const examTitles = async (token: string) =>
    (
      (await t.request({ method: 'GET', url: '/api/my/assessments?kind=exam', token })).json().data as Array<{
        title: string;
      }>
    ).map((e) => e.title);
  const requests = async (token: string, status = 'pending') => {
    const res = await t.request({ method: 'GET', url: `/api/admin/school-requests?status=${status}`, token });
    expect(res.statusCode).toBe(200);
    return res.json().data as Array<{
      id: number;
      email: string;
      school_id: number;
      current_school_id: number | null;
      current_school_name: string | null;
    }>;
  };
  const decide = (id: number, verdict: 'approve' | 'deny', token: string) =>
    t.request({ method: 'POST', url: `/api/admin/school-requests/${id}/${verdict}`, token });
  const notificationTitles = async (token: string, userId: number) =>
    (
      (await t.request({ method: 'GET', url: `/api/usernotifications?user_id=${userId}`, token })).json()
        .data as Array<{ title: string; body: string }>
    ).map((n) => `${n.title}: ${n.body}`);
  const schoolOf = async (id: number) =>
    (
      await t.ctx.db
        .selectFrom('users')
        .select(['school_id', 'location_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).school_id;
  const countUsers = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('school membership is the school’s to grant', () => {
    it('a new student waits outside the chosen school, and sees and starts its exams only once its teacher approves', async () => {
      const email = freshEmail('newcomer');
      const res = await register({ email });
      expect(res.statusCode).toBe(201);
      const { access_token: token, user } = res.json();
      expect(user).toMatchObject({
        school_id: null,
        pending_school_id: schools.acorns.id,
        pending_school_name: schools.acorns.name,
        location_id: schools.acorns.location_id,
      });
      // Exams unlock after the diagnostic, which is not what this test is about.
      await t.ctx.db.updateTable('users').set({ taken_diagnostics: 1 }).where('id', '=', user.id).execute();
      const midTerm = (await examTitles(await t.login('student@pathbuilder.test'))).find((title) =>
        title.includes('Mid-term'),
      )!;
      expect(midTerm).toBeDefined();
      expect(await examTitles(token)).not.toContain(midTerm);
      const exams = (
        await t.request({ method: 'GET', url: '/api/admin/assessments?kind=exam', token: tokens.admin })
      ).json().data as Array<{ id: number; title: string }>;
      const examId = exams.find((e) => e.title === midTerm)!.id;
      const early = await t.request({
        method: 'POST',
        url: '/api/attempts',
        token,
        payload: { id: randomUUID(), assessment_id: examId },
      });
      expect(early.statusCode).toBe(404);

      // The school's staff hear of it, and the teacher of that school decides.
      expect(await notificationTitles(tokens.admin, 1)).toContain(
        `New student registered: Robin Park (${email}) asks to join ${schools.acorns.name}.`,
      );
      const request = (await requests(tokens.teacher)).find((r) => r.email === email)!;
      expect(request).toMatchObject({ school_id: schools.acorns.id, current_school_id: null });
      const approved = await decide(request.id, 'approve', tokens.teacher);
      expect(approved.statusCode).toBe(200);
      expect(approved.json().request.status).toBe('approved');

      expect(await me(token)).toMatchObject({ school_id: schools.acorns.id, pending_school_id: null });
      expect(await examTitles(token)).toContain(midTerm);
      const started = await t.request({
        method: 'POST',
        url: '/api/attempts',
        token,
        payload: { id: randomUUID(), assessment_id: examId },
      });
      expect(started.statusCode).toBeLessThan(300);
      expect((await notificationTitles(token, user.id)).join('\n')).toContain('Welcome to your school');
      expect((await requests(tokens.teacher)).map((r) => r.email)).not.toContain(email);
    });

    it('a student who picks another school only asks: they stay in their school, under their teacher', async () => {
      const s = await createUser(t, {
        school_id: schools.acorns.id,
        location_id: schools.acorns.location_id,
      });
      const token = await tokenOf(s.email, s.password);
      const res = await t.request({
        method: 'PUT',
        url: `/api/user/${s.id}`,
        token,
        payload: {
          full_name: 'Wandering Student',
          email: s.email,
          location_id: schools.riverside.location_id,
          school_id: schools.riverside.id,
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        full_name: 'Wandering Student',
        school_id: schools.acorns.id,
        location_id: schools.acorns.location_id,
        pending_school_id: schools.riverside.id,
      });
      expect(await schoolOf(s.id)).toBe(schools.acorns.id);
      // Still their teacher's student, still taking their school's exams.
      const managed = await t.request({
        method: 'GET',
        url: `/api/admin/users/${s.id}`,
        token: tokens.teacher,
      });
      expect(managed.statusCode).toBe(200);
      expect((await examTitles(token)).some((title) => title.includes('Mid-term'))).toBe(true);

      // The request is Riverside's: the Little Acorns teacher neither sees nor decides it.
      expect((await requests(tokens.teacher)).map((r) => r.email)).not.toContain(s.email);
      const request = (await requests(tokens.admin)).find((r) => r.email === s.email)!;
      expect(request).toMatchObject({
        school_id: schools.riverside.id,
        current_school_id: schools.acorns.id,
        current_school_name: schools.acorns.name,
      });
      expect((await decide(request.id, 'approve', tokens.teacher)).statusCode).toBe(404);
      expect((await decide(request.id, 'deny', tokens.teacher)).statusCode).toBe(404);
      expect(await schoolOf(s.id)).toBe(schools.acorns.id);

      const denied = await decide(request.id, 'deny', tokens.admin);
      expect(denied.statusCode).toBe(200);
      expect(await me(token)).toMatchObject({ school_id: schools.acorns.id, pending_school_id: null });
      expect((await notificationTitles(token, s.id)).join('\n')).toContain('School request declined');
      expect((await decide(request.id, 'approve', tokens.admin)).statusCode).toBe(409);
      expect(await schoolOf(s.id)).toBe(schools.acorns.id);
    });

    it('a second request replaces the first, so only the last choice can be approved', async () => {
      const s = await createUser(t);
      const token = await tokenOf(s.email, s.password);
      const ask = (school: School) =>
        t.request({
          method: 'PUT',
          url: `/api/user/${s.id}`,
          token,
          payload: {
            full_name: 'Two Minds',
            email: s.email,
            location_id: school.location_id,
            school_id: school.id,
          },
        });
      expect((await ask(schools.acorns)).statusCode).toBe(200);
      const first = (await requests(tokens.admin)).find((r) => r.email === s.email)!;
      expect((await ask(schools.riverside)).json().user.pending_school_id).toBe(schools.riverside.id);
      const open = (await requests(tokens.admin)).filter((r) => r.email === s.email);
      expect(open.map((r) => r.school_id)).toEqual([schools.riverside.id]);
      expect((await decide(first.id, 'approve', tokens.admin)).statusCode).toBe(409);
      expect(await schoolOf(s.id)).toBeNull();
    });

    it('a student cannot leave their school by clearing it', async () => {
      const s = await createUser(t, {
        school_id: schools.acorns.id,
        location_id: schools.acorns.location_id,
      });
      const token = await tokenOf(s.email, s.password);
      const res = await t.request({
        method: 'PUT',
        url: `/api/user/${s.id}`,
        token,
        payload: { full_name: 'Leaving Student', email: s.email, location_id: null, school_id: null },
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['school_id']);
      expect(await schoolOf(s.id)).toBe(schools.acorns.id);
      expect((await me(token)).full_name).not.toBe('Leaving Student');
    });

    it('staff still set their own school directly', async () => {
      const teacher = await createUser(t, { is_teacher: 1 });
      const token = await tokenOf(teacher.email, teacher.password);
      const res = await t.request({
        method: 'PUT',
        url: `/api/user/${teacher.id}`,
        token,
        payload: {
          full_name: 'Teacher Moves',
          email: teacher.email,
          location_id: schools.riverside.location_id,
          school_id: schools.riverside.id,
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ school_id: schools.riverside.id, pending_school_id: null });
    });

    it('students can neither list nor decide requests', async () => {
      const token = await t.login('student@pathbuilder.test');
      const list = await t.request({ method: 'GET', url: '/api/admin/school-requests', token });
      expect(list.statusCode).toBe(403);
      expect((await decide(1, 'approve', token)).statusCode).toBe(403);
    });
  });

  describe('registration is limited per address', () => {
    it('counts every attempt, taken e-mails included, and answers 429 with Retry-After past the limit', async () => {
      const address = freshAddress();
      const limit = t.ctx.config.registrationsPerHour;
      for (let i = 0; i < limit; i++) {
        const probe = await register({ email: 'student@pathbuilder.test' }, address);
        expect(probe.statusCode).toBe(422);
        expect(probe.json().errors.email).toEqual([TAKEN]);
      }
      const before = await countUsers();
      const refused = await register({}, address);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      // The probe learns nothing more, and nothing is created.
      const probe = await register({ email: 'student@pathbuilder.test' }, address);
      expect(probe.statusCode).toBe(429);
      expect(probe.body).not.toContain(TAKEN);
      expect(await countUsers()).toBe(before);
      // Someone at another address is not affected.
      expect((await register({})).statusCode).toBe(201);
    });

    it('lets no more than the limit through from a burst of simultaneous registrations', async () => {
      const address = freshAddress();
      const limit = t.ctx.config.registrationsPerHour;
      const before = await countUsers();
      const results = await Promise.all(Array.from({ length: limit + 10 }, () => register({}, address)));
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201).length).toBe(limit);
      expect(statuses.filter((s) => s === 429).length).toBe(10);
      expect(await countUsers()).toBe(before + limit);
    });
  });

  describe('nobody can lock an owner out', () => {
    it('five wrong passwords from one address stop that address, not the owner at another', async () => {
      const victim = await createUser(t);
      const attacker = freshAddress();
      for (let i = 0; i < 5; i++) {
        expect((await login(victim.email, `guess-${i}-wrong`, attacker)).statusCode).toBe(422);
      }
      const throttled = await login(victim.email, `guess-6-wrong`, attacker);
      expect(throttled.statusCode).toBe(429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      // The attacker stays throttled even with the right password; the owner elsewhere gets in.
      expect((await login(victim.email, victim.password, attacker)).statusCode).toBe(429);
      expect((await login(victim.email, victim.password, freshAddress())).statusCode).toBe(200);
    });

    it('gives a burst of simultaneous guesses no more tries than one at a time, and refuses no simultaneous correct logins', async () => {
      const victim = await createUser(t);
      const attacker = freshAddress();
      const guesses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(victim.email, `burst-${i}-wrong`, attacker)),
      );
      const statuses = guesses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 422).length).toBe(5);
      expect(statuses.filter((s) => s === 429).length).toBe(15);

      const owner = freshAddress();
      const logins = await Promise.all(
        Array.from({ length: 10 }, () => login(victim.email, victim.password, owner)),
      );
      expect(logins.map((r) => r.statusCode)).toEqual(Array(10).fill(200));

      const sprayer = freshAddress();
      const spray = await Promise.all(
        Array.from({ length: 70 }, (_, i) =>
          login(`spray.${i}.${sprayer}@example.test`, 'wrong-one', sprayer),
        ),
      );
      expect(spray.filter((r) => r.statusCode === 422).length).toBe(50);
      expect(spray.filter((r) => r.statusCode === 429).length).toBe(20);
    });

    it('fifty failures from a school’s one address do not stop a classmate there who types the right password', async () => {
      const nat = freshAddress();
      const classmate = await createUser(t);
      expect((await login(classmate.email, classmate.password, nat)).statusCode).toBe(200);
      for (let i = 0; i < 50; i++) {
        expect((await login(`ghost.${i}.${nat}@example.test`, 'not-the-password', nat)).statusCode).toBe(422);
      }
      // The sprayer is throttled, on unknown e-mails and on real accounts alike...
      expect((await login(`ghost.x.${nat}@example.test`, 'not-the-password', nat)).statusCode).toBe(429);
      const other = await createUser(t);
      expect((await login(other.email, 'not-the-password', nat)).statusCode).toBe(429);
      // ...while the classmate who has signed in there before still gets in.
      expect((await login(classmate.email, classmate.password, nat)).statusCode).toBe(200);
    });

    it('a guesser spread over many addresses is slowed per account, never the owner at a known address', async () => {
      const victim = await createUser(t);
      const home = freshAddress();
      expect((await login(victim.email, victim.password, home)).statusCode).toBe(200);
      for (let a = 0; a < 10; a++) {
        const address = freshAddress();
        for (let i = 0; i < 5; i++) {
          expect((await login(victim.email, `spread-${a}-${i}`, address)).statusCode).toBe(422);
        }
      }
      // Past the account-wide ceiling, new addresses get one try every few seconds...
      expect((await login(victim.email, 'spread-next', freshAddress())).statusCode).toBe(422);
      const slowed = await login(victim.email, 'spread-next-2', freshAddress());
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(5);
      // ...and the owner at home is not slowed at all.
      expect((await login(victim.email, victim.password, home)).statusCode).toBe(200);
    });
  });

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

  describe('behind a proxy (TRUST_PROXY=1)', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await startTestApp(dialect, { trustProxy: trustProxyFromEnv('1') });
    });
    afterAll(() => proxied.close());

    it('counts the address the proxy saw, whatever the client wrote to the left of it', async () => {
      const victim = await createUser(proxied);
      const attempt = (forwardedFor: string) =>
        proxied.request({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { email: victim.email, password: 'a-wrong-guess' },
        });
      for (let i = 0; i < 5; i++)
        expect((await attempt(`192.0.2.${i + 1}, 203.0.113.7`)).statusCode).toBe(422);
      expect((await attempt('192.0.2.99, 203.0.113.7')).statusCode).toBe(429);
      expect((await attempt('203.0.113.7')).statusCode).toBe(429);
      // A different client behind the same proxy is a different address.
      expect((await attempt('203.0.113.8')).statusCode).toBe(422);
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

interface School {
  id: number;
  name: string;
  location_id: number;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProxyFromEnv } from '../../src/server/config.ts';
import { createPasswordHasher } from '../../src/server/features/auth/passwords.ts';
import { abuseHelpers, freshAddress, startAbuseApp, TAKEN, type AbuseApp } from './account-abuse-helpers.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

// Account abuse: the hashing queue, addresses and their limits (registration, login, behind a proxy). School
// membership: account-abuse-membership.test.ts; weak passwords and mail: account-abuse-passwords.test.ts.

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
  let schools: AbuseApp['schools'];
  beforeAll(async () => {
    ({ t, schools } = await startAbuseApp(dialect));
  });
  afterAll(() => t.close());
  const { register, login, countUsers } = abuseHelpers(() => ({ t, schools }));

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
});

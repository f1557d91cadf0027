import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.ts';
import { createLiveSession, readEvents } from './factories/live.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/** Short, so "within a heartbeat" is quick to wait for. */
const HEARTBEAT_MS = 200;
/** A heartbeat, its check's queries, and a busy machine. */
const WITHIN_A_HEARTBEAT = HEARTBEAT_MS + 1500;
const PER_PROCESS = 8;

type Who = { id: number; email: string; token: string };

/**
 * Issue 22: live streams kept delivering after logout, deactivation and a school change, on both PostgreSQL
 * processes, and one student opened 250 of them.
 */
describe.each(dialects)('live streams end with their sign-in, and are capped (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let schoolA: number;
  let schoolB: number;
  let location: number;

  const student = async (schoolId = schoolA): Promise<Who> => {
    const u = await createUser(t, { school_id: schoolId, location_id: location, taken_diagnostics: 1 });
    return { id: u.id, email: u.email, token: await t.login(u.email, u.password) };
  };
  const open = (who: Who, id: number, at = base) =>
    fetch(`${at}/api/live-discussions/${id}/stream`, { headers: { authorization: `Bearer ${who.token}` } });
  const stream = async (who: Who, id: number, at = base) => {
    const res = await open(who, id, at);
    expect(res.status).toBe(200);
    // Headers come after the server attached the stream: from here on it is being watched.
    return readEvents(res.body!);
  };
  /** Still open after a few heartbeats: what is allowed is not cut. */
  const staysOpen = async (events: ReturnType<typeof readEvents>) => {
    await new Promise((r) => setTimeout(r, HEARTBEAT_MS * 3));
    expect(events.ended()).toBe(false);
  };
  const endsWithinAHeartbeat = (events: ReturnType<typeof readEvents>) =>
    expect.poll(() => events.ended(), { timeout: WITHIN_A_HEARTBEAT, interval: 20 }).toBe(true);

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      seed: 'demo',
      live: { heartbeatMs: HEARTBEAT_MS, streamsPerUser: 5, streamsPerProcess: PER_PROCESS },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await t.login('admin@pathbuilder.test');
    const me = (
      await t.request({
        method: 'GET',
        url: '/api/refresh',
        token: await t.login('student@pathbuilder.test'),
      })
    ).json().user;
    schoolA = me.school_id;
    location = me.location_id;
    schoolB = (
      await t.request({
        method: 'POST',
        url: '/api/admin/schools',
        token: admin,
        payload: { name: 'Stream Ending Test School', location_id: location },
      })
    ).json().school.id;
  });
  afterAll(() => t?.close());

  it('ends the stream within a heartbeat of logging out, and of a password change elsewhere', async () => {
    const id = await createLiveSession(t, { startsIn: -5, schoolIds: [schoolA] });
    const who = await student();
    const events = await stream(who, id);
    await staysOpen(events);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', token: who.token });
    expect(out.statusCode).toBeLessThan(300);
    await endsWithinAHeartbeat(events);
    // And the client, reconnecting, is told it is signed out.
    expect((await open(who, id)).status).toBe(401);

    // Changing the password signs out every other device.
    const other = await createUser(t, { school_id: schoolA, location_id: location });
    const phone = await t.login(other.email, other.password);
    const laptop = await t.login(other.email, other.password);
    const onPhone = await stream({ id: other.id, email: other.email, token: phone }, id);
    const changed = await t.request({
      method: 'PUT',
      url: `/api/user/${other.id}/change-password`,
      token: laptop,
      payload: {
        current_password: other.password,
        password: 'a much longer pass phrase 42',
        password_confirmation: 'a much longer pass phrase 42',
      },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    await endsWithinAHeartbeat(onPhone);
  });

  it('ends the stream of a deactivated account', async () => {
    const id = await createLiveSession(t, { startsIn: -5 });
    const who = await student();
    const events = await stream(who, id);
    await staysOpen(events);
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${who.id}/status`,
      token: admin,
      payload: { is_active: false },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await endsWithinAHeartbeat(events);
  });

  it("ends a stream of the old school's discussion after a school change, and keeps one for every school", async () => {
    const oldSchools = await createLiveSession(t, { startsIn: -5, schoolIds: [schoolA] });
    const everyone = await createLiveSession(t, { startsIn: -5 });
    const who = await student();
    const ofOld = await stream(who, oldSchools);
    const ofAll = await stream(who, everyone);
    await staysOpen(ofOld);
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${who.id}`,
      token: admin,
      payload: { full_name: 'Moved Student', email: who.email, location_id: location, school_id: schoolB },
    });
    expect(res.statusCode, res.body).toBe(200);
    await endsWithinAHeartbeat(ofOld);
    expect((await open(who, oldSchools)).status).toBe(404);
    await staysOpen(ofAll);
    await ofAll.cancel();
  });

  it('caps streams at 5 per account (429, Retry-After) and at the configured total per process (503)', async () => {
    const id = await createLiveSession(t, { startsIn: -5 });
    const one = await student();
    const tabs = [];
    for (let i = 0; i < 5; i++) tabs.push(await stream(one, id));
    const sixth = await open(one, id);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await sixth.json()) as { message: string }).message).toMatch(
      /You have 5 live discussions open already/,
    );
    // A tab closed makes room.
    await tabs.shift()!.cancel();
    await expect
      .poll(async () => {
        const res = await open(one, id);
        if (res.status === 200) tabs.push(readEvents(res.body!));
        else await res.body?.cancel();
        return res.status;
      })
      .toBe(200);

    // Another account is not held back by that one, up to the process's total.
    const two = await student();
    for (let i = 0; i < PER_PROCESS - 5; i++) tabs.push(await stream(two, id));
    const beyond = await open(two, id);
    expect(beyond.status).toBe(503);
    expect(Number(beyond.headers.get('retry-after'))).toBeGreaterThan(0);
    // Closed streams are counted out again.
    await Promise.all(tabs.map((s) => s.cancel()));
    await expect
      .poll(async () => {
        const res = await open(two, id);
        await res.body?.cancel();
        return res.status;
      })
      .toBe(200);
  });

  it('ends a stream another process serves when the student logs out through this one', async () => {
    // A second app on the same database: another process behind the balancer.
    const other: BuiltApp = await buildApp({ ...t.ctx.config, seed: 'none', sweeps: false });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const otherBase = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
      const id = await createLiveSession(t, { startsIn: -5, schoolIds: [schoolA] });
      const who = await student();
      const deactivated = await student();
      const onOther = await stream(who, id, otherBase);
      const alsoOnOther = await stream(deactivated, id, otherBase);
      await staysOpen(onOther);
      expect(
        (await t.request({ method: 'POST', url: '/api/auth/logout', token: who.token })).statusCode,
      ).toBeLessThan(300);
      await endsWithinAHeartbeat(onOther);
      await t.request({
        method: 'PUT',
        url: `/api/admin/users/${deactivated.id}/status`,
        token: admin,
        payload: { is_active: false },
      });
      await endsWithinAHeartbeat(alsoOnOther);
    } finally {
      await other.app.close();
    }
  });

  it('ends it at once when the process hears of the logout, without waiting for a heartbeat', async () => {
    // Another process whose heartbeat is a minute away.
    const config = { ...t.ctx.config, live: { ...t.ctx.config.live, heartbeatMs: 60_000 } };
    const other: BuiltApp = await buildApp({ ...config, seed: 'none', sweeps: false });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const otherBase = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
      const id = await createLiveSession(t, { startsIn: -5, schoolIds: [schoolA] });
      const who = await student();
      const bystander = await student();
      const events = await stream(who, id, otherBase);
      expect(
        (await t.request({ method: 'POST', url: '/api/auth/logout', token: who.token })).statusCode,
      ).toBeLessThan(300);
      // PostgreSQL tells every process (LISTEN/NOTIFY); SQLite's processes see the change with their next
      // request, which here is someone else's.
      if (dialect === 'sqlite')
        await other.app.inject({
          method: 'GET',
          url: '/api/refresh',
          headers: { authorization: `Bearer ${bystander.token}` },
        });
      await expect.poll(() => events.ended(), { timeout: 1500, interval: 20 }).toBe(true);
    } finally {
      await other.app.close();
    }
  });
});

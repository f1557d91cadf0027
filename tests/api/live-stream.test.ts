import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.ts';
import { createLiveSession, readEvents } from './factories/live.ts';
import { dialects, type TestApp } from './helpers.ts';
import { liveCalls, startLive, type Who } from './live-setup.ts';

// Live discussions: the event stream (listing and posting: live.test.ts).
describe.each(dialects)('live discussions (%s)', (dialect) => {
  let t: TestApp;
  let teacherA: Who;
  let studentA: Who;
  let studentA2: Who;
  let studentB: Who;
  let schoolA: number;
  beforeAll(async () => {
    ({ t, teacherA, studentA, studentA2, studentB, schoolA } = await startLive(dialect));
  });
  afterAll(() => t.close());
  const { posted, remove } = liveCalls(() => t);

  describe('the event stream, over a listening server', () => {
    let base: string;
    const stream = async (
      app: string,
      who: Who,
      id: number,
      headers: Record<string, string> = {},
      query = '',
    ) => {
      const res = await fetch(`${app}/api/live-discussions/${id}/stream${query}`, {
        headers: { authorization: `Bearer ${who.token}`, ...headers },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      return readEvents(res.body!);
    };
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });

    it('delivers a message another user posts within a second, and removals too', async () => {
      const id = await createLiveSession(t, { startsIn: -5, schoolIds: [schoolA] });
      const events = await stream(base, studentA, id);
      const sentAt = Date.now();
      const m = await posted(teacherA, id, 'Welcome, everyone!');
      const got = await events.next((e) => e.event === 'message' && e.id === String(m.id), 1000);
      expect(Date.now() - sentAt).toBeLessThan(1000);
      expect(JSON.parse(got.data)).toMatchObject({
        body: 'Welcome, everyone!',
        author_name: 'Taylor Brooks',
      });
      expect((await remove(teacherA, id, m.id)).statusCode).toBe(204);
      const gone = await events.next((e) => e.event === 'deleted', 1000);
      expect(JSON.parse(gone.data)).toEqual({ id: m.id });
      await events.cancel();
    });

    it('replays what a dropped client missed from Last-Event-ID (or ?after=), removals included', async () => {
      const id = await createLiveSession(t, { startsIn: -5, schoolIds: [schoolA] });
      const seen = await posted(studentA, id, 'I saw this one');
      const missed1 = await posted(teacherA, id, 'You missed this');
      const missed2 = await posted(studentA2, id, 'And this');
      expect((await remove(teacherA, id, seen.id)).statusCode).toBe(204);
      const events = await stream(base, studentA, id, { 'last-event-id': String(seen.id) });
      await events.next((e) => e.id === String(missed2.id));
      expect(events.events.filter((e) => e.event === 'message').map((e) => Number(e.id))).toEqual([
        missed1.id,
        missed2.id,
      ]);
      await events.next((e) => e.event === 'deleted' && JSON.parse(e.data).id === seen.id);
      await events.cancel();
      const byQuery = await stream(base, studentA, id, {}, `?after=${missed1.id}`);
      await byQuery.next((e) => e.id === String(missed2.id));
      expect(byQuery.events.filter((e) => e.event === 'message')).toHaveLength(1);
      await byQuery.cancel();
    });

    it('refuses a stream of a session the caller may not see, and ends one that is not open after its history', async () => {
      const id = await createLiveSession(t, { startsIn: -5, schoolIds: [schoolA] });
      const res = await fetch(`${base}/api/live-discussions/${id}/stream`, {
        headers: { authorization: `Bearer ${studentB.token}` },
      });
      expect(res.status).toBe(404);
      expect((await fetch(`${base}/api/live-discussions/${id}/stream`)).status).toBe(401);
      const past = await createLiveSession(t, { startsIn: -120, minutes: 60, schoolIds: [schoolA] });
      const events = await stream(base, studentA, past);
      expect(JSON.parse((await events.next((e) => e.event === 'end')).data)).toEqual({ state: 'past' });
      await expect.poll(() => events.ended()).toBe(true);
      // Not open yet: no stream is held for days; the client comes back when the thread opens.
      const later = await createLiveSession(t, { startsIn: 60 * 48, schoolIds: [schoolA] });
      const early = await stream(base, studentA, later);
      expect(JSON.parse((await early.next((e) => e.event === 'end')).data)).toEqual({ state: 'upcoming' });
      await expect.poll(() => early.ended()).toBe(true);
    });

    it('ends an open stream when its session ends', async () => {
      // Started five minutes ago, ends in a second and a half.
      const id = await createLiveSession(t, { startsIn: -5, minutes: 5 + 1.5 / 60, schoolIds: [schoolA] });
      const events = await stream(base, studentA, id);
      expect(events.ended()).toBe(false);
      expect(JSON.parse((await events.next((e) => e.event === 'end', 4000)).data)).toEqual({ state: 'past' });
      await expect.poll(() => events.ended()).toBe(true);
    });

    it.runIf(dialect === 'postgres')(
      'carries a message posted through one server process to a stream another one serves (LISTEN/NOTIFY)',
      async () => {
        // A second app on the same database and schema: another process behind the balancer.
        const other: BuiltApp = await buildApp({ ...t.ctx.config, seed: 'none', sweeps: false });
        try {
          await other.app.listen({ port: 0, host: '127.0.0.1' });
          const otherBase = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
          const id = await createLiveSession(t, { startsIn: -5, schoolIds: [schoolA] });
          const onB = await stream(otherBase, studentA, id);
          const sentAt = Date.now();
          const m = await posted(teacherA, id, 'Posted through instance A');
          const got = await onB.next((e) => e.event === 'message' && e.id === String(m.id), 1000);
          expect(Date.now() - sentAt).toBeLessThan(1000);
          expect(JSON.parse(got.data).body).toBe('Posted through instance A');
          // And back: posted through B, seen on a stream of A.
          const onA = await stream(base, studentA2, id);
          const res = await other.app.inject({
            method: 'POST',
            url: `/api/live-discussions/${id}/messages`,
            headers: { authorization: `Bearer ${studentA.token}` },
            payload: { client_id: randomUUID(), body: 'Posted through instance B' },
          });
          expect(res.statusCode).toBe(201);
          await onA.next((e) => e.id === String(res.json().message.id), 1000);
          await onB.cancel();
          await onA.cancel();
        } finally {
          await other.app.close();
        }
      },
    );
  });
});

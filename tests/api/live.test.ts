import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app.ts';
import type { LiveDetail, LiveMessage, LiveSession } from '../../src/shared/contracts/live.ts';
import { createLiveSession, readEvents } from './factories/live.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

type Who = { id: number; token: string };

describe.each(dialects)('live discussions (%s)', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let teacherA: Who;
  let teacherB: Who;
  let studentA: Who;
  let studentA2: Who;
  let studentB: Who;
  let schoolA: number;
  let schoolB: number;

  const login = async (email: string, password = 'pathbuilder-demo'): Promise<Who> => {
    const token = await t.login(email, password);
    const { user } = (await t.request({ method: 'GET', url: '/api/refresh', token })).json();
    return { id: user.id, token };
  };
  const get = (who: Who, url: string) => t.request({ method: 'GET', url, token: who.token });
  const post = (who: Who, id: number, body: string, clientId: string = randomUUID()) =>
    t.request({
      method: 'POST',
      url: `/api/live-discussions/${id}/messages`,
      token: who.token,
      payload: { client_id: clientId, body },
    });
  const posted = async (who: Who, id: number, body: string) => {
    const res = await post(who, id, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().message as LiveMessage;
  };
  const remove = (who: Who, id: number, messageId: number) =>
    t.request({
      method: 'DELETE',
      url: `/api/live-discussions/${id}/messages/${messageId}`,
      token: who.token,
    });
  const listed = async (who: Who) => (await get(who, '/api/live-discussions')).json().data as LiveSession[];
  const messageCount = async (id: number) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('live_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('content_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await login('admin@pathbuilder.test');
    teacherA = await login('teacher@pathbuilder.test');
    studentA = await login('student@pathbuilder.test');
    const me = (await get(studentA, '/api/refresh')).json().user;
    schoolA = me.school_id;
    schoolB = (
      await t.request({
        method: 'POST',
        url: '/api/admin/schools',
        token: admin.token,
        payload: { name: 'Live Test Forest School', location_id: me.location_id },
      })
    ).json().school.id;
    const tb = await createUser(t, { is_teacher: 1, full_name: 'Bea Other-Teacher' });
    await t.ctx.db.insertInto('teacher_schools').values({ user_id: tb.id, school_id: schoolB }).execute();
    teacherB = await login(tb.email, tb.password);
    const sa2 = await createUser(t, { school_id: schoolA, taken_diagnostics: 1, full_name: 'Robin Park' });
    studentA2 = await login(sa2.email, sa2.password);
    const sb = await createUser(t, { school_id: schoolB, taken_diagnostics: 1, full_name: 'Kai B' });
    studentB = await login(sb.email, sb.password);
  });
  afterAll(() => t.close());

  it('lists the published sessions of the student’s school or of every school, by state, links shown near the start', async () => {
    const forA = await createLiveSession(t, { title: 'A live', startsIn: -10, schoolIds: [schoolA] });
    const forB = await createLiveSession(t, { title: 'B live', startsIn: -10, schoolIds: [schoolB] });
    const forAll = await createLiveSession(t, { title: 'All upcoming', startsIn: 60 * 48 });
    const hidden = await createLiveSession(t, {
      title: 'Draft',
      startsIn: 30,
      schoolIds: [schoolA],
      published: false,
    });
    const past = await createLiveSession(t, {
      title: 'A past',
      startsIn: -180,
      minutes: 60,
      schoolIds: [schoolA],
    });
    const soon = await createLiveSession(t, { title: 'Soon', startsIn: 10, schoolIds: [schoolA] });

    const a = await listed(studentA);
    const ids = a.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([forA, forAll, past, soon]));
    expect(ids).not.toContain(forB);
    expect(ids).not.toContain(hidden);
    const byId = new Map(a.map((s) => [s.id, s]));
    expect(byId.get(forA)).toMatchObject({
      state: 'live',
      open_for_posting: true,
      meeting_url: 'https://meet.example.test/literacy',
    });
    expect(byId.get(forAll)).toMatchObject({
      state: 'upcoming',
      open_for_posting: false,
      meeting_url: null,
      has_meeting_url: true,
    });
    // Ten minutes before the start: questions and the link are open.
    expect(byId.get(soon)).toMatchObject({
      state: 'upcoming',
      open_for_posting: true,
      meeting_url: 'https://meet.example.test/literacy',
    });
    expect(byId.get(past)).toMatchObject({ state: 'past', open_for_posting: false, meeting_url: null });

    const b = (await listed(studentB)).map((s) => s.id);
    expect(b).toContain(forB);
    expect(b).toContain(forAll);
    expect(b).not.toContain(forA);
    // The teacher sees their school's and everyone's, not another school's.
    const ta = (await listed(teacherA)).map((s) => s.id);
    expect(ta).toEqual(expect.arrayContaining([forA, forAll]));
    expect(ta).not.toContain(forB);

    // One session: a student of another school, or any student for a draft, finds nothing.
    expect((await get(studentB, `/api/live-discussions/${forA}`)).statusCode).toBe(404);
    expect((await get(studentA, `/api/live-discussions/${hidden}`)).statusCode).toBe(404);
    expect((await get(teacherB, `/api/live-discussions/${forA}`)).statusCode).toBe(404);
    // Staff read the drafts they manage.
    const draft = await get(teacherA, `/api/live-discussions/${hidden}`);
    expect(draft.statusCode).toBe(200);
    expect((draft.json() as LiveDetail).session.meeting_url).toBe('https://meet.example.test/literacy');
  });

  it('has demo sessions: one in two days for the demo school, and a past one with a real thread', async () => {
    const sessions = await listed(studentA);
    const planned = sessions.find((s) => s.title === 'Q&A: planning play-based literacy activities');
    expect(planned).toMatchObject({ state: 'upcoming', school_ids: [schoolA], meeting_url: null });
    const startsIn = Date.parse(planned!.starts_at) - Date.now();
    expect(startsIn).toBeGreaterThan(47 * 3600_000);
    const past = sessions.find((s) => s.state === 'past' && s.message_count > 0);
    expect(past?.message_count).toBeGreaterThanOrEqual(5);
    const thread = (await get(studentA, `/api/live-discussions/${past!.id}`)).json() as LiveDetail;
    const authors = new Set(thread.messages.map((m) => m.author_name));
    expect(authors).toEqual(new Set(['Taylor Brooks', 'Sam Rivera', 'Jordan Lee']));
    // Another school's student sees the sessions for every school, not the demo school's.
    const other = (await listed(studentB)).map((s) => s.title);
    expect(other).not.toContain('Q&A: planning play-based literacy activities');
    expect(other).toContain('Open discussion: supporting self-regulation in the toddler room');
  });

  it('takes messages only while the session is open: from 15 minutes before the start until the end', async () => {
    const later = await createLiveSession(t, { startsIn: 60 * 48, schoolIds: [schoolA] });
    const over = await createLiveSession(t, { startsIn: -120, minutes: 60, schoolIds: [schoolA] });
    for (const id of [later, over]) {
      const res = await post(studentA, id, 'Is anyone there?');
      expect(res.statusCode, res.body).toBe(409);
      expect(await messageCount(id)).toBe(0);
    }
    const grace = await createLiveSession(t, { startsIn: 14, schoolIds: [schoolA] });
    expect((await post(studentA, grace, 'An early question')).statusCode).toBe(201);
  });

  it('posts once per client id, and refuses a client id another user took', async () => {
    const id = await createLiveSession(t, { startsIn: -5, schoolIds: [schoolA] });
    const clientId = randomUUID();
    const first = await post(studentA, id, 'How do I plan a phonics game?', clientId);
    const again = await post(studentA, id, 'How do I plan a phonics game?', clientId);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().message.id).toBe(first.json().message.id);
    expect(await messageCount(id)).toBe(1);
    expect((await post(studentA2, id, 'Mine now', clientId)).statusCode).toBe(409);
    expect(await messageCount(id)).toBe(1);
  });

  it('stores HTML and script as typed and returns them as plain text; refuses empty and over-long messages', async () => {
    const id = await createLiveSession(t, { startsIn: -5, schoolIds: [schoolA] });
    const text = '<script>alert("x")</script><img src=x onerror=alert(1)> & <b>bold</b>\nsecond line';
    const m = await posted(studentA, id, text);
    expect(m.body).toBe(text);
    const detail = (await get(studentA2, `/api/live-discussions/${id}`)).json() as LiveDetail;
    expect(detail.messages.at(-1)).toMatchObject({
      body: text,
      author_name: 'Sam Rivera',
      author_is_staff: false,
    });
    for (const body of ['   ', 'x'.repeat(2001)]) {
      const res = await post(studentA, id, body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['body']);
    }
    expect(await messageCount(id)).toBe(1);
  });

  it('lets moderators remove messages: not a student, not a teacher of another school; the text is gone for everyone', async () => {
    const id = await createLiveSession(t, { startsIn: -5, schoolIds: [schoolA] });
    const m = await posted(studentA2, id, 'Something rude');
    expect((await remove(studentA, id, m.id)).statusCode).toBe(403);
    expect((await remove(studentA2, id, m.id)).statusCode).toBe(403);
    expect((await remove(teacherB, id, m.id)).statusCode).toBe(404);
    const still = (await get(studentA, `/api/live-discussions/${id}`)).json() as LiveDetail;
    expect(still.messages[0]).toMatchObject({ body: 'Something rude', deleted: false });
    expect(still.can_moderate).toBe(false);

    expect((await remove(teacherA, id, m.id)).statusCode).toBe(204);
    const after = (await get(studentA, `/api/live-discussions/${id}`)).json() as LiveDetail;
    expect(after.messages[0]).toMatchObject({ id: m.id, body: null, deleted: true });
    expect(JSON.stringify(after)).not.toContain('Something rude');

    const m2 = await posted(studentA, id, 'Another');
    expect((await remove(admin, id, m2.id)).statusCode).toBe(204);
    // A session for every school: every teacher moderates it (their students are in it).
    const everyone = await createLiveSession(t, { startsIn: -5 });
    const m3 = await posted(studentB, everyone, 'From school B');
    expect((await get(teacherB, `/api/live-discussions/${everyone}`)).json().can_moderate).toBe(true);
    expect((await remove(teacherB, everyone, m3.id)).statusCode).toBe(204);
    // A message of another session is not this session's to remove.
    expect((await remove(admin, everyone, m.id)).statusCode).toBe(404);
  });

  it('answers ?after= with only the newer messages', async () => {
    const id = await createLiveSession(t, { startsIn: -5, schoolIds: [schoolA] });
    const one = await posted(studentA, id, 'one');
    const two = await posted(teacherA, id, 'two');
    const three = await posted(studentA2, id, 'three');
    const res = await get(studentA, `/api/live-discussions/${id}/messages?after=${one.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json().data as LiveMessage[]).map((m) => m.id)).toEqual([two.id, three.id]);
    expect(res.json().data[0]).toMatchObject({ author_is_staff: true, author_name: 'Taylor Brooks' });
    expect(
      (await get(studentA, `/api/live-discussions/${id}/messages?after=${three.id}`)).json().data,
    ).toEqual([]);
  });

  it('limits how fast one user writes (429 with Retry-After)', async () => {
    const id = await createLiveSession(t, { startsIn: -5, schoolIds: [schoolA] });
    const u = await createUser(t, { school_id: schoolA, taken_diagnostics: 1 });
    const who = await login(u.email, u.password);
    for (let i = 0; i < 30; i++) expect((await post(who, id, `message ${i}`)).statusCode).toBe(201);
    const res = await post(who, id, 'one too many');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await messageCount(id)).toBe(30);
  });

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

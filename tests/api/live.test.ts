import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveDetail, LiveMessage } from '../../src/shared/contracts/live.ts';
import { createLiveSession } from './factories/live.ts';
import { createUser } from './factories/users.ts';
import { dialects, type TestApp } from './helpers.ts';
import { liveCalls, startLive, type Who } from './live-setup.ts';

// Live discussions: listing, posting, moderating, limits (the event stream: live-stream.test.ts).
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
  beforeAll(async () => {
    ({ t, admin, teacherA, teacherB, studentA, studentA2, studentB, schoolA, schoolB } =
      await startLive(dialect));
  });
  afterAll(() => t.close());
  const { login, get, post, posted, remove, listed, messageCount } = liveCalls(() => t);

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
    // The session as shown counts the messages still there: posting and streaming skip that count.
    expect((await get(studentA, `/api/live-discussions/${id}`)).json().session.message_count).toBe(1);
    expect((await remove(admin, id, m2.id)).statusCode).toBe(204);
    expect((await get(studentA, `/api/live-discussions/${id}`)).json().session.message_count).toBe(0);
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
    // The count and the message share a commit: a refused message is not saved, and the next is refused too.
    expect((await post(who, id, 'and another')).statusCode).toBe(429);
    expect(await messageCount(id)).toBe(30);
  });
});

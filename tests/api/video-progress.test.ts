import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItem, VideoProgress } from '../../src/shared/contracts/content.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/** A real WebM clip of the demo seed (VP9, 23.9 s, its Duration in the Segment Info). */
const WEBM = readFileSync(join(import.meta.dirname, '../../src/server/seed/media/running-record.webm'));

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
/** An MP4 laid out as a camera writes it: ftyp, a large mdat, then moov with mvhd (90 s at 600 per second). */
function mp4(): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(600, 12); // version 0: flags(4) creation(4) modification(4) timescale
  mvhd.writeUInt32BE(90 * 600, 16);
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box('mdat', Buffer.alloc(300_000, 7)),
    box('moov', box('mvhd', mvhd)),
  ]);
}

function multipart(filename: string, content: Buffer, type: string) {
  const boundary = `----pathbuilder${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(dialects)('video progress (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let student: string;
  let webmVideo: ContentItem;

  const upload = async (name: string, content: Buffer, type: string) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/files?kind=video',
      token: admin,
      ...multipart(name, content, type),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().file.id as number;
  };
  const createVideo = async (fileId: number, extra: Record<string, unknown> = {}) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/content/video',
      token: admin,
      payload: { title: 'Running records', published: true, video_file_id: fileId, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().item as ContentItem;
  };
  const report = async (id: number, body: Record<string, unknown>) => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/videos/${id}/progress`,
      token: student,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().progress as VideoProgress;
  };

  // The server's clock, moved on by the tests only: credit depends on how long ago a video was opened.
  let ahead = 0;
  const wait = (seconds: number) => {
    ahead += seconds * 1000;
  };
  const open = async (id: number) => {
    const res = await t.request({ method: 'GET', url: `/api/videos/${id}`, token: student });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    // Stopped, so the seconds a test waits are exactly the ones it names.
    const start = Date.now();
    t.ctx.now = () => new Date(start + ahead);
    admin = await t.login('admin@pathbuilder.test');
    const s = await createUser(t, { school_id: null, taken_diagnostics: 1 });
    student = await t.login(s.email, s.password);
    webmVideo = await createVideo(await upload('clip.webm', WEBM, 'video/webm'));
  });
  afterAll(() => t.close());

  it('reads the duration from the file: WebM Segment Info and an MP4 whose moov comes after mdat', async () => {
    expect(webmVideo.duration_seconds).toBeCloseTo(23.933, 2);
    // The browser's reading is only a fallback: the file's own wins.
    const fromMp4 = await createVideo(await upload('clip.mp4', mp4(), 'video/mp4'), { duration_seconds: 12 });
    expect(fromMp4.duration_seconds).toBe(90);
  });

  it('gives the student a playable signed address and the saved position', async () => {
    const res = await t.request({ method: 'GET', url: `/api/videos/${webmVideo.id}`, token: student });
    const { video } = res.json();
    expect(video.src).toMatch(
      new RegExp(`^/api/files/${webmVideo.video!.id}\\?expires=\\d+&session=\\d+&signature=`),
    );
    // No bearer token: a <video> element cannot send one.
    const bytes = await t.request({ method: 'GET', url: video.src, headers: { range: 'bytes=0-99' } });
    expect(bytes.statusCode).toBe(206);
    expect(video.progress).toMatchObject({ position_seconds: 0, watched: [], completed_at: null });
  });

  it('seeking to the end adds only what was played there: not complete', async () => {
    const video = await createVideo(webmVideo.video!.id);
    await open(video.id);
    wait(30);
    const p = await report(video.id, {
      position_seconds: 23.9,
      watched: [
        [0, 2],
        [22.5, 23.9],
      ],
    });
    expect(p.watched).toEqual([
      [0, 2],
      [22.5, 23.9],
    ]);
    expect(p.watched_seconds).toBeCloseTo(3.4, 3);
    expect(p.completed_at).toBeNull();
  });

  it('completes at 90 % watched across reports; a replay changes nothing and nothing goes backwards', async () => {
    const video = await createVideo(webmVideo.video!.id);
    await open(video.id);
    wait(60);
    const first = await report(video.id, { position_seconds: 12, watched: [[0, 12]] });
    expect(first.completed_at).toBeNull();
    expect(first.position_seconds).toBe(12);
    const second = await report(video.id, { position_seconds: 22, watched: [[11.8, 22]] });
    expect(second.watched).toEqual([[0, 22]]);
    expect(second.completed_at).not.toBeNull();
    // The same report again (an outbox replay): identical.
    const again = await report(video.id, { position_seconds: 22, watched: [[11.8, 22]] });
    expect(again).toEqual(second);
    // An older report arriving late: the watched time and completion stay.
    const late = await report(video.id, { position_seconds: 5, watched: [[0, 5]] });
    expect(late.watched_seconds).toBe(22);
    expect(late.completed_at).toBe(second.completed_at);
    // Nothing past the end counts.
    const past = await report(video.id, { position_seconds: 23, watched: [[22, 500]] });
    expect(past.watched).toEqual([[0, 23.933]]);
    const list = await t.request({ method: 'GET', url: '/api/videos', token: student });
    const mine = list.json().data.find((v: { id: number }) => v.id === video.id);
    expect(mine.progress.fraction).toBe(1);
  });

  it('uses the client’s duration when the file has none, and refuses progress for an outside link', async () => {
    const link = await t.request({
      method: 'POST',
      url: '/api/admin/content/video',
      token: admin,
      payload: { title: 'Elsewhere', published: true, external_url: 'https://vimeo.com/76979871' },
    });
    const id = link.json().item.id as number;
    const res = await t.request({
      method: 'PUT',
      url: `/api/videos/${id}/progress`,
      token: student,
      payload: { position_seconds: 1, watched: [[0, 1]] },
    });
    expect(res.statusCode).toBe(422);
  });

  // Issue 22: a video was marked watched 0.15 s after it was opened (`watched: [[0, 24]]`).
  it('credits no more than 2× the time since the page was first served, plus 5 s: instant full credit is cut', async () => {
    const video = await createVideo(webmVideo.video!.id);
    await open(video.id);
    wait(0.15);
    const instant = await report(video.id, { position_seconds: 23.9, watched: [[0, 24]] });
    expect(instant.watched_seconds).toBeCloseTo(5.3, 2);
    expect(instant.watched).toEqual([[0, 5.3]]);
    expect(instant.completed_at).toBeNull();
    // The earliest new stretches first; what was credited stays.
    wait(1);
    const skipping = await report(video.id, {
      position_seconds: 23.9,
      watched: [
        [0, 2],
        [10, 24],
      ],
    });
    expect(skipping.watched).toEqual([
      [0, 5.3],
      [10, 12],
    ]);
    // Opening the page again does not restart the clock later, nor earlier.
    await open(video.id);
    const again = await report(video.id, { position_seconds: 23.9, watched: [[0, 24]] });
    expect(again.watched_seconds).toBeCloseTo(7.3, 2);

    // A report for a video whose page was never served gets the allowance only.
    const unopened = await createVideo(webmVideo.video!.id);
    const blind = await report(unopened.id, { position_seconds: 23.9, watched: [[0, 24]] });
    expect(blind.watched_seconds).toBe(5);
    expect(blind.completed_at).toBeNull();
  });

  it('credits honest watching in real time, at 1× and at 2×, reported every ten seconds', async () => {
    const video = await createVideo(webmVideo.video!.id);
    await open(video.id);
    wait(1.5); // the player loads
    for (const at of [10, 20, 23.933]) {
      wait(at === 23.933 ? 3.933 : 10);
      const p = await report(video.id, { position_seconds: at, watched: [[0, at]] });
      expect(p.watched_seconds).toBeCloseTo(at, 3);
    }
    const list = await t.request({ method: 'GET', url: '/api/videos', token: student });
    expect(
      list.json().data.find((v: { id: number }) => v.id === video.id).progress.completed_at,
    ).not.toBeNull();

    const fast = await createVideo(webmVideo.video!.id);
    await open(fast.id);
    wait(0.5);
    wait(6);
    expect((await report(fast.id, { position_seconds: 12, watched: [[0, 12]] })).watched_seconds).toBe(12);
    wait(6);
    const done = await report(fast.id, { position_seconds: 23.933, watched: [[0, 23.933]] });
    expect(done.watched_seconds).toBeCloseTo(23.933, 3);
    expect(done.completed_at).not.toBeNull();
  });

  it('credits watching offline when the outbox syncs it later, and a row from before the rule fairly', async () => {
    const video = await createVideo(webmVideo.video!.id);
    // Opened online (and saved for offline), watched on the bus an hour later, synced in the evening.
    await open(video.id);
    wait(3600 + 24);
    wait(5 * 3600);
    const synced = await report(video.id, { position_seconds: 23.933, watched: [[0, 23.933]] });
    expect(synced.watched_seconds).toBeCloseTo(23.933, 3);
    expect(synced.completed_at).not.toBeNull();
    // Also when the sync comes right after the watching.
    const soon = await createVideo(webmVideo.video!.id);
    await open(soon.id);
    wait(25);
    expect((await report(soon.id, { position_seconds: 23.9, watched: [[0, 23.9]] })).watched_seconds).toBe(
      23.9,
    );

    // Progress saved before opened_at existed: as if earned at 2× just before now.
    const old = await createVideo(webmVideo.video!.id);
    const me = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where(
        'id',
        '=',
        (await t.request({ method: 'GET', url: '/api/refresh', token: student })).json().user.id,
      )
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('content_progress')
      .values({
        user_id: me.id,
        content_id: old.id,
        watched: '[[0,12]]',
        watched_seconds: 12,
        position_seconds: 12,
        updated_at: t.ctx.now().toISOString(),
      })
      .execute();
    await open(old.id);
    const next = await report(old.id, { position_seconds: 23.9, watched: [[0, 23.9]] });
    expect(next.watched).toEqual([[0, 17]]);
    wait(4);
    expect((await report(old.id, { position_seconds: 23.9, watched: [[0, 23.9]] })).watched_seconds).toBe(
      23.9,
    );
  });
});

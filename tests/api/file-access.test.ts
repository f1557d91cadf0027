import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileAccessCalls, startFileAccess } from './file-access-setup.ts';
import { createTopics, newId } from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { dialectsAndStores, type TestApp } from './helpers.ts';

/**
 * Issue 22 item 1: a file is read by its uploader, admins and whoever may see something that uses it; to
 * anyone else it does not exist. File ids in a saved body must be the caller's own or ones they may see.
 * Signed links belong to one session and end with it.
 */
describe.each(dialectsAndStores)('file access (%s, %s)', (dialect, store) => {
  let t: TestApp;
  let admin: string;
  let teacherA: string;
  let teacherB: string;
  let studentA: string;
  let studentB: string;
  let newcomer: string;
  let schoolA: number;
  let schoolB: number;
  let files: Record<string, number>;
  let lectureA: number;
  let videoA: number;
  let assessmentA: number;
  beforeAll(async () => {
    ({
      t,
      admin,
      teacherA,
      teacherB,
      studentA,
      studentB,
      newcomer,
      schoolA,
      schoolB,
      files,
      lectureA,
      videoA,
      assessmentA,
    } = await startFileAccess(dialect, store));
  });
  afterAll(() => t.close());
  const { status, content } = fileAccessCalls(() => t);

  it('lets a student read what their school’s lectures, videos and resources use, and nothing else', async () => {
    expect(await status(files.lectureA!, studentA)).toBe(200);
    expect(await status(files.videoA!, studentA)).toBe(200);
    expect(await status(files.resourceA!, studentA)).toBe(200);
    expect(await status(files.everyone!, studentA)).toBe(200);
    // A teacher's lesson plan and an admin's upload that nothing uses: as if they did not exist.
    expect(await status(files.planA!, studentA)).toBe(404);
    expect(await status(files.loose!, studentA)).toBe(404);
    expect(await status(999_999, studentA)).toBe(404);
  });

  it('shows a newcomer whose school has not approved them only what is for every school', async () => {
    expect(await status(files.everyone!, newcomer)).toBe(200);
    for (const id of [
      files.lectureA,
      files.videoA,
      files.resourceA,
      files.planA,
      files.loose,
      files.question,
    ])
      expect(await status(id!, newcomer), `file ${id}`).toBe(404);
  });

  it('answers 404 to a student and a teacher of another school, and to a teacher for an unattached upload', async () => {
    for (const token of [studentB, teacherB])
      for (const id of [files.lectureA, files.videoA, files.resourceA, files.planA, files.loose])
        expect(await status(id!, token)).toBe(404);
    // The school's own teacher sees what is aimed at their school, not the admin's loose upload.
    expect(await status(files.lectureA!, teacherA)).toBe(200);
    expect(await status(files.resourceA!, teacherA)).toBe(200);
    expect(await status(files.planA!, teacherA)).toBe(200);
    expect(await status(files.loose!, teacherA)).toBe(404);
    expect(await status(files.loose!, admin)).toBe(200);
  });

  it('shows a question’s picture to a student once the question is in their attempt, and to staff', async () => {
    expect(await status(files.question!, teacherB)).toBe(200);
    expect(await status(files.question!, studentA)).toBe(404);
    const started = await t.request({
      method: 'POST',
      url: '/api/attempts',
      token: studentA,
      payload: { id: newId(), assessment_id: assessmentA },
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    expect(await status(files.question!, studentA)).toBe(200);
    expect(await status(files.question!, studentB)).toBe(404);
  });

  it('answers 401 to a logged-out token', async () => {
    const u = await createUser(t, { taken_diagnostics: 1, school_id: schoolA });
    const token = await t.login(u.email, u.password);
    expect(await status(files.lectureA!, token)).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBeLessThan(300);
    expect(await status(files.lectureA!, token)).toBe(401);
  });

  it('refuses another school’s file id in a saved body with 422 on that field', async () => {
    const foreign = `/api/files/${files.planA}`;
    const expect422 = (res: { statusCode: number; body: string; json(): unknown }, field: string) => {
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json() as { errors: Record<string, string[]> }).errors[field]?.[0]).toMatch(
        /not yours to use/,
      );
    };
    const live = {
      title: 'Q&A',
      published: true,
      school_ids: [schoolB],
      starts_at: new Date(Date.now() + 3600_000).toISOString(),
      ends_at: new Date(Date.now() + 7200_000).toISOString(),
    };
    expect422(
      await content('live-discussion', teacherB, { ...live, attachment_file_ids: [files.planA] }),
      'attachment_file_ids',
    );
    expect422(
      await content('live-discussion', teacherB, { ...live, body_html: `<img src="${foreign}" alt="">` }),
      'body_html',
    );
    expect422(
      await content('video', teacherB, {
        ...live,
        video_file_id: files.videoA,
        starts_at: null,
        ends_at: null,
      }),
      'video_file_id',
    );
    const [topic] = await createTopics(t, admin, 1);
    const question = {
      micro_topic_id: topic,
      difficulty: 1,
      stem: '<p>Which?</p>',
      explanation: '',
      content: { type: 'true_false', correct: true },
    };
    // Questions are the admins' to write: any stored file is theirs to use, one that does not exist is not.
    const ask = (body: object) =>
      t.request({ method: 'POST', url: '/api/admin/questions', token: admin, payload: body });
    expect422(await ask({ ...question, image_url: '/api/files/999999' }), 'image_url');
    expect422(await ask({ ...question, stem: '<p>Which?</p><img src="/api/files/999998" alt="">' }), 'stem');
    const announce = await t.request({
      method: 'POST',
      url: '/api/admin/announcements',
      token: teacherB,
      payload: { title: 'Look', body: `<p>Look</p><img src="${foreign}" alt="">`, audience: 'everyone' },
    });
    expect422(announce, 'body');
    // Their own upload, and a file they may already see, are theirs to use.
    expect(
      (await content('live-discussion', teacherB, { ...live, attachment_file_ids: [files.ownB] })).statusCode,
    ).toBe(201);
    expect((await ask({ ...question, image_url: foreign })).statusCode).toBe(201);
    // Nothing was handed over: the other school's students still cannot read the plan.
    expect(await status(files.planA!, studentB)).toBe(404);
  });

  it('signs links per session; they work without a token (Range too) and stop when the session ends', async () => {
    const u = await createUser(t, { taken_diagnostics: 1, school_id: schoolA });
    const [one, two] = [await t.login(u.email, u.password), await t.login(u.email, u.password)];
    const srcOf = async (token: string) =>
      (await t.request({ method: 'GET', url: `/api/videos/${videoA}`, token })).json().video.src as string;
    const [link, other] = [await srcOf(one), await srcOf(two)];
    expect(link).toMatch(new RegExp(`^/api/files/${files.videoA}\\?`));
    expect(other).not.toBe(link);
    const whole = await t.request({ method: 'GET', url: link });
    expect(whole.statusCode).toBe(200);
    const part = await t.request({ method: 'GET', url: link, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);

    // A lecture's attachment link too; another school's file id under this session's signature opens nothing.
    const lecture = await t.request({ method: 'GET', url: `/api/lectures/${lectureA}`, token: one });
    const attachment = lecture.json().lecture.attachments[0].url as string;
    expect((await t.request({ method: 'GET', url: attachment })).statusCode).toBe(200);

    await t.request({ method: 'POST', url: '/api/auth/logout', token: one });
    const ended = await t.request({ method: 'GET', url: link, headers: { range: 'bytes=0-99' } });
    expect(ended.statusCode).toBe(403);
    expect(ended.json().message).toMatch(/ended/);
    expect((await t.request({ method: 'GET', url: attachment })).statusCode).toBe(403);
    // The other session's link lives on until that session ends.
    expect((await t.request({ method: 'GET', url: other })).statusCode).toBe(200);
  });

  it('ends a signed link when its user may no longer read the file (moved to another school)', async () => {
    const u = await createUser(t, { taken_diagnostics: 1, school_id: schoolA });
    const token = await t.login(u.email, u.password);
    const lecture = await t.request({ method: 'GET', url: `/api/lectures/${lectureA}`, token });
    const link = lecture.json().lecture.attachments[0].url as string;
    expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(200);
    // The student moves to school B: they ask, school B's teacher approves.
    const { id: request } = await t.ctx.db
      .insertInto('school_requests')
      .values({ user_id: u.id, school_id: schoolB, status: 'pending', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const approved = await t.request({
      method: 'POST',
      url: `/api/admin/school-requests/${request}/approve`,
      token: teacherB,
    });
    expect(approved.statusCode, approved.body).toBeLessThan(300);
    expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(404);
    expect(await status(files.lectureA!, token)).toBe(404);
  });
});

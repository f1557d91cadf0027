import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPdf } from '../../src/server/seed/tiny-pdf.ts';
import { mp4, PNG } from './factories/file-samples.ts';
import { createAssessment, createQuestion, createTopics, newId } from './factories/learning.ts';
import { multipart } from './factories/multipart.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 22 item 1: a file is read by its uploader, admins and whoever may see something that uses it; to
 * anyone else it does not exist. File ids in a saved body must be the caller's own or ones they may see.
 * Signed links belong to one session and end with it.
 */
describe.each(dialects)('file access (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacherA: string;
  let teacherB: string;
  let studentA: string;
  let studentB: string;
  /** Registered, asked to join school A, not approved yet: in no school. */
  let newcomer: string;
  let schoolA: number;
  let schoolB: number;
  const files: Record<string, number> = {};
  let lectureA: number;
  let videoA: number;
  let assessmentA: number;

  const upload = async (token: string, name: string, content: Buffer, kind = 'document') => {
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/files?kind=${kind}`,
      token,
      ...multipart(name, content),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().file.id as number;
  };
  const read = (id: number, token?: string, headers?: Record<string, string>) =>
    t.request({ method: 'GET', url: `/api/files/${id}`, token, headers });
  const status = async (id: number, token?: string) => (await read(id, token)).statusCode;
  const content = async (kind: string, token: string, body: object) =>
    t.request({ method: 'POST', url: `/api/admin/content/${kind}`, token, payload: body });

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'none' });
    const db = t.ctx.db;
    const now = new Date().toISOString();
    const { id: location } = await db
      .insertInto('locations')
      .values({ name: 'Riverside' })
      .returning('id')
      .executeTakeFirstOrThrow();
    [schoolA, schoolB] = await Promise.all(
      ['Acorn Preschool', 'Birch Early Learning'].map(
        async (name) =>
          (
            await db
              .insertInto('schools')
              .values({ name, location_id: location, created_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      ),
    );
    const users = await Promise.all([
      createUser(t, { is_admin: 1 }),
      createUser(t, { is_teacher: 1 }),
      createUser(t, { is_teacher: 1 }),
      createUser(t, { taken_diagnostics: 1, school_id: schoolA, location_id: location }),
      createUser(t, { taken_diagnostics: 1, school_id: schoolB, location_id: location }),
      createUser(t, { taken_diagnostics: 1, school_id: null, location_id: location }),
    ]);
    await db
      .insertInto('teacher_schools')
      .values([
        { user_id: users[1]!.id, school_id: schoolA },
        { user_id: users[2]!.id, school_id: schoolB },
      ])
      .execute();
    await db
      .insertInto('school_requests')
      .values({ user_id: users[5]!.id, school_id: schoolA, status: 'pending', created_at: now })
      .execute();
    [admin, teacherA, teacherB, studentA, studentB, newcomer] = await Promise.all(
      users.map((u) => t.login(u.email, u.password)),
    );

    const pdf = (title: string) => tinyPdf(title, [{ paragraphs: [title] }]);
    files.lectureA = await upload(admin, 'school-a-handout.pdf', pdf('A handout'));
    files.everyone = await upload(admin, 'for-everyone.pdf', pdf('For everyone'));
    files.planA = await upload(teacherA, 'lesson-plan.pdf', pdf('Lesson plan'));
    files.loose = await upload(admin, 'unattached.pdf', pdf('Unattached'));
    files.resourceA = await upload(admin, 'resource-a.pdf', pdf('Resource A'));
    files.videoA = await upload(admin, 'clip.mp4', mp4(64 * 1024), 'video');
    files.question = await upload(admin, 'question.png', PNG, 'image');
    files.ownB = await upload(teacherB, 'mine.png', PNG, 'image');

    const lecture = await content('lecture', admin, {
      title: 'Lecture for A',
      published: true,
      school_ids: [schoolA],
      attachment_file_ids: [files.lectureA],
    });
    expect(lecture.statusCode, lecture.body).toBe(201);
    lectureA = lecture.json().item.id;
    const open = await content('lecture', admin, {
      title: 'Lecture for every school',
      published: true,
      body_html: `<p>See</p><img src="/api/files/${files.everyone}" alt="A chart">`,
    });
    expect(open.statusCode, open.body).toBe(201);
    const video = await content('video', admin, {
      title: 'Video for A',
      published: true,
      school_ids: [schoolA],
      video_file_id: files.videoA,
    });
    expect(video.statusCode, video.body).toBe(201);
    videoA = video.json().item.id;

    const folder = await t.request({
      method: 'POST',
      url: '/api/admin/resources/folders',
      token: admin,
      payload: { name: 'A only', school_ids: [schoolA] },
    });
    const resource = await t.request({
      method: 'POST',
      url: '/api/admin/resources',
      token: admin,
      payload: { folder_id: folder.json().folder.id, file_id: files.resourceA, title: 'For A' },
    });
    expect(resource.statusCode, resource.body).toBe(201);

    const [topic] = await createTopics(t, admin, 1);
    const question = await createQuestion(t, admin, topic!, 'true_false');
    const withImage = await t.request({
      method: 'GET',
      url: `/api/admin/questions/${question}`,
      token: admin,
    });
    const q = withImage.json().question;
    const put = await t.request({
      method: 'PUT',
      url: `/api/admin/questions/${question}`,
      token: admin,
      payload: {
        micro_topic_id: q.micro_topic_id,
        difficulty: q.difficulty,
        stem: q.stem,
        explanation: q.explanation,
        image_url: `/api/files/${files.question}`,
        content: q.content,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    assessmentA = await createAssessment(t, admin, { question_ids: [question], school_ids: [schoolA] });
  });
  afterAll(() => t.close());

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

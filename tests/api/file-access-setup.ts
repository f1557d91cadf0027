import { expect } from 'vitest';
import { tinyPdf } from '../../src/server/seed/tiny-pdf.ts';
import { mp4, PNG } from './factories/file-samples.ts';
import { createAssessment, createQuestion, createTopics } from './factories/learning.ts';
import { multipart } from './factories/multipart.ts';
import { createUser } from './factories/users.ts';
import { startTestApp, type DialectName, type StoreName, type TestApp } from './helpers.ts';

/** The world of file-access.test.ts: two schools, their staff and students, and files used in each place. */
export interface FileAccessWorld {
  t: TestApp;
  admin: string;
  teacherA: string;
  teacherB: string;
  studentA: string;
  studentB: string;
  /** Registered, asked to join school A, not approved yet: in no school. */
  newcomer: string;
  schoolA: number;
  schoolB: number;
  files: Record<string, number>;
  lectureA: number;
  videoA: number;
  assessmentA: number;
}

export async function startFileAccess(dialect: DialectName, store?: StoreName): Promise<FileAccessWorld> {
  const files: Record<string, number> = {};
  const t = await startTestApp(dialect, { seed: 'none' }, { store });
  const { upload, content } = fileAccessCalls(() => t);
  const db = t.ctx.db;
  const now = new Date().toISOString();
  const { id: location } = await db
    .insertInto('locations')
    .values({ name: 'Riverside' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [schoolA, schoolB] = await Promise.all(
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
  const [admin, teacherA, teacherB, studentA, studentB, newcomer] = await Promise.all(
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
  const lectureA = lecture.json().item.id;
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
  const videoA = video.json().item.id;

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
  const assessmentA = await createAssessment(t, admin, { question_ids: [question], school_ids: [schoolA] });
  return {
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
  };
}

/** Calls on the app `app()` gives. */
export function fileAccessCalls(app: () => TestApp) {
  const upload = async (token: string, name: string, content: Buffer, kind = 'document') => {
    const res = await app().request({
      method: 'POST',
      url: `/api/admin/files?kind=${kind}`,
      token,
      ...multipart(name, content),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().file.id as number;
  };
  const read = (id: number, token?: string, headers?: Record<string, string>) =>
    app().request({ method: 'GET', url: `/api/files/${id}`, token, headers });
  const status = async (id: number, token?: string) => (await read(id, token)).statusCode;
  const content = async (kind: string, token: string, body: object) =>
    app().request({ method: 'POST', url: `/api/admin/content/${kind}`, token, payload: body });
  return { upload, read, status, content };
}

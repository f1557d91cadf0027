import type { LightMyRequestResponse } from 'fastify';
import { mp4, PNG } from './file-samples.ts';
import { multipart } from './multipart.ts';
import type { World } from './principals.ts';
import { createUser } from './users.ts';

type FilePrincipal =
  'student' | 'foreignStudent' | 'teacher' | 'foreignTeacher' | 'newcomer' | 'loggedOut' | 'admin';

/** The objects of the authorization matrix's file rows (authorization-file-rows.ts). */
export interface FileWorld {
  w: World;
  tokens: Record<FilePrincipal, string>;
  /** Side A's objects that use its file. */
  a: { file: number; video: number; lecture: number; resource: number; folder: number };
  /** An image of the admin's that nothing uses yet: a question showing it would open it to every teacher. */
  loose: number;
}

export async function must(
  res: LightMyRequestResponse,
  what: string,
): Promise<Record<string, { id: number }>> {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, { id: number }>;
}

/** Side A's file in use, the newcomer, a logged-out token: made once per world. */
export async function buildFileWorld(w: World): Promise<FileWorld> {
  const t = w.t;
  const A = w.sides.A.school.id;
  const up = async (name: string, bytes: Buffer, kind: string) =>
    (
      await must(
        await t.request({
          method: 'POST',
          url: `/api/admin/files?kind=${kind}`,
          token: w.adminToken,
          ...multipart(name, bytes),
        }),
        'upload',
      )
    ).file!.id;
  const file = await up('a-only.png', PNG, 'image');
  const clip = await up('a-only.mp4', mp4(8 * 1024), 'video');
  const admin = (url: string, payload: object) =>
    t.request({ method: 'POST', url, token: w.adminToken, payload });
  const lecture = (
    await must(
      await admin('/api/admin/content/lecture', {
        title: w.unique('A lecture'),
        published: true,
        school_ids: [A],
        attachment_file_ids: [file],
      }),
      'lecture',
    )
  ).item!.id;
  const video = (
    await must(
      await admin('/api/admin/content/video', {
        title: w.unique('A video'),
        published: true,
        school_ids: [A],
        video_file_id: clip,
        poster_file_id: file,
      }),
      'video',
    )
  ).item!.id;
  const folder = (
    await must(
      await admin('/api/admin/resources/folders', { name: w.unique('A only'), school_ids: [A] }),
      'folder',
    )
  ).folder!.id;
  const resource = (
    await must(
      await admin('/api/admin/resources', { folder_id: folder, file_id: file, title: 'A only' }),
      'resource',
    )
  ).resource!.id;

  const newcomer = await createUser(t, { taken_diagnostics: 1, school_id: null });
  await t.ctx.db
    .insertInto('school_requests')
    .values({ user_id: newcomer.id, school_id: A, status: 'pending', created_at: new Date().toISOString() })
    .execute();
  const gone = await createUser(t, { taken_diagnostics: 1, school_id: A });
  const loggedOut = await t.login(gone.email, gone.password);
  await must(await t.request({ method: 'POST', url: '/api/auth/logout', token: loggedOut }), 'logout').catch(
    () => null,
  );
  const p = w.principals;
  return {
    w,
    tokens: {
      student: p.student.token!,
      foreignStudent: p.foreignStudent.token!,
      teacher: p.teacher.token!,
      foreignTeacher: p.foreignTeacher.token!,
      newcomer: await t.login(newcomer.email, newcomer.password),
      loggedOut,
      admin: p.admin.token!,
    },
    a: { file, video, lecture, resource, folder },
    loose: await up('loose.png', PNG, 'image'),
  };
}

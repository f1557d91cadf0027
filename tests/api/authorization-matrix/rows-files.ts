import type { LightMyRequestResponse } from 'fastify';
import type { Side, World } from '../factories/principals.ts';
import { type Ctx, type Row } from './table.ts';

export const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A resource folder aimed at the side's school, made by the admin (fresh: for the routes that change it). */
export async function freshFolder(x: Ctx): Promise<number> {
  const res = await x.w.t.request({
    method: 'POST',
    url: '/api/admin/resources/folders',
    token: x.w.adminToken,
    payload: { name: x.w.unique(`Matrix folder ${x.at.side}`), school_ids: [x.at.school.id] },
  });
  if (res.statusCode !== 201) throw new Error(`add a folder: ${res.statusCode} ${res.body}`);
  return (res.json() as { folder: { id: number } }).folder.id;
}
/** A file in a new folder aimed at the side's school, added by the admin. */
export async function freshResource(x: Ctx): Promise<number> {
  const res = await x.w.t.request({
    method: 'POST',
    url: '/api/admin/resources',
    token: x.w.adminToken,
    payload: {
      folder_id: await freshFolder(x),
      file_id: await freshFile(x.w),
      title: x.w.unique(`Matrix resource ${x.at.side}`),
    },
  });
  if (res.statusCode !== 201) throw new Error(`add a resource: ${res.statusCode} ${res.body}`);
  return (res.json() as { resource: { id: number } }).resource.id;
}
export const sideResources = new WeakMap<World, Map<string, Promise<{ folder: number; resource: number }>>>();
/** The folders resourceOf made, for a row's query (which cannot wait): its params make them first. */
export const sideFolders = new Map<string, number>();
/** One folder with one file per side, made once, for the routes that read them. */
export function resourceOf(x: Ctx): Promise<{ folder: number; resource: number }> {
  const made = sideResources.get(x.w) ?? new Map<string, Promise<{ folder: number; resource: number }>>();
  sideResources.set(x.w, made);
  if (!made.has(x.at.side))
    made.set(
      x.at.side,
      (async () => {
        const resource = await freshResource(x);
        const res = await x.w.t.request({
          method: 'GET',
          url: `/api/resources/files/${resource}`,
          token: x.w.adminToken,
        });
        const folder = (res.json() as { resource: { folder_id: number } }).resource.folder_id;
        sideFolders.set(`${x.w.dialect} ${x.at.side}`, folder);
        return { folder, resource };
      })(),
    );
  return made.get(x.at.side)!;
}
/** Nobody but an admin is shown a folder aimed only at schools that are not theirs. */
export const onlyOwnFolders = (res: LightMyRequestResponse, x: Ctx) => {
  if (x.who.role === 'admin' || !x.who.account) return null;
  const mine = x.who.role === 'teacher' ? x.w.teacherSchools(x.who) : [x.who.account.school_id];
  const bad = (res.json() as { folders: { id: number; school_ids: number[] }[] }).folders.filter(
    (f) => f.school_ids.length > 0 && !f.school_ids.some((s) => mine.includes(s)),
  );
  return bad.length ? `lists folders ${bad.map((f) => f.id).join(', ')} of other schools` : null;
};

/** One image per side, attached to a published lecture aimed only at the side's school (made once). */
export const sideFiles = new WeakMap<World, Partial<Record<Side, Promise<number>>>>();
export function sideFileOf(x: Ctx): Promise<number> {
  const made = sideFiles.get(x.w) ?? {};
  sideFiles.set(x.w, made);
  return (made[x.at.side] ??= (async () => {
    const file = await freshFile(x.w);
    const res = await x.w.t.request({
      method: 'POST',
      url: '/api/admin/content/lecture',
      token: x.w.adminToken,
      payload: {
        title: x.w.unique(`Matrix handout ${x.at.side}`),
        published: true,
        school_ids: [x.at.school.id],
        attachment_file_ids: [file],
      },
    });
    if (res.statusCode !== 201) throw new Error(`attach a file: ${res.statusCode} ${res.body}`);
    return file;
  })());
}

/** A new image uploaded by the admin (for a route that deletes it). */
export async function freshFile(w: World): Promise<number> {
  const boundary = 'matrixboundary';
  const bytes = Buffer.from(PNG.slice(PNG.indexOf(',') + 1), 'base64');
  const res = await w.t.request({
    method: 'POST',
    url: '/api/admin/files?kind=image',
    token: w.adminToken,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (res.statusCode !== 201) throw new Error(`upload a file: ${res.statusCode} ${res.body}`);
  return (res.json() as { file: { id: number } }).file.id;
}
//                                     anonymous | student | foreign student | teacher | foreign teacher | admin
export const FILES_ROWS: Record<string, Row> = {
  // Uploaded files: staff upload (the matrix sends no multipart body, so staff get the 422 asking for a file);
  // a file is read by whoever may see something using it (here a lecture aimed at the side's school), its
  // uploader and admins; to anyone else it does not exist. More principals: authorization-file-rows.ts.
  'POST /api/admin/files': { expect: '401 | 403 | 403 | ok | ok | ok' },
  // Without a token, only a signed link reads a file (tests/api/file-access.test.ts); the matrix sends none.
  'GET /api/files/:id': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await sideFileOf(x) }),
  },
  // The uploader (here the admin) or an admin deletes a file; a teacher deletes only their own uploads.
  'DELETE /api/admin/files/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await freshFile(x.w) }),
  },

  // Resources: students and teachers read the folders of their schools (and of every school); staff manage them,
  // a teacher only those aimed at their own schools. Another school's folder is a 404.
  'GET /api/resources/folders': { expect: '401 | ok | ok | ok | ok | ok', reveals: onlyOwnFolders },
  'GET /api/resources/files': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => {
      await resourceOf(x);
      return {};
    },
    query: (x) => ({ folder: sideFolders.get(`${x.w.dialect} ${x.at.side}`)! }),
  },
  'GET /api/resources/files/:id': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: (await resourceOf(x)).resource }),
  },
  'POST /api/admin/resources/folders': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    body: (x) => ({ name: x.w.unique('Matrix folder'), school_ids: [x.at.school.id] }),
  },
  'PUT /api/admin/resources/folders/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await freshFolder(x) }),
    body: (x) => ({ name: x.w.unique('Renamed folder'), school_ids: [x.at.school.id] }),
  },
  'DELETE /api/admin/resources/folders/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await freshFolder(x) }),
  },
  // A file uploaded by someone else, or a folder of another school, is a 422 on its field: checked in resources.test.ts.
  'POST /api/admin/resources': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    body: async (x) => ({
      folder_id: await freshFolder(x),
      file_id: await freshFile(x.w),
      title: 'Matrix file',
    }),
  },
  'PUT /api/admin/resources/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await freshResource(x) }),
    body: async (x) => ({
      folder_id: (
        (
          await x.w.t.request({ method: 'GET', url: '/api/resources/folders', token: x.w.adminToken })
        ).json() as { folders: { id: number; school_ids: number[] }[] }
      ).folders.find((f) => f.school_ids.includes(x.at.school.id))!.id,
      title: 'Renamed file',
    }),
  },
  'DELETE /api/admin/resources/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await freshResource(x) }),
  },
};

import type { z } from 'zod';
import type { RouteInfo } from '../../src/server/plugins/routes.ts';
import { buildFileWorld, must, type FileWorld } from './factories/file-world.ts';

/**
 * The authorization matrix's object-level rows for file-bearing routes (issue 22 item 1): each route is called
 * about side A's file (attached to a lecture, playing in a video and listed in a resource, all aimed only at
 * side A's school) by seven principals: side A's student and teacher, side B's (another school's), a
 * newcomer whose request to join side A's school nobody has approved, a logged-out token, and an admin. A
 * write names side A's file in its body; reading or saving it must be refused to all who may not see it.
 *
 * Cells: `ok` (2xx, or a 409 a business rule gives), or the exact status expected.
 */
export { buildFileWorld, type FileWorld };

export const FILE_PRINCIPALS = [
  'student',
  'foreignStudent',
  'teacher',
  'foreignTeacher',
  'newcomer',
  'loggedOut',
  'admin',
] as const;
export type FilePrincipal = (typeof FILE_PRINCIPALS)[number];

interface FileCtx {
  f: FileWorld;
  who: FilePrincipal;
  /** The caller's own school (side A for the newcomer, who asked to join it). */
  school: number;
}
interface FileRow {
  /** Cells in FILE_PRINCIPALS order, separated by `|`. */
  expect: string;
  params?: (x: FileCtx) => Promise<Record<string, string | number>> | Record<string, string | number>;
  query?: (x: FileCtx) => Record<string, string | number>;
  body?: (x: FileCtx) => Promise<unknown> | unknown;
}

const img = (id: number) => `<p>See</p><img src="/api/files/${id}" alt="">`;
const later = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

/** A live discussion aimed at the caller's school, made by the admin (a teacher may edit it). */
async function liveFor(x: FileCtx): Promise<number> {
  const res = await x.f.w.t.request({
    method: 'POST',
    url: '/api/admin/content/live-discussion',
    token: x.f.w.adminToken,
    payload: {
      title: x.f.w.unique('File row live'),
      published: false,
      school_ids: [x.school],
      starts_at: later(1),
      ends_at: later(2),
    },
  });
  return (await must(res, 'add a live discussion')).item!.id;
}

/** An announcement the caller may edit (their own; the admin's for everyone else). */
async function announcementOf(x: FileCtx): Promise<number> {
  const author = x.who === 'teacher' || x.who === 'foreignTeacher' ? x.f.tokens[x.who] : x.f.w.adminToken;
  const res = await x.f.w.t.request({
    method: 'POST',
    url: '/api/admin/announcements',
    token: author,
    payload: {
      title: x.f.w.unique('File row notice'),
      body: '<p>Notice</p>',
      audience: 'schools',
      school_ids: [x.school],
      publish_at: later(24),
    },
  });
  return (await must(res, 'write an announcement')).announcement!.id;
}

/** A resource folder aimed at the caller's school. */
async function folderFor(x: FileCtx): Promise<number> {
  const res = await x.f.w.t.request({
    method: 'POST',
    url: '/api/admin/resources/folders',
    token: x.f.w.adminToken,
    payload: { name: x.f.w.unique('File row folder'), school_ids: [x.school] },
  });
  return (await must(res, 'add a folder')).folder!.id;
}

const questionBody = (x: FileCtx) => ({
  micro_topic_id: x.f.w.kg.microTopic,
  difficulty: 1,
  stem: img(x.f.loose),
  explanation: '',
  image_url: `/api/files/${x.f.loose}`,
  content: { type: 'true_false', correct: true },
});

export const FILE_ROWS: Record<string, FileRow> = {
  // Reading the bytes: with the token; signed links are in file-access.test.ts.
  'GET /api/files/:id': {
    expect: 'ok | 404 | ok | 404 | 404 | 401 | ok',
    params: (x) => ({ id: x.f.a.file }),
  },
  // Only the uploader (the admin here) or an admin deletes; used, it asks first (409).
  'DELETE /api/admin/files/:id': {
    expect: '403 | 403 | 403 | 403 | 403 | 401 | ok',
    params: (x) => ({ id: x.f.a.file }),
  },
  // Staff upload (the row sends no multipart body, so staff are asked for the file).
  'POST /api/admin/files': { expect: '403 | 403 | 422 | 422 | 403 | 401 | 422' },
  // Reads that hand out signed links to side A's file.
  'GET /api/lectures/:id': {
    expect: 'ok | 404 | ok | 404 | 404 | 401 | ok',
    params: (x) => ({ id: x.f.a.lecture }),
  },
  'GET /api/videos/:id': {
    expect: 'ok | 404 | ok | 404 | 404 | 401 | ok',
    params: (x) => ({ id: x.f.a.video }),
  },
  'GET /api/resources/files/:id': {
    expect: 'ok | 404 | ok | 404 | 404 | 401 | ok',
    params: (x) => ({ id: x.f.a.resource }),
  },
  'GET /api/resources/files': {
    expect: 'ok | 404 | ok | 404 | 404 | 401 | ok',
    query: (x) => ({ folder: x.f.a.folder }),
  },
  'GET /api/admin/content/:kind/:id': {
    expect: '403 | 403 | ok | 404 | 403 | 401 | ok',
    params: (x) => ({ kind: 'video', id: x.f.a.video }),
  },
  // Writes naming side A's file: only those who may see it may use it; the rest get 422 on the field.
  'POST /api/admin/content/:kind': {
    expect: '403 | 403 | ok | 422 | 403 | 401 | ok',
    params: () => ({ kind: 'live-discussion' }),
    body: (x) => ({
      title: 'Smuggled',
      published: false,
      school_ids: [x.school],
      starts_at: later(1),
      ends_at: later(2),
      attachment_file_ids: [x.f.a.file],
    }),
  },
  'PUT /api/admin/content/:kind/:id': {
    expect: '403 | 403 | ok | 422 | 403 | 401 | ok',
    params: async (x) => ({ kind: 'live-discussion', id: await liveFor(x) }),
    body: (x) => ({
      title: 'Smuggled',
      published: false,
      school_ids: [x.school],
      starts_at: later(1),
      ends_at: later(2),
      body_html: img(x.f.a.file),
    }),
  },
  'POST /api/admin/announcements': {
    expect: '403 | 403 | ok | 422 | 403 | 401 | ok',
    body: (x) => ({
      title: 'Smuggled',
      body: img(x.f.a.file),
      audience: 'schools',
      school_ids: [x.school],
      publish_at: later(24),
    }),
  },
  'PUT /api/admin/announcements/:id': {
    expect: '403 | 403 | ok | 422 | 403 | 401 | ok',
    params: async (x) => ({ id: await announcementOf(x) }),
    body: (x) => ({
      title: 'Smuggled',
      body: img(x.f.a.file),
      audience: 'schools',
      school_ids: [x.school],
      publish_at: later(24),
    }),
  },
  // Resources take only the caller's own upload (or any, for an admin): side A's teacher did not upload it.
  'POST /api/admin/resources': {
    expect: '403 | 403 | 422 | 422 | 403 | 401 | ok',
    body: async (x) => ({ folder_id: await folderFor(x), file_id: x.f.a.file, title: 'Smuggled' }),
  },
  // The question bank is the admins' to write.
  'POST /api/admin/questions': { expect: '403 | 403 | 403 | 403 | 403 | 401 | ok', body: questionBody },
  'PUT /api/admin/questions/:id': {
    expect: '403 | 403 | 403 | 403 | 403 | 401 | ok',
    params: async (x) => ({ id: await x.f.w.freshQuestion() }),
    body: questionBody,
  },
};

/** Body fields that carry file ids or text that may show a file (rich text images). */
const FILE_FIELDS = [
  'file_id',
  'attachment_file_ids',
  'video_file_id',
  'poster_file_id',
  'image_url',
  'body_html',
  'stem',
];
const keyOf = (r: RouteInfo) => `${Array.isArray(r.method) ? r.method.join(',') : r.method} ${r.url}`;

/**
 * Does this route read a file or hand out links to one, or take file ids in its body? From the route table,
 * so a new file-bearing route fails the matrix until it has a row here.
 */
export function fileBearing(route: RouteInfo): boolean {
  const key = keyOf(route);
  const shape = (route.body as (z.ZodType & { def?: { shape?: Record<string, unknown> } }) | undefined)?.def
    ?.shape;
  if (Object.keys(shape ?? {}).some((f) => FILE_FIELDS.includes(f))) return true;
  return /\/files\b/.test(key) || SHOWS_FILES.includes(key);
}
/** Announcements' `body` is rich text (its images are files); the reads that answer with signed links. */
const SHOWS_FILES = [
  'POST /api/admin/announcements',
  'PUT /api/admin/announcements/:id',
  'GET /api/lectures/:id',
  'GET /api/videos/:id',
  'GET /api/admin/content/:kind/:id',
];

const schoolOf = (f: FileWorld, who: FilePrincipal) =>
  who === 'foreignStudent' || who === 'foreignTeacher' ? f.w.sides.B.school.id : f.w.sides.A.school.id;

/** Runs one row for every principal; the mismatches, described. */
export async function runFileRow(
  f: FileWorld,
  route: RouteInfo,
  fit: (schema: z.ZodType | undefined, given: unknown) => unknown,
): Promise<string[]> {
  const key = keyOf(route);
  const row = FILE_ROWS[key]!;
  const cells = row.expect.split('|').map((c) => c.trim());
  if (cells.length !== FILE_PRINCIPALS.length) return [`${key}: the row has ${cells.length} cells`];
  const failures: string[] = [];
  for (const [i, who] of FILE_PRINCIPALS.entries()) {
    const x: FileCtx = { f, who, school: schoolOf(f, who) };
    let url = route.url;
    for (const [k, v] of Object.entries(row.params ? await row.params(x) : {}))
      url = url.replace(`:${k}`, String(v));
    const body = route.body || row.body ? fit(route.body, await row.body?.(x)) : undefined;
    const query = row.query
      ? Object.fromEntries(Object.entries(row.query(x)).map(([k, v]) => [k, String(v)]))
      : undefined;
    const method = (Array.isArray(route.method) ? route.method[0] : route.method) as 'GET';
    const res = await f.w.t.request({
      method,
      url,
      token: f.tokens[who],
      ...(query ? { query } : {}),
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });
    const cell = cells[i]!;
    const pass =
      cell === 'ok' ? res.statusCode < 300 || res.statusCode === 409 : res.statusCode === Number(cell);
    if (!pass) {
      const leak = cell !== 'ok' && res.statusCode < 300 ? 'LEAK ' : '';
      failures.push(
        `${leak}${key} as ${who}: expected ${cell}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
      );
    }
    if (pass && cell === '422') {
      const fields = Object.keys((res.json() as { errors?: object }).errors ?? {});
      if (!fields.some((k) => FILE_FIELDS.includes(k) || k === 'body' || k === 'file'))
        failures.push(`${key} as ${who}: a 422 that names no file field (${fields.join(', ')})`);
    }
  }
  return failures;
}

export { keyOf as fileRowKeyOf };

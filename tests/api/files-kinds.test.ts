import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPdf } from '../../src/server/seed/tiny-pdf.ts';
import { keyPath } from '../../src/server/features/files/file-store.ts';
import { createFilesService } from '../../src/server/features/files/files.service.ts';
import { FILE_KINDS, OFFICE_TYPES } from '../../src/shared/contracts/files.ts';
import { DOCX, ELF, HTML, mp4, PNG, SVG, webm, WINDOWS_EXE, zip } from './factories/file-samples.ts';
import { multipart } from './factories/multipart.ts';
import { sessionIdOf } from './factories/sessions.ts';
import { filesUnder } from './factories/stored-files.ts';
import { createUser } from './factories/users.ts';
import { dialectsAndStores, startTestApp, type TestApp } from './helpers.ts';

const MB = 1024 * 1024;

// Videos, documents, signed links and deleting (images: files.test.ts).
describe.each(dialectsAndStores)('files: videos, documents, links, deleting (%s, %s)', (dialect, store) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let otherTeacher: string;
  let student: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'none' }, { store });
    const users = await Promise.all([
      createUser(t, { is_admin: 1 }),
      createUser(t, { is_teacher: 1 }),
      createUser(t, { is_teacher: 1 }),
      createUser(t, { taken_diagnostics: 1 }),
    ]);
    [admin, teacher, otherTeacher, student] = await Promise.all(
      users.map((u) => t.login(u.email, u.password)),
    );
  });
  afterAll(() => t.close());

  const send = (token: string | undefined, kind: string, filename: string, content: Buffer) =>
    t.request({
      method: 'POST',
      url: `/api/admin/files?kind=${kind}`,
      token,
      ...multipart(filename, content),
    });
  const rows = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Refused with `status`; no row and no bytes (under a key or as a temporary upload) left behind. */
  async function refused(kind: string, filename: string, content: Buffer, status: number, message: RegExp) {
    const before = { rows: await rows(), files: await t.storedFiles() };
    const res = await send(admin, kind, filename, content);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().errors.file[0]).toMatch(message);
    expect(await rows()).toBe(before.rows);
    expect(await t.storedFiles()).toEqual(before.files);
    expect((await t.storedFiles()).filter((f) => f.includes('incoming/'))).toEqual([]);
  }

  it('accepts MP4 and WebM videos, PDFs, plain text and Office files by their content', async () => {
    const cases: Array<[string, string, Buffer, string]> = [
      ['video', 'clip.mov', mp4(), 'video/mp4'],
      ['video', 'clip', webm(), 'video/webm'],
      ['document', 'notes.bin', tinyPdf('Notes', [{ paragraphs: ['Hello'] }]), 'application/pdf'],
      [
        'document',
        'plan.txt',
        Buffer.from('Morning routine\n- arrival\n- handwashing, then snack\nA < B is fine.\n'),
        'text/plain',
      ],
      ['document', 'letter.docx', DOCX, OFFICE_TYPES.docx],
      ['document', 'photo.png', PNG, 'image/png'],
    ];
    for (const [kind, name, content, mime] of cases) {
      const res = await send(teacher, kind, name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      expect(res.json().file).toMatchObject({ kind, mime, size: content.length });
    }
  });

  it('refuses executables, markup, empty files and look-alikes for every kind, leaving nothing behind', async () => {
    await refused('video', 'holiday.mp4', WINDOWS_EXE, 422, /MP4 or WebM/);
    await refused('video', 'holiday.mp4', ELF, 422, /MP4 or WebM/);
    await refused('document', 'report.pdf', WINDOWS_EXE, 422, /PDF/);
    await refused('document', 'run.txt', Buffer.from('#!/bin/sh\nrm -rf /\n'), 422, /PDF/);
    await refused('document', 'page.txt', HTML, 422, /PDF/);
    await refused('document', 'drawing.txt', SVG, 422, /PDF/);
    await refused('document', 'data.xml', Buffer.from('<?xml version="1.0"?><a>1</a>'), 422, /PDF/);
    await refused('image', 'drawing.png', SVG, 422, /PNG, JPEG, GIF or WebP/);
    // A zip that is not an Office file, and text with a NUL byte (binary).
    await refused('document', 'archive.docx', zip({ 'setup.exe': 'MZ' }), 422, /PDF/);
    await refused('document', 'odd.txt', Buffer.from('text\0with a NUL'), 422, /PDF/);
    // A PDF is not a video, a video is not a document.
    await refused('video', 'a.mp4', tinyPdf('x', [{ paragraphs: ['x'] }]), 422, /MP4 or WebM/);
    await refused('document', 'a.pdf', mp4(), 422, /PDF/);
    await refused('video', 'empty.mp4', Buffer.alloc(0), 422, /empty/);
    await refused('document', 'empty.pdf', Buffer.alloc(0), 422, /empty/);
  });

  it('refuses a file over its kind’s limit with 413 (the video limit applies to videos)', async () => {
    expect(FILE_KINDS.video.maxBytes).toBe(500 * MB);
    expect(FILE_KINDS.document.maxBytes).toBe(50 * MB);
    // The same code path as 500 MB, without sending 500 MB: the limit is read from FILE_KINDS per request.
    const video = FILE_KINDS.video as { maxBytes: number };
    const limit = video.maxBytes;
    video.maxBytes = 64 * 1024;
    try {
      await refused('video', 'long.mp4', mp4(70 * 1024), 413, /video may be at most 64 KB/);
      expect((await send(admin, 'video', 'short.mp4', mp4(10 * 1024))).statusCode).toBe(201);
    } finally {
      video.maxBytes = limit;
    }
  });

  it('streams a video of several multipart parts in, reads a range across parts, and refuses one past the limit mid-way', async () => {
    // Over two of the bucket store's 8 MB parts (one file on disk): the same answers from either store.
    const big = mp4(18 * MB);
    const { file } = (await send(admin, 'video', 'lesson.mp4', big)).json();
    expect(file.size).toBe(big.length);
    const span = await t.request({
      method: 'GET',
      url: file.url,
      token: admin,
      headers: { range: `bytes=${8 * MB - 10}-${8 * MB + 9}` },
    });
    expect(span.statusCode).toBe(206);
    expect(span.headers['content-range']).toBe(`bytes ${8 * MB - 10}-${8 * MB + 9}/${big.length}`);
    expect(span.rawPayload.equals(big.subarray(8 * MB - 10, 8 * MB + 10))).toBe(true);

    // Refused after a first part has already gone to the bucket: the multipart upload is aborted.
    const video = FILE_KINDS.video as { maxBytes: number };
    const limit = video.maxBytes;
    video.maxBytes = 12 * MB;
    try {
      await refused('video', 'too-long.mp4', mp4(13 * MB), 413, /video may be at most 12 MB/);
    } finally {
      video.maxBytes = limit;
    }
  });

  it('keeps a path-traversal name as a plain name; nothing is written outside the store', async () => {
    const uploads = join(t.ctx.config.dataDir, 'uploads');
    const outside = filesUnder(t.ctx.config.dataDir).filter((f) => !f.startsWith(uploads));
    const res = await send(admin, 'document', '../../etc/passwd.pdf', tinyPdf('P', [{ paragraphs: ['p'] }]));
    expect(res.statusCode).toBe(201);
    expect(res.json().file.name).toBe('passwd.pdf');
    expect(filesUnder(t.ctx.config.dataDir).filter((f) => !f.startsWith(uploads))).toEqual(outside);
    // The name of the type it really is: a PDF called .exe downloads as .pdf.
    const renamed = await send(admin, 'document', 'setup.exe', tinyPdf('Q', [{ paragraphs: ['q'] }]));
    expect(renamed.json().file.name).toBe('setup.pdf');
  });

  it('serves text as UTF-8 text inline, Office files as attachments, every file sandboxed', async () => {
    const text = (await send(admin, 'document', 'plan.txt', Buffer.from('Snack at 9:30 – fruit\n'))).json()
      .file;
    const got = await t.request({ method: 'GET', url: text.url, token: admin });
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(got.headers['content-disposition']).toMatch(/^inline;/);
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.body).toBe('Snack at 9:30 – fruit\n');
    const docx = (await send(admin, 'document', 'letter.docx', DOCX)).json().file;
    const doc = await t.request({ method: 'GET', url: docx.url, token: admin });
    expect(doc.headers['content-disposition']).toMatch(/^attachment; filename="letter.docx"/);
    expect(doc.headers['content-type']).toBe(OFFICE_TYPES.docx);
  });

  it('reads a file by a signed link without a token; a changed, expired or missing signature does not', async () => {
    const video = mp4(64 * 1024);
    const { file } = (await send(admin, 'video', 'clip.mp4', video)).json();
    // Signed for the admin's session (the uploader's): signing needs no readers.
    const files = createFilesService(t.ctx, t.fileStore, {
      readers: () => [],
      sessionOf: async () => null,
    });
    const session = await sessionIdOf(t, admin);
    const signed = files.signedUrl(file.id, { sessionId: session });
    const url = new URL(signed, 'http://x');
    expect(url.pathname).toBe(`/api/files/${file.id}`);
    expect(url.searchParams.get('session')).toBe(String(session));
    const expires = Number(url.searchParams.get('expires'));
    // Until the end of the next six-hour window: the same link for hours, so caches can keep it.
    const now = Date.now() / 1000;
    expect(expires % (6 * 3600)).toBe(0);
    expect(expires - now).toBeGreaterThan(6 * 3600 - 5);
    expect(expires - now).toBeLessThanOrEqual(12 * 3600);
    expect(files.signedUrl(file.id, { sessionId: session })).toBe(signed);

    const ok = await t.request({ method: 'GET', url: signed });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(video)).toBe(true);
    expect(ok.headers['content-disposition']).toMatch(/^inline;/);

    // Range on a video: a player seeks (206) and a range past the end is refused (416).
    const part = await t.request({ method: 'GET', url: signed, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);
    const past = await t.request({
      method: 'GET',
      url: signed,
      headers: { range: `bytes=${video.length}-` },
    });
    expect(past.statusCode).toBe(416);

    const signature = url.searchParams.get('signature')!;
    const flipped = `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`;
    const base = `/api/files/${file.id}`;
    const status = async (path: string) => (await t.request({ method: 'GET', url: path })).statusCode;
    const q = `session=${session}`;
    expect(await status(`${base}?expires=${expires}&${q}&signature=${flipped}`)).toBe(403);
    expect(await status(`${base}?expires=${expires + 1}&${q}&signature=${signature}`)).toBe(403);
    // Another session's id with this session's signature.
    expect(await status(`${base}?expires=${expires}&session=${session + 1}&signature=${signature}`)).toBe(
      403,
    );
    // A link without its session (the old form) opens nothing.
    expect(await status(`${base}?expires=${expires}&signature=${signature}`)).toBe(401);
    // Another file's id with this file's signature.
    const other = (await send(admin, 'image', 'p.png', PNG)).json().file;
    expect(await status(`/api/files/${other.id}?expires=${expires}&${q}&signature=${signature}`)).toBe(403);
    expect(await status(base)).toBe(401);
    expect(await status(`${base}?expires=${expires}&${q}&signature=nothex`)).toBe(422);
    // Correctly signed but expired.
    const past2 = Math.floor(Date.now() / 1000) - 60;
    const stale = createHmac('sha256', t.ctx.appKey)
      .update(`file:${file.id}:${past2}:session:${session}`)
      .digest('hex');
    const expired = await t.request({
      method: 'GET',
      url: `${base}?expires=${past2}&${q}&signature=${stale}`,
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/expired/);
  });

  it('asks before deleting a file that is used, names where, and deletes its bytes only when unshared', async () => {
    const content = tinyPdf('Shared', [{ paragraphs: ['Used in a resource'] }]);
    const { file } = (await send(teacher, 'document', 'shared.pdf', content)).json();
    const twin = (await send(otherTeacher, 'document', 'twin.pdf', content)).json().file;
    const folder = (
      await t.request({
        method: 'POST',
        url: '/api/admin/resources/folders',
        token: admin,
        payload: { name: 'Linked' },
      })
    ).json().folder;
    const resource = (
      await t.request({
        method: 'POST',
        url: '/api/admin/resources',
        token: admin,
        payload: { folder_id: folder.id, file_id: twin.id, title: 'Twin in resources' },
      })
    ).json().resource;
    expect(resource.title).toBe('Twin in resources');
    const del = (token: string, id: number, force = false) =>
      t.request({ method: 'DELETE', url: `/api/admin/files/${id}${force ? '?force=1' : ''}`, token });

    // Only the uploader or an admin deletes.
    expect((await del(otherTeacher, file.id)).statusCode).toBe(403);
    expect((await del(student, file.id)).statusCode).toBe(403);
    const hash = (
      await t.ctx.db.selectFrom('files').select('hash').where('id', '=', file.id).executeTakeFirstOrThrow()
    ).hash;
    const bytes = keyPath(hash);
    // Unused: deleted at once, but the bytes stay while the twin row shares them.
    expect((await del(teacher, file.id)).statusCode).toBe(204);
    expect(await t.storedFiles()).toContain(bytes);

    const asked = await del(otherTeacher, twin.id);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().links).toEqual([{ type: 'resource', id: resource.id, title: 'Twin in resources' }]);
    expect(asked.json().message).toMatch(/Twin in resources/);
    expect(await rows()).toBeGreaterThan(0);
    expect((await del(otherTeacher, twin.id, true)).statusCode).toBe(204);
    expect(await t.storedFiles()).not.toContain(bytes);
    const gone = await t.request({
      method: 'GET',
      url: `/api/resources/files/${resource.id}`,
      token: admin,
    });
    expect(gone.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: file.url, token: admin })).statusCode).toBe(404);
  });
});

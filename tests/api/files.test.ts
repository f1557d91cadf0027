import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from './factories/file-samples.ts';
import { multipart } from './factories/multipart.ts';
import { filesUnder } from './factories/stored-files.ts';
import { keyPath } from '../../src/server/features/files/file-store.ts';
import { createUser } from './factories/users.ts';
import { dialectsAndStores, startTestApp, type TestApp } from './helpers.ts';

const MB = 1024 * 1024;

// Images: upload and download (videos, documents, signed links and deleting: files-kinds.test.ts).
describe.each(dialectsAndStores)('files: upload and download (%s, %s)', (dialect, store) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let student: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'none' }, { store });
    const a = await createUser(t, { is_admin: 1 });
    const te = await createUser(t, { is_teacher: 1 });
    const s = await createUser(t, { taken_diagnostics: 1 });
    [admin, teacher, student] = await Promise.all([
      t.login(a.email, a.password),
      t.login(te.email, te.password),
      t.login(s.email, s.password),
    ]);
  });
  afterAll(() => t.close());

  const upload = (token: string | undefined, filename: string, content: Buffer, field?: string) =>
    t.request({
      method: 'POST',
      url: '/api/admin/files?kind=image',
      token,
      ...multipart(filename, content, field),
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

  /** A refused upload leaves no bytes in the store (not even a temporary upload) and no row. */
  async function expectRefusedCleanly(
    res: { statusCode: number; json: () => { message: string; errors?: Record<string, string[]> } },
    status: number,
    message: RegExp,
    before: { rows: number; files: string[] },
  ) {
    expect(res.statusCode).toBe(status);
    expect(res.json().errors?.file?.[0]).toMatch(message);
    expect(await rows()).toBe(before.rows);
    expect(await t.storedFiles()).toEqual(before.files);
  }
  const snapshot = async () => ({ rows: await rows(), files: await t.storedFiles() });

  it('round-trips an image: stored by content hash, read back with its type, name and cache headers', async () => {
    const res = await upload(teacher, 'Sand play.png', PNG);
    expect(res.statusCode).toBe(201);
    const { file } = res.json();
    expect(file).toMatchObject({ kind: 'image', mime: 'image/png', size: PNG.length, name: 'Sand play.png' });
    expect(file.url).toBe(`/api/files/${file.id}`);
    const hash = (
      await t.ctx.db.selectFrom('files').select('hash').where('id', '=', file.id).executeTakeFirstOrThrow()
    ).hash;
    expect(await t.storedFiles()).toContain(keyPath(hash));

    // Its uploader reads it (a student only once something they may see uses it: file-access.test.ts).
    const got = await t.request({ method: 'GET', url: file.url, token: teacher });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe(String(PNG.length));
    expect(got.headers['content-disposition']).toBe(
      `inline; filename="Sand play.png"; filename*=UTF-8''Sand%20play.png`,
    );
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    // Asked again each time (a cheap 304): the browser's cache must not hand it to the next person.
    expect(got.headers['cache-control']).toBe('private, no-cache');
    expect(got.headers['accept-ranges']).toBe('bytes');
    const again = await t.request({
      method: 'GET',
      url: file.url,
      token: teacher,
      headers: { 'if-none-match': String(got.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // Not even a 304 for someone who may not read it.
    const stranger = await t.request({
      method: 'GET',
      url: file.url,
      token: student,
      headers: { 'if-none-match': String(got.headers.etag) },
    });
    expect(stranger.statusCode).toBe(404);

    // The same bytes twice: two rows, one copy in the store.
    const before = (await t.storedFiles()).length;
    const second = await upload(admin, 'copy.png', PNG);
    expect(second.statusCode).toBe(201);
    expect(second.json().file.id).not.toBe(file.id);
    expect((await t.storedFiles()).length).toBe(before);
  });

  it('streams an upload larger than the JSON body limit (1 MB) to the store', async () => {
    const big = Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(3 * MB, 7)]);
    const res = await upload(admin, 'big.png', big);
    expect(res.statusCode).toBe(201);
    expect(res.json().file.size).toBe(big.length);
  });

  it('answers a Range request with 206 and Content-Range, and one outside the file with 416', async () => {
    const content = Buffer.concat([PNG, Buffer.from('0123456789')]);
    const { file } = (await upload(admin, 'ranged.png', content)).json();
    const get = (range: string) =>
      t.request({ method: 'GET', url: file.url, token: admin, headers: { range } });

    const part = await get('bytes=2-9');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-9/${content.length}`);
    expect(part.headers['content-length']).toBe('8');
    expect(part.rawPayload.equals(content.subarray(2, 10))).toBe(true);

    const tail = await get('bytes=-4');
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.toString()).toBe('6789');
    const open = await get(`bytes=${content.length - 3}-`);
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.toString()).toBe('789');

    const outside = await get(`bytes=${content.length}-`);
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${content.length}`);
  });

  it('refuses an executable renamed .png, with nothing left behind', async () => {
    const before = await snapshot();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 0)]);
    await expectRefusedCleanly(await upload(admin, 'photo.png', exe), 422, /PNG, JPEG, GIF or WebP/, before);
  });

  it('refuses an SVG with script, whatever it is called', async () => {
    const before = await snapshot();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    );
    await expectRefusedCleanly(
      await upload(admin, 'drawing.svg', svg),
      422,
      /PNG, JPEG, GIF or WebP/,
      before,
    );
    await expectRefusedCleanly(
      await upload(admin, 'drawing.png', svg),
      422,
      /PNG, JPEG, GIF or WebP/,
      before,
    );
  });

  it('refuses an empty file', async () => {
    const before = await snapshot();
    await expectRefusedCleanly(await upload(admin, 'empty.png', Buffer.alloc(0)), 422, /empty/, before);
  });

  it('refuses a file over the limit (5 MB for images), with nothing left behind', async () => {
    const before = await snapshot();
    const huge = Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(5 * MB, 1)]);
    await expectRefusedCleanly(await upload(admin, 'huge.png', huge), 413, /at most 5 MB/, before);
  });

  it('keeps a path-traversal name as a plain file name, and the bytes inside the store', async () => {
    const before = { disk: filesUnder(t.ctx.config.dataDir).length, store: await t.storedFiles() };
    const res = await upload(admin, '../../../../etc/passwd.png', PNG);
    expect(res.statusCode).toBe(201);
    expect(res.json().file.name).toBe('passwd.png');
    const windows = await upload(admin, '..\\..\\boot.ini.png', PNG);
    expect(windows.json().file.name).toBe('boot.ini.png');
    // Same bytes as an earlier upload: nothing new on disk or in the store.
    expect(filesUnder(t.ctx.config.dataDir).length).toBe(before.disk);
    expect(await t.storedFiles()).toEqual(before.store);
  });

  it('neutralises HTML in the file name', async () => {
    const res = await upload(admin, '<img src=x onerror=alert(1)>"quoted"<b>bold</b>.png', PNG);
    expect(res.statusCode).toBe(201);
    const { file } = res.json();
    expect(file.name).not.toMatch(/[<>"]/);
    const got = await t.request({ method: 'GET', url: file.url, token: admin });
    expect(got.headers['content-disposition']).not.toMatch(/[<>]/);
    expect(String(got.headers['content-disposition'])).toMatch(
      /^inline; filename="[^"]*"; filename\*=UTF-8''/,
    );
  });

  it('asks for a file when the request carries none, and for the field named "file"', async () => {
    const none = await t.request({ method: 'POST', url: '/api/admin/files', token: admin, payload: {} });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file).toEqual(['Choose a file to upload.']);
    const before = await snapshot();
    await expectRefusedCleanly(
      await upload(admin, 'a.png', PNG, 'picture'),
      422,
      /field named "file"/,
      before,
    );
  });

  it('lets staff upload and the uploader read; a student may not upload, nobody signed out reads', async () => {
    const before = await snapshot();
    expect((await upload(student, 'a.png', PNG)).statusCode).toBe(403);
    expect((await upload(undefined, 'a.png', PNG)).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
    const { file } = (await upload(teacher, 'a.png', PNG)).json();
    expect((await t.request({ method: 'GET', url: file.url })).statusCode).toBe(401);
    // Nothing uses it: only its uploader and admins read it; to anyone else it does not exist.
    expect((await t.request({ method: 'GET', url: file.url, token: teacher })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: file.url, token: admin })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: file.url, token: student })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/files/999999', token: student })).statusCode).toBe(
      404,
    );
  });
});

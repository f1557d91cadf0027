import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPdf } from '../../src/server/seed/tiny-pdf.ts';
import { PNG } from './factories/file-samples.ts';
import { multipart } from './factories/multipart.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

const SCRIPT = '<script>alert(1)</script><img src=x onerror=alert(2)>';

describe.each(dialects)('resources (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacherA: string;
  let teacherB: string;
  let studentA: string;
  let studentB: string;
  let schoolA: number;
  let schoolB: number;

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
    ]);
    await db
      .insertInto('teacher_schools')
      .values([
        { user_id: users[1]!.id, school_id: schoolA },
        { user_id: users[2]!.id, school_id: schoolB },
      ])
      .execute();
    [admin, teacherA, teacherB, studentA, studentB] = await Promise.all(
      users.map((u) => t.login(u.email, u.password)),
    );
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });
  const folder = async (token: string, body: object) => {
    const res = await call('POST', '/api/admin/resources/folders', token, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().folder as { id: number; name: string; can_edit: boolean };
  };
  const upload = async (token: string, name: string, content: Buffer, kind = 'document') => {
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/files?kind=${kind}`,
      token,
      ...multipart(name, content),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().file as { id: number };
  };
  const addFile = async (token: string, folderId: number, title: string, extra: object = {}) => {
    const file = await upload(token, `${title}.pdf`, tinyPdf(title, [{ paragraphs: [title] }]));
    const res = await call('POST', '/api/admin/resources', token, {
      folder_id: folderId,
      file_id: file.id,
      title,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().resource as { id: number; file: { id: number; url: string } };
  };
  const folderIds = async (token: string) =>
    ((await call('GET', '/api/resources/folders', token)).json().folders as { id: number }[]).map(
      (f) => f.id,
    );

  it('shows a student the folders of their school and of every school, never another school’s', async () => {
    const everyone = await folder(admin, { name: 'For everyone' });
    const forA = await folder(admin, { name: 'For Acorn', school_ids: [schoolA] });
    const forB = await folder(admin, { name: 'For Birch', school_ids: [schoolB] });
    // A sub folder for every school inside B's folder is still only B's.
    const insideB = await folder(admin, { name: 'Inside Birch', parent_id: forB.id });
    const inB = await addFile(admin, forB.id, 'Birch planning notes');

    const seenByA = await folderIds(studentA);
    expect(seenByA).toEqual(expect.arrayContaining([everyone.id, forA.id]));
    expect(seenByA).not.toContain(forB.id);
    expect(seenByA).not.toContain(insideB.id);
    expect(await folderIds(studentB)).toEqual(expect.arrayContaining([everyone.id, forB.id, insideB.id]));

    expect((await call('GET', `/api/resources/files?folder=${forB.id}`, studentA)).statusCode).toBe(404);
    expect((await call('GET', `/api/resources/files?folder=${insideB.id}`, studentA)).statusCode).toBe(404);
    expect((await call('GET', `/api/resources/files/${inB.id}`, studentA)).statusCode).toBe(404);
    const search = await call('GET', '/api/resources/files?search=birch', studentA);
    expect(search.json().data).toEqual([]);
    const own = await call('GET', `/api/resources/files/${inB.id}`, studentB);
    expect(own.statusCode).toBe(200);
    // The signed link in the answer opens the file without a token (pdf.js, <video>, offline copies).
    const bytes = await t.request({ method: 'GET', url: own.json().resource.file.url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('application/pdf');
  });

  it('lets a teacher manage only their schools’ folders (and their own), not another school’s', async () => {
    const forB = await folder(teacherB, { name: 'Birch only', school_ids: [schoolB] });
    const everyone = await folder(admin, { name: 'Admin’s, for everyone' });
    const fileInB = await addFile(teacherB, forB.id, 'Birch routine');

    // Another school's folder does not exist for teacher A; the admin's every-school folder is read-only.
    expect(
      (
        await call('PUT', `/api/admin/resources/folders/${forB.id}`, teacherA, {
          name: 'Mine',
          school_ids: [schoolA],
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/admin/resources/folders/${forB.id}`, teacherA)).statusCode).toBe(404);
    expect(
      (await call('PUT', `/api/admin/resources/${fileInB.id}`, teacherA, { folder_id: forB.id, title: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/admin/resources/${fileInB.id}`, teacherA)).statusCode).toBe(404);
    const renamed = await call('PUT', `/api/admin/resources/folders/${everyone.id}`, teacherA, {
      name: 'Taken over',
      school_ids: [schoolA],
    });
    expect(renamed.statusCode).toBe(403);
    const list = (await call('GET', '/api/resources/folders', teacherA)).json().folders as {
      id: number;
      can_edit: boolean;
    }[];
    expect(list.find((f) => f.id === everyone.id)?.can_edit).toBe(false);
    expect(list.some((f) => f.id === forB.id)).toBe(false);

    // A teacher aims a folder at their own schools only.
    const noSchool = await call('POST', '/api/admin/resources/folders', teacherA, { name: 'Everyone?' });
    expect(noSchool.statusCode).toBe(422);
    expect(noSchool.json().errors.school_ids).toEqual(['Choose at least one of your schools.']);
    const otherSchool = await call('POST', '/api/admin/resources/folders', teacherA, {
      name: 'Birch?',
      school_ids: [schoolB],
    });
    expect(otherSchool.json().errors.school_ids).toEqual(['You can only choose your own schools.']);
    // Nor a file into someone else's folder, nor someone else's upload into their own.
    const mine = await folder(teacherA, { name: 'Acorn readings', school_ids: [schoolA] });
    const theirs = await upload(teacherB, 'theirs.png', PNG, 'image');
    const borrowed = await call('POST', '/api/admin/resources', teacherA, {
      folder_id: mine.id,
      file_id: theirs.id,
      title: 'Borrowed',
    });
    expect(borrowed.statusCode).toBe(422);
    expect(borrowed.json().errors.file_id).toBeDefined();
    const ownPng = await upload(teacherA, 'ours.png', PNG, 'image');
    const intoB = await call('POST', '/api/admin/resources', teacherA, {
      folder_id: forB.id,
      file_id: ownPng.id,
      title: 'Into Birch',
    });
    expect(intoB.statusCode).toBe(422);
    expect(
      await t.ctx.db
        .selectFrom('resources')
        .select('id')
        .where('title', 'in', ['Borrowed', 'Into Birch'])
        .execute(),
    ).toEqual([]);
    // The admin's folders are the admin's; a teacher's own folder is theirs to rename.
    const ok = await call('PUT', `/api/admin/resources/folders/${mine.id}`, teacherA, {
      name: 'Acorn reading list',
      school_ids: [schoolA],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().folder).toMatchObject({ name: 'Acorn reading list', can_edit: true });
  });

  it('stores HTML and script in every text field as typed, and returns it as text', async () => {
    const f = await folder(admin, { name: `Folder ${SCRIPT}` });
    const topic = await t.ctx.db.selectFrom('micro_topics').select('id').executeTakeFirst();
    const r = await addFile(admin, f.id, `Title ${SCRIPT}`, {
      description: `Description ${SCRIPT}`,
      micro_topic_ids: topic ? [topic.id] : [],
    });
    const got = (await call('GET', `/api/resources/files/${r.id}`, studentA)).json().resource;
    expect(got.title).toBe(`Title ${SCRIPT}`);
    expect(got.description).toBe(`Description ${SCRIPT}`);
    expect(got.folder_name).toBe(`Folder ${SCRIPT}`);
    // The file name is the one field made safe on the way in: no markup, no folders.
    expect(got.file.name).not.toMatch(/[<>/]/);
    const res = await call('GET', `/api/resources/files/${r.id}`, studentA);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('searches titles, descriptions and file names ignoring case; wildcards match only themselves', async () => {
    const f = await folder(admin, { name: 'Searchable' });
    const a = await addFile(admin, f.id, 'Observation Checklist');
    const b = await addFile(admin, f.id, 'Weekly plan', { description: 'Includes a SENSORY play tray' });
    const found = async (q: string) =>
      (
        (await call('GET', `/api/resources/files?search=${encodeURIComponent(q)}`, studentA)).json().data as {
          id: number;
        }[]
      ).map((r) => r.id);
    expect(await found('observation checklist')).toEqual([a.id]);
    expect(await found('sensory')).toEqual([b.id]);
    expect(await found('weekly plan.pdf')).toEqual([b.id]);
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    const inFolder = await call('GET', `/api/resources/files?folder=${f.id}&search=CHECK`, studentA);
    expect(inFolder.json().data.map((r: { id: number }) => r.id)).toEqual([a.id]);
  });

  it('refuses a bad body with 422 and writes nothing', async () => {
    const f = await folder(admin, { name: 'Strict' });
    const count = async () =>
      (await t.ctx.db.selectFrom('resources').select('id').execute()).length +
      (await t.ctx.db.selectFrom('resource_topics').select('resource_id').execute()).length;
    const before = await count();
    const file = await upload(admin, 'a.pdf', tinyPdf('A', [{ paragraphs: ['a'] }]));
    for (const body of [
      { folder_id: f.id, file_id: file.id, title: '' },
      { folder_id: f.id, file_id: file.id, title: 'x'.repeat(201) },
      { folder_id: f.id, file_id: file.id, title: 'Ok', micro_topic_ids: [2_000_000_000] },
      { folder_id: 2_000_000_000, file_id: file.id, title: 'Ok' },
      { folder_id: f.id, file_id: 2_000_000_000, title: 'Ok' },
    ]) {
      const res = await call('POST', '/api/admin/resources', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await count()).toBe(before);
    const loop = await call('PUT', `/api/admin/resources/folders/${f.id}`, admin, {
      name: 'Loop',
      parent_id: f.id,
    });
    expect(loop.json().errors.parent_id).toEqual(['A folder cannot go inside itself.']);
  });

  it('deleting a folder takes its sub folders, entries and the files nothing else uses', async () => {
    const top = await folder(admin, { name: 'To delete' });
    const sub = await folder(admin, { name: 'Sub', parent_id: top.id });
    const r = await addFile(admin, sub.id, 'Only here');
    const before = (await t.storedFiles()).length;
    expect((await call('DELETE', `/api/admin/resources/folders/${top.id}`, admin)).statusCode).toBe(204);
    expect(await folderIds(admin)).not.toContain(sub.id);
    expect((await call('GET', `/api/resources/files/${r.id}`, admin)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: r.file.url })).statusCode).toBe(404);
    expect((await t.storedFiles()).length).toBe(before - 1);
  });

  it('asks before deleting a resource whose file is used elsewhere too', async () => {
    const f = await folder(admin, { name: 'Shared files' });
    const first = await addFile(admin, f.id, 'Used twice');
    const second = await call('POST', '/api/admin/resources', admin, {
      folder_id: f.id,
      file_id: first.file.id,
      title: 'Same file again',
    });
    const asked = await call('DELETE', `/api/admin/resources/${first.id}`, admin);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().links).toEqual([
      { type: 'resource', id: second.json().resource.id, title: 'Same file again' },
    ]);
    expect((await call('GET', `/api/resources/files/${first.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/resources/${first.id}?force=1`, admin)).statusCode).toBe(204);
    // Forced: the file went, and with it the other entry.
    expect((await call('GET', `/api/resources/files/${second.json().resource.id}`, admin)).statusCode).toBe(
      404,
    );
  });
});

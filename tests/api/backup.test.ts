import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { PNG } from './factories/file-samples.ts';
import { multipart } from './factories/multipart.ts';
import { createUser } from './factories/users.ts';
import {
  adminQuery,
  appOn,
  createTestDatabase,
  databaseUrlOf,
  startServer,
  type ServerProcess,
  type TestDatabase,
} from './spawned-server.ts';

const run = promisify(execFile);
const BACKUP = join(import.meta.dirname, '../../scripts/backup.ts');
const NEW_PASSWORD = 'Harbour-lantern-92-quietly';

/**
 * Backups as an operator takes and restores them: data written through the API of a running server, the
 * backup taken while it runs (SQLite: `npm run backup`; PostgreSQL: pg_dump -Fc), restored into a fresh
 * instance (a new DATA_DIR; a new database made with createdb and pg_restore), and a server started on it
 * finds the data: the admin signs in with the password changed through the API, the school is listed, the
 * uploaded file reads back byte for byte, and it reports itself ready.
 */
describe('backups', () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const track = (server: ServerProcess) => {
    cleanup.push(async () => {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
    });
    return server;
  };
  const database = async (dialect: 'sqlite' | 'postgres', label: string) => {
    const db = await createTestDatabase(dialect, label);
    cleanup.push(() => db.drop());
    return db;
  };
  const scratch = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pathbuilder-backup-out-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it('SQLite: `npm run backup` copies the live database and the uploads; a fresh server on them finds the data', async () => {
    const db = await database('sqlite', 'bk');
    const server = track(await startServer(db.env));
    const written = await writeThroughApi(server.baseUrl, await adminOf(db));

    const out = scratch();
    const target = join(out, 'pathbuilder.sqlite');
    const files = join(out, 'uploads');
    // While the server runs and keeps writing, as cron would run it in the middle of a school day.
    let writing = true;
    let writes = 0;
    const busy = (async () => {
      while (writing) {
        const res = await post(server.baseUrl, '/api/admin/schools', written.token, {
          name: `Busy ${writes}`,
          location_id: written.locationId,
        });
        expect(res.status).toBe(201);
        writes++;
      }
    })();
    const { stdout } = await run(process.execPath, [BACKUP, target, '--with-files', files], {
      env: { ...process.env, DATA_DIR: db.dataDir, DATABASE_URL: '' },
    });
    writing = false;
    await busy;
    expect(writes).toBeGreaterThan(0);
    expect(stdout).toContain(`Backed up ${join(db.dataDir, 'pathbuilder.sqlite')} to ${target}:`);
    expect(stdout).toMatch(/integrity ok/);
    expect(stdout).toContain('Every one of the 1 files the backup names is there.');
    // Written whole, then renamed: nothing temporary is left beside it.
    expect(readdirSync(out).sort()).toEqual(['pathbuilder.sqlite', 'uploads']);
    expect(statSync(target).size).toBeGreaterThan(0);
    // What the server writes after the backup is not in it.
    const after = await post(server.baseUrl, '/api/admin/schools', written.token, {
      name: 'Founded after the backup',
      location_id: written.locationId,
    });
    expect(after.status).toBe(201);
    expect(await server.stop()).toBe(0);

    // A fresh instance: a new DATA_DIR holding the restored file and uploads.
    const restored = await database('sqlite', 'restored');
    cpSync(target, join(restored.dataDir, 'pathbuilder.sqlite'));
    cpSync(files, join(restored.dataDir, 'uploads'), { recursive: true });
    const second = track(await startServer(restored.env));
    await expectDataIn(second.baseUrl, written);
    const names = await schoolNames(second.baseUrl, written.locationId);
    expect(names).not.toContain('Founded after the backup');
  }, 120_000);

  it('SQLite: without --with-files it says the uploads must be copied too', async () => {
    const db = await database('sqlite', 'bk-nofiles');
    const server = track(await startServer(db.env));
    await writeThroughApi(server.baseUrl, await adminOf(db));
    const target = join(scratch(), 'only-the-database.sqlite');
    const { stdout } = await run(process.execPath, [BACKUP, target], {
      env: { ...process.env, DATA_DIR: db.dataDir, DATABASE_URL: '' },
    });
    expect(stdout).toContain('Not in this file: the uploaded files (the backup names 1).');
    expect(stdout).toContain(`rsync -a --exclude .incoming ${join(db.dataDir, 'uploads')}/`);
    expect(existsSync(target)).toBe(true);
  }, 120_000);

  it('refuses bad use: no target, or a PostgreSQL DATABASE_URL (with the pg_dump recipe)', async () => {
    const dataDir = scratch();
    const noTarget = await run(process.execPath, [BACKUP], {
      env: { ...process.env, DATA_DIR: dataDir },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(noTarget).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run backup') });
    const pgUrl = await run(process.execPath, [BACKUP, join(dataDir, 'x.sqlite')], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'postgres://u@db.example.test/pathbuilder' },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(pgUrl).toMatchObject({ code: 1, stderr: expect.stringContaining('pg_dump -Fc') });
    // Files in a bucket are not DATA_DIR's to copy: the bucket is backed up with the object store's tools.
    const s3 = { FILE_STORE: 's3', S3_BUCKET: 'school', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    const withFiles = await run(
      process.execPath,
      [BACKUP, join(dataDir, 'x.sqlite'), '--with-files', scratch()],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...s3 },
      },
    ).catch((e: { code: number; stderr: string }) => e);
    expect(withFiles).toMatchObject({ code: 2, stderr: expect.stringContaining('in the bucket "school"') });
    expect(existsSync(join(dataDir, 'x.sqlite'))).toBe(false);
  }, 60_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: pg_dump -Fc of the live database, pg_restore into a fresh one; a server on it finds the data',
    async () => {
      const db = await database('postgres', 'bk');
      const server = track(await startServer(db.env));
      const written = await writeThroughApi(server.baseUrl, await adminOf(db));

      const dump = join(scratch(), 'pathbuilder.dump');
      // The recipe the backup command prints, while the server runs.
      await run('pg_dump', ['-Fc', '-d', db.databaseUrl!, '-f', dump]);
      expect(statSync(dump).size).toBeGreaterThan(0);
      expect(await server.stop()).toBe(0);

      const name = `pb_restored_${process.pid}_${Date.now()}`;
      const admin = new URL(process.env.TEST_DATABASE_URL!);
      await run('createdb', ['-h', admin.hostname, '-p', admin.port || '5432', '-U', admin.username, name]);
      cleanup.push(() => adminQuery(`drop database if exists ${name} with (force)`));
      await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', databaseUrlOf(name), dump]);

      const dataDir = scratch();
      cpSync(join(db.dataDir, 'uploads'), join(dataDir, 'uploads'), { recursive: true });
      const second = track(await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrlOf(name) }));
      await expectDataIn(second.baseUrl, written);
    },
    120_000,
  );
});

interface Written {
  token: string;
  email: string;
  locationId: number;
  school: string;
  fileId: number;
}

/** An admin put straight into the database before the server starts (SEED=none has no accounts). */
async function adminOf(db: TestDatabase): Promise<{ email: string; password: string }> {
  const app = await appOn(db);
  try {
    const admin = await createUser(app, { is_admin: 1 });
    return { email: admin.email, password: admin.password };
  } finally {
    await app.app.close();
  }
}

/** Through the running server's API: a location and school, a changed password, an uploaded file. */
async function writeThroughApi(
  baseUrl: string,
  admin: { email: string; password: string },
): Promise<Written> {
  const login = await post(baseUrl, '/api/auth/login', undefined, {
    email: admin.email,
    password: admin.password,
  });
  expect(login.status).toBe(200);
  const { access_token: token, user } = (await login.json()) as {
    access_token: string;
    user: { id: number };
  };
  const location = await post(baseUrl, '/api/admin/locations', token, { name: 'Backup Bay' });
  expect(location.status).toBe(201);
  const locationId = ((await location.json()) as { location: { id: number } }).location.id;
  const school = 'Kept Safe Kindergarten';
  expect(
    (await post(baseUrl, '/api/admin/schools', token, { name: school, location_id: locationId })).status,
  ).toBe(201);
  const changed = await fetch(`${baseUrl}/api/user/${user.id}/change-password`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      current_password: admin.password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    }),
  });
  expect(changed.status, await changed.clone().text()).toBeLessThan(300);
  const relogin = await post(baseUrl, '/api/auth/login', undefined, {
    email: admin.email,
    password: NEW_PASSWORD,
  });
  const fresh = ((await relogin.json()) as { access_token: string }).access_token;
  const body = multipart('kept.png', PNG);
  const upload = await fetch(`${baseUrl}/api/admin/files?kind=image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fresh}`, ...body.headers },
    body: body.payload,
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  const fileId = ((await upload.json()) as { file: { id: number } }).file.id;
  return { token: fresh, email: admin.email, locationId, school, fileId };
}

async function expectDataIn(baseUrl: string, w: Written): Promise<void> {
  const ready = await fetch(`${baseUrl}/api/health/ready`);
  expect(await ready.json()).toMatchObject({ status: 'ready' });
  const login = await post(baseUrl, '/api/auth/login', undefined, { email: w.email, password: NEW_PASSWORD });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { access_token: string }).access_token;
  expect(await schoolNames(baseUrl, w.locationId)).toContain(w.school);
  const file = await fetch(`${baseUrl}/api/files/${w.fileId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(file.status).toBe(200);
  expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
}

async function schoolNames(baseUrl: string, locationId: number): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/lookups/schools?location_id=${locationId}`);
  return ((await res.json()) as { data: Array<{ name: string }> }).data.map((s) => s.name);
}

function post(baseUrl: string, path: string, token: string | undefined, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

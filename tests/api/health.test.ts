import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

describe.each(dialects)('health and errors (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('reports the database it runs on', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: dialect });
  });

  it('says it is ready when the database answers, every migration ran and the file store takes files', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'ready',
      draining: false,
      checks: { database: 'ok', migrations: 'ok', files: 'ok' },
    });
    // The check made the uploads folder it needs, and left nothing in it.
    const incoming = join(t.ctx.config.dataDir, 'uploads', '.incoming');
    expect(readdirSync(incoming)).toEqual([]);
  });

  it('answers an unknown API path with a JSON 404, not the app shell', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/nope');
  });
});

describe.each(dialects)('readiness when something is wrong (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect, { seed: 'none' });
  });
  afterEach(() => t.close());

  const ready = () => t.request({ method: 'GET', url: '/api/health/ready' });

  it('is not ready, and says so, while draining; liveness still answers', async () => {
    t.startDraining();
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not_ready',
      draining: true,
      checks: { database: 'ok', migrations: 'ok', files: 'ok' },
    });
    const live = await t.request({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(200);
    // Every answer now ends its connection, so the client's next request goes to another host.
    expect(live.headers.connection).toBe('close');
  });

  it('names the migrations a database restored from an older backup has not run', async () => {
    await sql`delete from kysely_migration where name = ${'0022-item-parameters'}`.execute(t.ctx.db);
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'not_ready',
      checks: { database: 'ok', migrations: 'pending: 0022-item-parameters', files: 'ok' },
    });
  });

  it('is not ready when the uploads folder cannot be written', async () => {
    const uploads = join(t.ctx.config.dataDir, 'uploads');
    rmSync(uploads, { recursive: true, force: true });
    // A file where the folder should be: nothing can be created under it, not even by root.
    writeFileSync(uploads, '');
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json().checks).toMatchObject({ database: 'ok', migrations: 'ok' });
    expect(res.json().checks.files).toMatch(/^error: /);
  });

  it('is not ready when the database does not answer, while liveness does not ask it', async () => {
    await t.ctx.db.destroy();
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.database).toMatch(/^error: /);
    expect(res.json().status).toBe('not_ready');
    const live = await t.request({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok', database: dialect });
  });
});

describe('OpenAPI document', () => {
  it('describes every declared route with its schemas', async () => {
    const t = await startTestApp('sqlite');
    try {
      const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
      for (const r of t.routes) {
        const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
        expect(op, `${r.method} ${r.url}`).toBeDefined();
      }
      const login = doc.paths['/api/auth/login'].post;
      expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual([
        'email',
        'password',
        'remember',
      ]);
      expect(JSON.stringify(doc.paths['/api/refresh'].get.responses)).not.toContain('password_hash');
    } finally {
      await t.close();
    }
  });
});

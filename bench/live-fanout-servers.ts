// The live fan-out bench's servers (main thread): ours with its students and one live session, and the
// bare Node http floor.
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { configFromEnv } from '../src/server/config.ts';

const ROOT = join(import.meta.dirname, '..');
const DATA_DIR = process.env.BENCH_LIVE_DIR ?? join(ROOT, '.tmp', 'bench-live');

export const STUDENTS = Number(process.env.BENCH_LIVE_STUDENTS ?? 500);
/** Ours listens on this port and the bare floor on the next one; 0 (the default): any free port. */
const PORT = Number(process.env.BENCH_LIVE_PORT ?? 0);

/**
 * The floor: a bare Node http server that writes each posted message (ours' event, field for field) to every
 * open stream.
 */
export async function bareServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const streams = new Set<ServerResponse>();
  let id = 0;
  const server = createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write('retry: 3000\n\n');
      streams.add(res);
      res.on('close', () => streams.delete(res));
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const { client_id, body: text } = JSON.parse(body) as { client_id: string; body: string };
      // The same event as ours, field for field (the author a stand-in: the floor knows no one).
      const message = {
        id: ++id,
        client_id,
        author_id: 1,
        author_name: 'Student 0',
        author_is_staff: false,
        body: text,
        deleted: false,
        created_at: new Date().toISOString(),
      };
      const frame = `id: ${id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`;
      for (const s of streams) s.write(frame);
      res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.maxConnections = STUDENTS + 100;
  await new Promise<void>((resolve) => server.listen(PORT ? PORT + 1 : 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const s of streams) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Our server, listening, with STUDENTS students logged in (`tokens`) and one live session going on (`id`).
 * `close` also removes its data.
 */
export async function ourServer(): Promise<{
  base: string;
  id: number;
  tokens: string[];
  close: () => Promise<void>;
}> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const config = configFromEnv({ DATA_DIR, SEED: 'none', LOG_LEVEL: 'silent', WORKERS: '1' });
  // Cheap password hashing: 500 logins are set-up here, not what is measured.
  const built = await buildApp({
    ...config,
    staticDir: undefined,
    passwordHashing: { memoryKiB: 1024, passes: 1, parallelism: 1, maxConcurrent: 2 },
  });
  const { db } = built.ctx;
  const now = new Date().toISOString();
  const passwordHash = await built.ctx.hasher.hash('bench-live-password');
  const users = Array.from({ length: STUDENTS }, (_, i) => ({
    email: `live.student.${i}@bench.test`,
    full_name: `Student ${i}`,
    password_hash: passwordHash,
    is_admin: 0,
    is_teacher: 0,
    taken_diagnostics: 1,
    school_id: null,
    location_id: null,
    email_verified_at: now,
    is_active: 1,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < users.length; i += 100)
    await db
      .insertInto('users')
      .values(users.slice(i, i + 100))
      .execute();
  const tokens: string[] = [];
  for (const u of users) {
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: 'bench-live-password' },
    });
    tokens.push((res.json() as { access_token: string }).access_token);
  }
  const started = Date.now() - 60_000;
  const { id } = await db
    .insertInto('content_items')
    .values({
      kind: 'live-discussion',
      title: 'Bench session',
      published: 1,
      starts_at: new Date(started).toISOString(),
      ends_at: new Date(started + 3600_000).toISOString(),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await built.app.listen({ port: PORT, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  return {
    base,
    id,
    tokens,
    close: async () => {
      await built.app.close();
      rmSync(DATA_DIR, { recursive: true, force: true });
    },
  };
}

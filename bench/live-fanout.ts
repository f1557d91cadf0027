// Live discussion fan-out: 500 students hold the event stream of one session open on one server (real
// HTTP, listening in this process), a few of them post 50 messages, paced; each message's delivery latency
// is measured at every recipient (from just before its POST is sent to the event parsed by the client). The
// same clients against a bare Node http server doing the same fan-out give the floor. The clients run in a
// worker thread (an event loop of their own). Prints p50/p99 and merges live_fanout_* figures into
// .tmp/bench/results.json. Run on its own: `node bench/live-fanout.ts`.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { saveRunFigures } from './results.ts';
import { recordFailure, requireP99Samples } from './failures.ts';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { buildApp } from '../src/server/app.ts';
import { configFromEnv } from '../src/server/config.ts';
import type { Figure } from './api.ts';
import { percentile } from './learning.ts';

const ROOT = join(import.meta.dirname, '..');
const DATA_DIR = join(ROOT, '.tmp', 'bench-live');

const STUDENTS = Number(process.env.BENCH_LIVE_STUDENTS ?? 500);
const MESSAGES = 50;
const WARM_UP = 5;
/** One message every this many ms: a busy class, not a flood (posts are rate limited per user too). */
const PACE_MS = 100;
/** Posting students: 30 messages a minute each is the limit. */
const POSTERS = 5;

interface Job {
  /** Stream url for recipient i (its token in the header). */
  streamUrl: string;
  postUrl: string;
  tokens: string[];
  posters: string[];
  bare: boolean;
}
interface JobResult {
  latencies: number[];
  expected: number;
  connected: number;
}

// ---------------------------------------------------------------------------------------------------------
// The clients (worker thread).

async function runClients(job: Job): Promise<JobResult> {
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  const measuring = new Set<string>();
  let connected = 0;
  const sockets: IncomingMessage[] = [];
  await Promise.all(
    job.tokens.map(
      (token) =>
        new Promise<void>((resolve, reject) => {
          const req = request(
            job.streamUrl,
            { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
            (res) => {
              if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
              sockets.push(res);
              connected++;
              let buffer = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => {
                buffer += chunk;
                let cut: number;
                while ((cut = buffer.indexOf('\n\n')) >= 0) {
                  const block = buffer.slice(0, cut);
                  buffer = buffer.slice(cut + 2);
                  const key = /"body":"bench ([^"\s]+)"/.exec(block)?.[1];
                  const sent = key ? sentAt.get(key) : undefined;
                  if (key && sent !== undefined && measuring.has(key))
                    latencies.push(performance.now() - sent);
                }
              });
              resolve();
            },
          );
          req.on('error', reject);
          req.end();
        }),
    ),
  );
  // Every stream is attached (its replay written) before the first message.
  await new Promise((resolve) => setTimeout(resolve, 500));

  const post = (index: number, measure: boolean) =>
    new Promise<void>((resolve, reject) => {
      const key = `m${index}`;
      const body = JSON.stringify({ client_id: randomUUID(), body: `bench ${key}` });
      const req = request(
        job.postUrl,
        {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${job.posters[index % job.posters.length]}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 201 || res.statusCode === 200
              ? resolve()
              : reject(new Error(`post answered ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      if (measure) measuring.add(key);
      sentAt.set(key, performance.now());
      req.end(body);
    });
  for (let i = 0; i < WARM_UP; i++) await post(1000 + i, false);
  const posts: Promise<void>[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    posts.push(post(i, true));
    await new Promise((resolve) => setTimeout(resolve, PACE_MS));
  }
  await Promise.all(posts);
  // Stragglers: give every stream a moment to read its last events.
  const expected = MESSAGES * job.tokens.length;
  const until = performance.now() + 5000;
  while (latencies.length < expected && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 50));
  for (const socket of sockets) socket.destroy();
  return { latencies, expected, connected };
}

/**
 * The clients in a worker thread. A stream or post answered otherwise than 200/201 throws; a delivery that
 * never came (within 5 s of the last post) fails the bench (`label`).
 */
async function inWorker(job: Job, label: string): Promise<JobResult> {
  const result = await new Promise<JobResult>((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once('message', (result: JobResult) => resolve(result));
    worker.once('error', (error) => reject(new Error(`${label}: ${error.message}`, { cause: error })));
  });
  if (result.latencies.length < result.expected)
    recordFailure(
      label,
      `${result.expected - result.latencies.length} of ${result.expected} deliveries missing`,
    );
  requireP99Samples(label, result.latencies.length);
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// The servers (main thread).

/** The floor: a bare Node http server that writes each posted body to every open stream. */
async function bareServer(): Promise<{ url: string; close: () => Promise<void> }> {
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
      const { body: text } = JSON.parse(body) as { body: string };
      const frame = `id: ${++id}\nevent: message\ndata: ${JSON.stringify({ id, body: text })}\n\n`;
      for (const s of streams) s.write(frame);
      res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.maxConnections = STUDENTS + 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const s of streams) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface LiveFanoutRun {
  figures: Record<string, Figure>;
  report: string;
}

export async function measureLiveFanout(): Promise<LiveFanoutRun> {
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
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const bare = await bareServer();

  try {
    const ours = await inWorker(
      {
        streamUrl: `${base}/api/live-discussions/${id}/stream`,
        postUrl: `${base}/api/live-discussions/${id}/messages`,
        tokens,
        posters: tokens.slice(0, POSTERS),
        bare: false,
      },
      'live fan-out: /api/live-discussions/:id/stream',
    );
    const floor = await inWorker(
      {
        streamUrl: `${bare.url}/stream`,
        postUrl: `${bare.url}/post`,
        tokens,
        posters: tokens.slice(0, POSTERS),
        bare: true,
      },
      'live fan-out: bare Node SSE',
    );
    const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
    const p = (r: JobResult, q: number) => (r.latencies.length ? round(percentile(r.latencies, q)) : 0);
    const figures: Record<string, Figure> = {
      live_fanout_p50_ms: { value: p(ours, 50), unit: 'ms' },
      live_fanout_p99_ms: { value: p(ours, 99), unit: 'ms' },
      live_fanout_bare_p50_ms: { value: p(floor, 50), unit: 'ms' },
      live_fanout_bare_p99_ms: { value: p(floor, 99), unit: 'ms' },
      live_fanout_p99_ratio: {
        value: p(floor, 99) > 0 ? round(p(ours, 99) / p(floor, 99), 2) : 0,
        unit: 'ratio',
      },
    };
    const row = (label: string, r: JobResult) =>
      `${label.padEnd(46)} p50 ${p(r, 50).toFixed(1).padStart(7)} ms   p99 ${p(r, 99).toFixed(1).padStart(7)} ms   ${r.latencies.length}/${r.expected} deliveries, ${r.connected} streams`;
    const report = [
      `Live discussion fan-out (${STUDENTS} students on one session's stream, ${MESSAGES} messages, one every ${PACE_MS} ms; post to each recipient's parsed event)`,
      row('POST + GET /api/live-discussions/:id/stream', ours),
      row('bare Node http SSE, same fan-out', floor),
      `ours / bare p99: ${figures.live_fanout_p99_ratio!.value}`,
    ].join('\n');
    return { figures, report };
  } finally {
    await bare.close();
    await built.app.close();
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

if (!isMainThread) {
  parentPort!.postMessage(await runClients(workerData as Job));
} else if (import.meta.main) {
  const { figures, report } = await measureLiveFanout();
  console.log(report);
  saveRunFigures(figures);
}

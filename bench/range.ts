// Range requests on a 50 MB video: our GET /api/files/:id (a signed link, the way a <video> asks) against
// @fastify/static serving the very same file (a hard link to the store's copy) from a bare Fastify, in the
// same run. Both servers listen in this process; the load comes from a worker thread (its own event loop)
// over real HTTP with keep-alive: random 1 MB ranges, 16 at a time, for a few seconds each. Prints MB/s and
// p99 and merges range_* figures into .tmp/bench/results.json.
// Run on its own: `node bench/range.ts`.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { saveRunFigures } from './results.ts';
import { recordFailure, requireP99Samples } from './failures.ts';
import { Readable } from 'node:stream';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { configFromEnv } from '../src/server/config.ts';
import { createDiskFileStore } from '../src/server/features/files/file-store.ts';
import { createFilesService } from '../src/server/features/files/files.service.ts';
import type { Figure } from './api.ts';
import { percentile } from './learning.ts';

const ROOT = join(import.meta.dirname, '..');
const DATA_DIR = join(ROOT, '.tmp', 'bench-range');

const SIZE = 50 * 1024 * 1024;
const RANGE = 1024 * 1024;
const CONCURRENCY = 16;
const SECONDS = Number(process.env.BENCH_RANGE_SECONDS ?? 6);
const WARM_UP_SECONDS = 1;
/** Ours listens on this port and @fastify/static on the next one; 0 (the default): any free port. */
const PORT = Number(process.env.BENCH_RANGE_PORT ?? 0);
/** Each side's time is split into this many turns. */
const ROUNDS = 4;

interface LoadJob {
  url: string;
  size: number;
  seconds: number;
}
interface LoadResult {
  bytes: number;
  requests: number;
  errors: number;
  seconds: number;
  latencies: number[];
}

/** The worker's side: random 1 MB ranges, CONCURRENCY in flight, until the time is up. */
async function load({ url, size, seconds }: LoadJob): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const target = new URL(url);
  const latencies: number[] = [];
  let bytes = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const start = Math.floor(Math.random() * (size - RANGE));
      const sent = performance.now();
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          headers: { range: `bytes=${start}-${start + RANGE - 1}` },
        },
        (res) => {
          let got = 0;
          res.on('data', (chunk: Buffer) => (got += chunk.length));
          res.on('end', () => {
            if (res.statusCode === 206 && got === RANGE) {
              bytes += got;
              latencies.push(performance.now() - sent);
            } else errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { bytes, requests: latencies.length, errors, seconds: elapsed, latencies };
}

/** One load in a worker thread; a range not answered 206 with all its bytes fails the bench (`label`). */
async function inWorker(job: LoadJob, label: string): Promise<LoadResult> {
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
  });
  if (result.errors)
    recordFailure(label, `${result.errors} of ${result.errors + result.requests} ranges failed`);
  return result;
}

export interface RangeRun {
  figures: Record<string, Figure>;
  report: string;
}

/** Sets up both servers on one 50 MB file, loads each in turn, and returns the figures. */
export async function measureRange(): Promise<RangeRun> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(DATA_DIR, { recursive: true });
  const config = configFromEnv({ DATA_DIR, SEED: 'none', LOG_LEVEL: 'silent', APP_URL: 'http://127.0.0.1' });
  const built = await buildApp({ ...config, staticDir: undefined });
  const uploads = join(DATA_DIR, 'uploads');
  const store = createDiskFileStore(uploads);

  // An MP4's first box, then incompressible bytes: what a real video looks like to every layer.
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d6d703431', 'hex');
  const chunks = [ftyp, ...Array.from({ length: 50 }, () => randomBytes(1024 * 1024))];
  const video = Buffer.concat(chunks).subarray(0, SIZE);
  const staged = await store.put(Readable.from([video]), SIZE);
  await staged.commit();
  // Signed links work only for a live session whose user may read the file: its uploader's, here.
  const now = new Date().toISOString();
  const { id: userId } = await built.ctx.db
    .insertInto('users')
    .values({
      email: 'bench@example.test',
      full_name: 'Bench',
      password_hash: 'not-a-password',
      is_admin: 0,
      is_teacher: 1,
      taken_diagnostics: 0,
      school_id: null,
      location_id: null,
      email_verified_at: now,
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: sessionId } = await built.ctx.db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: randomBytes(32).toString('hex'),
      remember: 0,
      expires_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
      created_at: now,
      last_used_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await built.ctx.db
    .insertInto('files')
    .values({
      hash: staged.key,
      kind: 'video',
      mime: 'video/mp4',
      size: SIZE,
      original_name: 'bench.mp4',
      uploaded_by: userId,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const signer = createFilesService(built.ctx, store, { readers: () => [], sessionOf: async () => null });
  const signed = signer.signedUrl(id, { sessionId });
  await built.app.listen({ port: PORT, host: '127.0.0.1' });
  const ours = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}${signed}`;

  // The same bytes on disk, not a copy: a hard link to the store's file.
  const staticRoot = join(DATA_DIR, 'static');
  mkdirSync(staticRoot, { recursive: true });
  linkSync(
    join(uploads, staged.key.slice(0, 2), staged.key.slice(2, 4), staged.key),
    join(staticRoot, 'video.mp4'),
  );
  const bare = Fastify({ logger: false });
  await bare.register(fastifyStatic, { root: staticRoot });
  await bare.listen({ port: PORT ? PORT + 1 : 0, host: '127.0.0.1' });
  const plain = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/video.mp4`;

  try {
    const OURS = 'range: GET /api/files/:id';
    const STATIC = 'range: @fastify/static';
    await inWorker({ url: ours, size: SIZE, seconds: WARM_UP_SECONDS }, OURS);
    await inWorker({ url: plain, size: SIZE, seconds: WARM_UP_SECONDS }, STATIC);
    // Taken in turns (ours, static, ours, static…), so a busy moment on the machine hits both alike.
    const a: LoadResult = { bytes: 0, requests: 0, errors: 0, seconds: 0, latencies: [] };
    const b: LoadResult = { bytes: 0, requests: 0, errors: 0, seconds: 0, latencies: [] };
    const add = (into: LoadResult, r: LoadResult) => {
      into.bytes += r.bytes;
      into.requests += r.requests;
      into.errors += r.errors;
      into.seconds += r.seconds;
      into.latencies.push(...r.latencies);
    };
    for (let round = 0; round < ROUNDS; round++) {
      add(a, await inWorker({ url: ours, size: SIZE, seconds: SECONDS / ROUNDS }, OURS));
      add(b, await inWorker({ url: plain, size: SIZE, seconds: SECONDS / ROUNDS }, STATIC));
    }
    requireP99Samples(OURS, a.latencies.length);
    requireP99Samples(STATIC, b.latencies.length);
    const mbps = (r: LoadResult) => r.bytes / (1024 * 1024) / r.seconds;
    const p99 = (r: LoadResult) => (r.latencies.length ? percentile(r.latencies, 99) : 0);
    const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
    const figures: Record<string, Figure> = {
      range_mb_per_s: { value: round(mbps(a)), unit: 'MB/s' },
      range_static_mb_per_s: { value: round(mbps(b)), unit: 'MB/s' },
      range_throughput_ratio: { value: round(mbps(b) > 0 ? mbps(a) / mbps(b) : 0, 2), unit: 'ratio' },
      range_p99_ms: { value: round(p99(a)), unit: 'ms' },
      range_static_p99_ms: { value: round(p99(b)), unit: 'ms' },
    };
    const row = (label: string, r: LoadResult) =>
      `${label.padEnd(44)} ${round(mbps(r)).toFixed(1).padStart(8)} MB/s   p99 ${round(p99(r)).toFixed(1).padStart(7)} ms   ${r.requests} ranges, ${r.errors} errors`;
    const report = [
      `Range requests on a 50 MB video (1 MB ranges, ${CONCURRENCY} at a time, ${SECONDS} s each in ${ROUNDS} turns)`,
      row('GET /api/files/:id (signed link)', a),
      row('@fastify/static, same file', b),
      `ours / static throughput: ${figures.range_throughput_ratio!.value}`,
    ].join('\n');
    return { figures, report };
  } finally {
    await bare.close();
    await built.app.close();
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

if (!isMainThread) {
  parentPort!.postMessage(await load(workerData as LoadJob));
} else if (import.meta.main) {
  const { figures, report } = await measureRange();
  console.log(report);
  saveRunFigures(figures);
}

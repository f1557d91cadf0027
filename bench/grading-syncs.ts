// What a graded submit writes and syncs (not part of `npm run bench`; needs strace): a SQLite server is
// traced (`strace -f -e fsync,fdatasync,pwrite64,ftruncate`) while N students each save their 50 answers and
// submit, and each submit's window prints its frames written, its syncs and their time, per file, with the
// WAL's size and its WAL-index header (frames in the WAL, frames copied) before and after.
//   node bench/grading-syncs.ts [--n=15] [--root=DIR]   (GRADING_PORT, 4291 by default)
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { login } from './api-load.ts';
import { anAnswer, percentile, prepareStudents, WARMUP } from './learning.ts';
import { BENCH_SERVER_ENV, startServer } from './processes.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const n = Number(arg('n') ?? 15);
const root = arg('root') ?? join(import.meta.dirname, '..');
const port = Number(process.env.GRADING_PORT ?? 4291);
const DATA_DIR = join(import.meta.dirname, '..', '.tmp', `grading-syncs-${port}`);
const TRACE = `${DATA_DIR}.strace`;
rmSync(DATA_DIR, { recursive: true, force: true });
const server = await startServer('traced', join(root, 'src/server/main.ts'), port, '/api/health', {
  ...BENCH_SERVER_ENV,
  WORKERS: '1',
  DATA_DIR,
});
const file = join(DATA_DIR, 'pathbuilder.sqlite');
const header = Buffer.alloc(100);
const walIndex = () => {
  const fd = openSync(`${file}-shm`, 'r');
  readSync(fd, header, 0, 100, 0);
  closeSync(fd);
  return `${header.readUInt32LE(16)} frames, ${header.readUInt32LE(96)} copied`;
};
const walSize = () => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);

try {
  const admin = await login(server.baseUrl, {
    email: 'admin@pathbuilder.test',
    password: 'pathbuilder-demo',
  });
  const students = await prepareStudents(server.baseUrl, admin, WARMUP + n);
  const strace = spawn(
    'strace',
    ['-f', '-ttt', '-T', '-y', '-e', 'trace=fsync,fdatasync,pwrite64,ftruncate', '-p', String(server.pid)],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let traced = '';
  strace.stderr.on('data', (chunk: Buffer) => (traced += chunk.toString()));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(server.baseUrl + path, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
    await res.arrayBuffer();
  };
  const clock = () => (performance.timeOrigin + performance.now()) / 1000;
  const submits: Array<{ t0: number; t1: number; before: string; after: string }> = [];
  for (const s of students) {
    for (const q of s.questions)
      await call('PUT', `/api/attempts/${s.attemptId}/answers/${q.id}`, s.token, {
        answer: anAnswer(q),
        flagged: false,
        answered_at: new Date().toISOString(),
      });
    const before = `WAL ${walSize()} B, ${walIndex()}`;
    const t0 = clock();
    await call('POST', `/api/attempts/${s.attemptId}/submit`, s.token, {});
    const t1 = clock();
    submits.push({ t0, t1, before, after: `WAL ${walSize()} B, ${walIndex()}` });
  }
  strace.kill('SIGINT');
  await new Promise((resolve) => strace.once('exit', resolve));
  traced ||= existsSync(TRACE) ? readFileSync(TRACE, 'utf8') : '';
  const calls = [];
  for (const line of traced.split('\n')) {
    const m =
      /^(?:\[pid\s+)?(\d+)\]?\s+([\d.]+) (\w+)\(\d+<([^>]*)>(?:, [^,]*, (\d+))?.*= (-?\d+) <([\d.]+)>$/.exec(
        line,
      );
    if (m)
      calls.push({
        tid: m[1]!,
        t: Number(m[2]),
        name: m[3]!,
        file: m[4]!.replace(/.*\//, ''),
        bytes: m[3] === 'pwrite64' ? Number(m[6]) : 0,
        ms: Number(m[7]) * 1000,
      });
  }
  for (const [i, w] of submits.entries()) {
    const by = new Map<string, { n: number; bytes: number; ms: number }>();
    for (const c of calls.filter((c) => c.t >= w.t0 && c.t <= w.t1)) {
      const key = `${c.name} ${c.file}`;
      const e = by.get(key) ?? { n: 0, bytes: 0, ms: 0 };
      e.n++;
      e.bytes += c.bytes;
      e.ms += c.ms;
      by.set(key, e);
    }
    console.log(`submit ${i + 1}: ${((w.t1 - w.t0) * 1000).toFixed(1)} ms; ${w.before} -> ${w.after}`);
    for (const [key, e] of by)
      console.log(
        `  ${key}: ${e.n}x${e.bytes ? `, ${e.bytes} B (${e.bytes / 4120} frames)` : ''}, ${e.ms.toFixed(2)} ms`,
      );
  }
  const all = new Map<string, number>();
  for (const c of calls) all.set(`${c.name} ${c.file}`, (all.get(`${c.name} ${c.file}`) ?? 0) + 1);
  console.log(`whole trace: ${[...all].map(([k, v]) => `${k} ${v}`).join('; ')}`);
  const syncs = calls.filter((c) => c.name === 'fdatasync' && c.file.endsWith('-wal')).map((c) => c.ms);
  const submitSyncs = calls
    .filter((c) => c.name === 'fdatasync' && submits.some((w) => c.t >= w.t0 && c.t <= w.t1))
    .map((c) => c.ms);
  const ms = (q: number, v: number[]) => percentile(v, q).toFixed(2);
  console.log(
    `commits' WAL syncs: ${syncs.length}, p50 ${ms(50, syncs)} p90 ${ms(90, syncs)} p99 ${ms(99, syncs)} ms; ` +
      `in submits: ${submitSyncs.length}, p50 ${ms(50, submitSyncs)} p90 ${ms(90, submitSyncs)} max ` +
      `${Math.max(...submitSyncs).toFixed(2)} ms`,
  );
} finally {
  await server.stop();
}

// A quick look at GET /api/refresh alone on SQLite (not part of `npm run bench`): wrk against one process,
// then against WORKERS, alternately, as bench/api.ts measures `refreshWorkers`. For working on the scaling:
//   node bench/refresh-only.ts [--rounds=N] [--duration=S] [--prof=DIR] [--main=PATH]
// --main runs another build's src/server/main.ts (an A/B against an older commit). Port: REFRESH_PORT (4290).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { login } from './api-load.ts';
import { THROUGHPUT, WORKERS } from './api.ts';
import { cpuSeconds, startServer } from './processes.ts';

const ROOT = join(import.meta.dirname, '..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const rounds = Number(arg('rounds') ?? 1);
const duration = Number(arg('duration') ?? THROUGHPUT.duration);
const prof = arg('prof');
const main = arg('main') ?? join(ROOT, 'src/server/main.ts');
const port = Number(process.env.REFRESH_PORT ?? 4290);
const DATA_DIR = join(ROOT, '.tmp', `refresh-only-${port}`);
const STUDENT = { email: 'student@pathbuilder.test', password: 'pathbuilder-demo' };

const serverEnv = {
  SEED: 'demo',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  DATA_DIR,
  ...(prof ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${prof}` } : {}),
};
rmSync(DATA_DIR, { recursive: true, force: true });

/** A process and its children (the primary and its workers). */
function tree(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      children = children.concat(
        readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
  } catch {
    // Gone.
  }
  return [pid, ...children.flatMap(tree)];
}

type Run = { rps: number; serverUsPerRequest: number; wrkUsPerRequest: number; serverCores: number };

/**
 * wrk for `seconds`, and the CPU that the server's processes and wrk used over its middle (from 1 s in to
 * 0.5 s before the end): what a request costs each side, whatever share of the cores the machine left them.
 */
function wrk(url: string, token: string, server: number[], seconds: number): Promise<Run> {
  const child = spawn('wrk', [
    '-t1',
    `-c${THROUGHPUT.connections}`,
    `-d${seconds}s`,
    '-H',
    `authorization: Bearer ${token}`,
    url,
  ]);
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const sample = () => ({
    at: performance.now(),
    server: server.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    wrk: cpuSeconds(child.pid!),
  });
  let first: ReturnType<typeof sample> | undefined;
  let last: ReturnType<typeof sample> | undefined;
  setTimeout(() => (first = sample()), 1000);
  setTimeout(() => (last = sample()), seconds * 1000 - 500);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => {
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
      if (!rps || !first || !last) return reject(new Error(`wrk: ${stdout}`));
      if (/Non-2xx/.test(stdout)) return reject(new Error(`wrk saw errors: ${stdout}`));
      const elapsed = (last.at - first.at) / 1000;
      const per = (cpu: number) => (cpu / (rps * elapsed)) * 1e6;
      resolve({
        rps,
        serverUsPerRequest: per(last.server - first.server),
        wrkUsPerRequest: per(last.wrk - first.wrk),
        serverCores: (last.server - first.server) / elapsed,
      });
    });
  });
}

/** wrk against a fresh server of `workers` processes. */
async function measure(workers: number): Promise<Run> {
  const ours = await startServer('ours', main, port, '/api/health', {
    ...serverEnv,
    WORKERS: String(workers),
  });
  try {
    // The health answer came from the first worker; the others start once it listens.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const token = await login(ours.baseUrl, STUDENT);
    const url = `${ours.baseUrl}/api/refresh`;
    const processes = tree(ours.pid);
    // A short warm-up, as the bench's autocannon run comes before its wrk run.
    await wrk(url, token, processes, 2);
    return await wrk(url, token, processes, duration);
  } finally {
    await ours.stop();
  }
}

const f = (n: number) => Math.round(n).toLocaleString('en');
const show = (r: Run) =>
  `${f(r.rps)} req/s (server ${r.serverUsPerRequest.toFixed(0)} µs/req on ${r.serverCores.toFixed(2)} cores, wrk ${r.wrkUsPerRequest.toFixed(0)} µs/req)`;
const ratios: number[] = [];
for (let r = 0; r < rounds; r++) {
  const one = await measure(1);
  const many = await measure(WORKERS);
  ratios.push(many.rps / one.rps);
  console.log(
    `round ${r + 1}: 1 process ${show(one)}; ${WORKERS} workers ${show(many)}; ×${(many.rps / one.rps).toFixed(2)}`,
  );
}
const sorted = [...ratios].sort((a, b) => a - b);
console.log(`median ×${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} of ${rounds}`);

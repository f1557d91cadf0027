// The API figures on one database: the authenticated GET next to the bare route, one worker and several,
// answer saves by 200 students, grading, and the login burst with /api/health alongside. Every run is
// `checked`: a failed request of ours or of a yardstick fails the bench (bench/failures.ts).
import { execFile } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { Instance, Options, Result } from 'autocannon';
import {
  answerSaveLoad,
  GRADED,
  gradingTimes,
  percentile,
  prepareStudents,
  STUDENTS,
  WARMUP,
} from './learning.ts';
import { checked, recordFailure } from './failures.ts';
import { loginBursts, type LoginBursts } from './login-burst.ts';
import { startServer, type Server } from './processes.ts';

const ROOT = join(import.meta.dirname, '..');
export const THROUGHPUT = { connections: 20, duration: 10 };
export { BURSTS, LOGINS } from './login-burst.ts';
export const HEALTH_CONNECTIONS = 4;
/**
 * The other traffic while the logins run: a busy school's steady requests, not a flood. A load generator
 * sending as fast as it can would take the CPU the hashes need on this 2-core machine (it runs here too) and
 * measure itself, not whether logins stall other requests.
 */
export const HEALTH_RATE = 500;
/** Workers of the multi-process run: as many as cores (WORKERS' default), at least two. */
export const WORKERS = Math.max(2, availableParallelism());
const STUDENT = { email: 'student@pathbuilder.test', password: 'pathbuilder-demo' };
const ADMIN = { email: 'admin@pathbuilder.test', password: 'pathbuilder-demo' };

export interface ApiRun {
  refresh: Result;
  bare: Result;
  saves: Result;
  /**
   * The same saves against the bare server's plainest durable write (bench/bare-server.ts). Measured on the
   * SQLite run only (it writes to SQLite); null on PostgreSQL.
   */
  savesFloor: Result | null;
  bare200: Result;
  grading: number[];
  bareOne: Result;
  refreshWorkers: Result;
  /**
   * The same GET by wrk, one process then WORKERS (null without wrk on PATH). autocannon is JavaScript and
   * needs about as much CPU per request as the server; on 2 cores it takes the core a second worker would
   * use, so the scaling is measured with a generator that leaves the cores to the server.
   */
  scaling: { one: number; many: number } | null;
  savesWorkers: Result;
  logins: LoginBursts;
  busyHealth: Result;
  idleHealth: Result;
  /** How long the server took to work off the saves' backlog before idleHealth was measured (settle). */
  settleMs: number;
}

function run(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Keeps `options` running as background load until `during` settles, then stops it. */
async function runDuring<T>(options: Options, during: () => Promise<T>): Promise<[Result, T]> {
  let instance: Instance | undefined;
  const background = new Promise<Result>((resolve, reject) => {
    instance = autocannon({ ...options, duration: 600 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
  try {
    // Let the background load settle before the burst starts.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const value = await during();
    instance?.stop();
    return [await background, value];
  } finally {
    instance?.stop();
  }
}

/** Requests per second wrk reports for a GET (one thread), or null when wrk is not installed. */
function wrkRps(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  return new Promise<number | null>((resolve, reject) => {
    execFile('wrk', [...args, url], (error, stdout) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') return resolve(null);
      if (error) return reject(error);
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
      if (!rps) return reject(new Error(`wrk printed no Requests/sec:\n${stdout}`));
      const refused = /Non-2xx or 3xx responses:\s*(\d+)/.exec(stdout)?.[1];
      if (refused) recordFailure(`wrk ${url}`, `${refused} answers outside 2xx and 3xx`);
      const socketErrors = /Socket errors:([^\n]*)/.exec(stdout)?.[1];
      if (socketErrors) recordFailure(`wrk ${url}`, `socket errors:${socketErrors}`);
      resolve(Number(rps));
    });
  });
}

/**
 * Waits until the server has worked off a load's backlog: when autocannon stops, up to 200 saves are still
 * in flight, and on PostgreSQL they drain for most of a second. Without this the "idle" health figure
 * measured that drain. Done when 20 health answers in a row each take under 5 ms (15 s at most).
 */
async function settle(url: string): Promise<number> {
  const start = performance.now();
  for (let quick = 0; quick < 20 && performance.now() - start < 15_000;) {
    const sent = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status} while settling`);
    quick = performance.now() - sent < 5 ? quick + 1 : 0;
  }
  return performance.now() - start;
}

async function login(baseUrl: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`${who.email} login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * One database, `label` (sqlite or postgres): first our server as one process, then as WORKERS processes
 * on the same data. `env` chooses the database; `dataDir` starts empty.
 */
export async function measureApi(
  label: string,
  env: Record<string, string>,
  bare: Server,
  port: number,
  { floor }: { floor: boolean },
): Promise<ApiRun> {
  const serverEnv = {
    SEED: 'demo',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    // The answer-save load registers its students from this one address.
    REGISTRATIONS_PER_HOUR: '1000',
    ...env,
  };
  const bareUrl = `${bare.baseUrl}/bare`;
  const check = (result: Result, what: string) => checked(result, `${label}: ${what}`);
  const main = join(ROOT, 'src/server/main.ts');

  let ours = await startServer(`our server (${label})`, main, port, '/api/health', {
    ...serverEnv,
    WORKERS: '1',
  });
  let refresh: Result, bareRun: Result, saves: Result, bare200: Result, grading: number[], bareOne: Result;
  let savesFloor: Result | null = null;
  let refreshWrkOne: number | null = null;
  let students: Awaited<ReturnType<typeof prepareStudents>>;
  try {
    const token = await login(ours.baseUrl, STUDENT);
    const auth = { authorization: `Bearer ${token}` };
    refresh = check(
      await run({ url: `${ours.baseUrl}/api/refresh`, headers: auth, ...THROUGHPUT }),
      'refresh',
    );
    bareRun = check(await run({ url: bareUrl, ...THROUGHPUT }), 'GET /bare');
    refreshWrkOne = await wrkRps(
      `${ours.baseUrl}/api/refresh`,
      auth,
      THROUGHPUT.connections,
      THROUGHPUT.duration,
    );

    // Learning core: 200 students saving answers at once, and grading 50-question submissions.
    students = await prepareStudents(
      ours.baseUrl,
      await login(ours.baseUrl, ADMIN),
      STUDENTS + WARMUP + GRADED,
    );
    const savers = students.slice(0, STUDENTS);
    saves = check(await run(answerSaveLoad(ours.baseUrl, savers, THROUGHPUT.duration)), 'answer saves');
    if (floor)
      savesFloor = check(
        await run(answerSaveLoad(bare.baseUrl, savers, THROUGHPUT.duration)),
        'answer saves (bare durable write)',
      );
    bare200 = check(
      await run({ url: bareUrl, connections: STUDENTS, duration: THROUGHPUT.duration }),
      'bare 200',
    );
    grading = await gradingTimes(ours.baseUrl, students.slice(STUDENTS));
    bareOne = check(await run({ url: bareUrl, connections: 1, amount: 2000 }), 'GET /bare (1 connection)');
  } finally {
    await ours.stop();
  }

  ours = await startServer(`our server (${label}, ${WORKERS} workers)`, main, port, '/api/health', {
    ...serverEnv,
    WORKERS: String(WORKERS),
  });
  try {
    const token = await login(ours.baseUrl, STUDENT);
    const auth = { authorization: `Bearer ${token}` };
    const refreshWorkers = check(
      await run({ url: `${ours.baseUrl}/api/refresh`, headers: auth, ...THROUGHPUT }),
      `refresh (${WORKERS} workers)`,
    );
    const refreshWrkMany =
      refreshWrkOne === null
        ? null
        : await wrkRps(`${ours.baseUrl}/api/refresh`, auth, THROUGHPUT.connections, THROUGHPUT.duration);
    const savesWorkers = check(
      await run(answerSaveLoad(ours.baseUrl, students.slice(0, STUDENTS), THROUGHPUT.duration)),
      `answer saves (${WORKERS} workers)`,
    );
    const healthUrl = `${ours.baseUrl}/api/health`;
    const settleMs = await settle(healthUrl);
    const idleHealth = check(
      await run({ url: healthUrl, connections: HEALTH_CONNECTIONS, overallRate: HEALTH_RATE, duration: 5 }),
      'idle health',
    );
    const health = { url: healthUrl, connections: HEALTH_CONNECTIONS, overallRate: HEALTH_RATE };
    const [busyHealth, logins] = await runDuring(health, () =>
      loginBursts(ours.baseUrl, STUDENT, `${label}: logins`),
    );
    check(busyHealth, 'health during logins');
    return {
      refresh,
      bare: bareRun,
      saves,
      savesFloor,
      bare200,
      grading,
      bareOne,
      refreshWorkers,
      scaling:
        refreshWrkOne !== null && refreshWrkMany !== null
          ? { one: refreshWrkOne, many: refreshWrkMany }
          : null,
      savesWorkers,
      logins,
      busyHealth,
      idleHealth,
      settleMs,
    };
  } finally {
    await ours.stop();
  }
}

export type Figure = { value: number; unit: string };

/** The machine-readable names (prefix `pg.` for PostgreSQL). */
export function apiFigures(prefix: string, r: ApiRun): Record<string, Figure> {
  const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : 0);
  // autocannon's latencies are whole milliseconds: a bare p99 under 1 ms counts as 1.
  const p99Ratio = (ours: Result, bare: Result) => ratio(ours.latency.p99, Math.max(1, bare.latency.p99));
  const f = (value: number, unit: string): Figure => ({ value: Math.round(value * 100) / 100, unit });
  const figures: Record<string, Figure> = {
    'api.refresh.rps': f(r.refresh.requests.average, 'req/s'),
    'api.refresh.p99_ms': f(r.refresh.latency.p99, 'ms'),
    'api.refresh.ratio': f(ratio(r.refresh.requests.average, r.bare.requests.average), 'x'),
    'api.refresh.workers': f(WORKERS, 'processes'),
    'api.refresh.workers_rps': f(r.refreshWorkers.requests.average, 'req/s'),
    // With wrk when it is installed (see ApiRun.scaling), else with autocannon.
    'api.refresh.workers_speedup': f(
      r.scaling
        ? ratio(r.scaling.many, r.scaling.one)
        : ratio(r.refreshWorkers.requests.average, r.refresh.requests.average),
      'x',
    ),
    'api.refresh.workers_speedup_autocannon': f(
      ratio(r.refreshWorkers.requests.average, r.refresh.requests.average),
      'x',
    ),
    ...(r.scaling
      ? {
          'api.refresh.wrk_rps_1_worker': f(r.scaling.one, 'req/s'),
          'api.refresh.wrk_rps_workers': f(r.scaling.many, 'req/s'),
        }
      : {}),
    'api.answer_save.rps': f(r.saves.requests.average, 'req/s'),
    'api.answer_save.p99_ms': f(r.saves.latency.p99, 'ms'),
    'api.answer_save.ratio': f(ratio(r.saves.requests.average, r.bare200.requests.average), 'x'),
    'api.answer_save.p99_ratio': f(p99Ratio(r.saves, r.bare200), 'x'),
    ...(r.savesFloor
      ? {
          'bare.answer_save.rps': f(r.savesFloor.requests.average, 'req/s'),
          'bare.answer_save.p99_ms': f(r.savesFloor.latency.p99, 'ms'),
          'bare.answer_save.ratio': f(ratio(r.savesFloor.requests.average, r.bare200.requests.average), 'x'),
          'bare.answer_save.p99_ratio': f(p99Ratio(r.savesFloor, r.bare200), 'x'),
          'api.answer_save.floor_ratio': f(
            ratio(r.saves.requests.average, r.savesFloor.requests.average),
            'x',
          ),
        }
      : {}),
    'api.answer_save.workers_rps': f(r.savesWorkers.requests.average, 'req/s'),
    'api.answer_save.workers_p99_ms': f(r.savesWorkers.latency.p99, 'ms'),
    'api.answer_save.failed': f(
      r.saves.non2xx + r.saves.errors + r.savesWorkers.non2xx + r.savesWorkers.errors,
      'requests',
    ),
    'api.grading.p50_ms': f(percentile(r.grading, 50), 'ms'),
    'api.grading.p99_ms': f(percentile(r.grading, 99), 'ms'),
    'api.login_burst.p99_ms': f(percentile(r.logins.times, 99), 'ms'),
    'api.login_burst.health_p99_ms': f(r.busyHealth.latency.p99, 'ms'),
    'api.health.idle_p99_ms': f(r.idleHealth.latency.p99, 'ms'),
    'api.health.settle_ms': f(r.settleMs, 'ms'),
    'bare.rps': f(r.bare.requests.average, 'req/s'),
    'bare.p99_ms': f(r.bare.latency.p99, 'ms'),
    'bare.rps_200': f(r.bare200.requests.average, 'req/s'),
    'bare.p99_ms_200': f(r.bare200.latency.p99, 'ms'),
  };
  return Object.fromEntries(Object.entries(figures).map(([name, fig]) => [prefix + name, fig]));
}

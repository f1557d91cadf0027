// The API figures on one database: the authenticated GET next to the bare route, one worker and several,
// answer saves by 200 students, grading, and the login burst with /api/health alongside. Every run is
// `checked`: a failed request of ours or of a yardstick fails the bench (bench/failures.ts).
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Result } from 'autocannon';
import {
  answerSaveLoad,
  GRADED,
  gradingTimes,
  moreAttempts,
  prepareStudents,
  STUDENTS,
  WARMUP,
} from './learning.ts';
import { checked } from './failures.ts';
import { loginBursts, type LoginBursts } from './login-burst.ts';
import { startServer, type Server } from './processes.ts';
import { login, run, runDuring, settle, wrkRps } from './api-load.ts';
import { wrkSaves, type WrkSaves } from './wrk-saves.ts';
import { OPEN_LOOP_ATTEMPTS_PER_STUDENT, openLoopSaves, type OpenLoopRun } from './open-loop.ts';

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
   * The same saves against the plainest durable write on the same database (bench/bare-app.ts: SQLite's on
   * the bare server, PostgreSQL's on a bare server of its own), measured right after ours.
   */
  savesFloor: Result;
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
  /**
   * The answer saves by wrk, one process then WORKERS, the same 200 students (null without wrk): what a
   * second worker adds to saves, measured as the refresh scaling is (autocannon would take its core).
   */
  savesScaling: { one: WrkSaves; many: WrkSaves } | null;
  /** Saves at a class's pace (bench/open-loop.ts) against WORKERS processes. */
  openLoop: OpenLoopRun;
  logins: LoginBursts;
  busyHealth: Result;
  idleHealth: Result;
  /** How long the server took to work off the saves' backlog before idleHealth was measured (settle). */
  settleMs: number;
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
  { floor, openLoopSeconds }: { floor: Server; openLoopSeconds?: number },
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
  let savesFloor: Result;
  let refreshWrkOne: number | null = null;
  let savesWrkOne: WrkSaves | null = null;
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
    savesWrkOne = await wrkSaves(ours.baseUrl, savers, THROUGHPUT.duration);
    savesFloor = check(
      await run(answerSaveLoad(floor.baseUrl, savers, THROUGHPUT.duration)),
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
    const savesWrkMany =
      savesWrkOne === null
        ? null
        : await wrkSaves(ours.baseUrl, students.slice(0, STUDENTS), THROUGHPUT.duration);
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
    // Last, so the figures above stay as they were measured before it.
    const savers = students.slice(0, STUDENTS);
    const attempts = [
      ...savers,
      ...(await moreAttempts(
        ours.baseUrl,
        await login(ours.baseUrl, ADMIN),
        savers,
        OPEN_LOOP_ATTEMPTS_PER_STUDENT - 1,
      )),
    ];
    await settle(healthUrl);
    const openLoop = await openLoopSaves(ours.baseUrl, attempts, {
      seconds: openLoopSeconds,
      label: `${label}: open-loop answer saves (${WORKERS} workers)`,
    });
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
      savesScaling:
        savesWrkOne !== null && savesWrkMany !== null ? { one: savesWrkOne, many: savesWrkMany } : null,
      openLoop,
      logins,
      busyHealth,
      idleHealth,
      settleMs,
    };
  } finally {
    await ours.stop();
  }
}

export type { Figure } from './results.ts';

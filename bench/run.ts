// `npm run bench`: our API against a bare Fastify on this machine — on SQLite, then on PostgreSQL when it
// is reachable — the login burst, and the weight of the JavaScript behind /login. Prints the tables and
// merges the figures into .tmp/bench/results.json. A few minutes in all.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { saveRunFigures } from './results.ts';
import { finishBench } from './failures.ts';
import type { Result } from 'autocannon';
import {
  BURSTS,
  HEALTH_CONNECTIONS,
  HEALTH_RATE,
  LOGINS,
  measureApi,
  THROUGHPUT,
  WORKERS,
  type ApiRun,
  type Figure,
} from './api.ts';
import { apiFigures } from './api-figures.ts';
import { GRADED, percentile, QUESTIONS, STUDENTS, WARMUP } from './learning.ts';
import { weighFile, webFigures, webWeightReport } from './login-weight.ts';
import { weighLoginInBrowser } from './login-browser.ts';
import { measureUsersList } from './users.ts';
import { measureReports } from './reports.ts';
import { measureItemFit } from './item-fit.ts';
import { measureRange } from './range.ts';
import { measureLiveFanout } from './live-fanout.ts';
import { startServer, type Server } from './processes.ts';
import { OPEN_LOOP_SECONDS as OPEN_LOOP_DEFAULT } from './open-loop.ts';
import { freshPostgres } from './fresh-postgres.ts';

const ROOT = join(import.meta.dirname, '..');
const DATA_DIR = join(ROOT, '.tmp', 'bench-data');
/** A database of its own, dropped and made again at every run. */
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pathbuilder_bench';

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
// autocannon records latencies in whole milliseconds.
const ms = (n: number) => (n < 1 ? '< 1' : fmt(n));
const ratio = (a: number, b: number) => fmt(a / b, 2);
const p99Ratio = (ours: Result, bare: Result) =>
  bare.latency.p99 >= 1 ? ratio(ours.latency.p99, bare.latency.p99) : 'n/a';

function table(rows: string[][]): string {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  return rows
    .map((row) =>
      row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join('   '),
    )
    .join('\n');
}

function printApi(title: string, r: ApiRun): void {
  console.log(`\n== ${title} ==`);
  console.log(`\nThroughput (${THROUGHPUT.connections} connections, ${THROUGHPUT.duration} s each)`);
  console.log(
    table([
      ['request', 'req/s', 'p99 ms'],
      [
        'GET /api/refresh (demo student, 1 process)',
        fmt(r.refresh.requests.average),
        ms(r.refresh.latency.p99),
      ],
      ['GET /bare (bare Fastify)', fmt(r.bare.requests.average), ms(r.bare.latency.p99)],
      [
        'ratio ours / bare',
        ratio(r.refresh.requests.average, r.bare.requests.average),
        p99Ratio(r.refresh, r.bare),
      ],
      [
        `GET /api/refresh (${WORKERS} workers)`,
        fmt(r.refreshWorkers.requests.average),
        ms(r.refreshWorkers.latency.p99),
      ],
      [
        `speed-up ${WORKERS} workers / 1 (autocannon)`,
        ratio(r.refreshWorkers.requests.average, r.refresh.requests.average),
        '',
      ],
      ...(r.scaling
        ? [
            ['GET /api/refresh by wrk, 1 process', fmt(r.scaling.one), ''],
            [`GET /api/refresh by wrk, ${WORKERS} workers`, fmt(r.scaling.many), ''],
            [`speed-up ${WORKERS} workers / 1 (wrk)`, ratio(r.scaling.many, r.scaling.one), ''],
          ]
        : []),
    ]),
  );
  if (!r.scaling)
    console.log(
      '  (no wrk on PATH: `apt-get install wrk` measures the scaling without autocannon taking a core)',
    );
  console.log(
    `\nAnswer saves (${STUDENTS} students at once, each on an attempt of their own, ${THROUGHPUT.duration} s)`,
  );
  console.log(
    table([
      ['request', 'req/s', 'p99 ms'],
      [
        'PUT /api/attempts/:id/answers/:q (1 process)',
        fmt(r.saves.requests.average),
        ms(r.saves.latency.p99),
      ],
      [
        `GET /bare (bare Fastify, ${STUDENTS} connections)`,
        fmt(r.bare200.requests.average),
        ms(r.bare200.latency.p99),
      ],
      [
        'ratio ours / bare',
        ratio(r.saves.requests.average, r.bare200.requests.average),
        p99Ratio(r.saves, r.bare200),
      ],
      [
        `PUT, bare durable write (${title}, no checks)`,
        fmt(r.savesFloor.requests.average),
        ms(r.savesFloor.latency.p99),
      ],
      [
        'ratio bare durable write / bare',
        ratio(r.savesFloor.requests.average, r.bare200.requests.average),
        p99Ratio(r.savesFloor, r.bare200),
      ],
      [
        'ratio ours / bare durable write',
        ratio(r.saves.requests.average, r.savesFloor.requests.average),
        p99Ratio(r.saves, r.savesFloor),
      ],
      [
        `PUT /api/attempts/:id/answers/:q (${WORKERS} workers)`,
        fmt(r.savesWorkers.requests.average),
        ms(r.savesWorkers.latency.p99),
      ],
      [
        `ratio ${WORKERS} workers / 1 process (autocannon)`,
        ratio(r.savesWorkers.requests.average, r.saves.requests.average),
        '',
      ],
      ...(r.savesScaling
        ? [
            ['PUT by wrk, 1 process', fmt(r.savesScaling.one.rps), ms(r.savesScaling.one.p99Ms)],
            [`PUT by wrk, ${WORKERS} workers`, fmt(r.savesScaling.many.rps), ms(r.savesScaling.many.p99Ms)],
            [
              `ratio ${WORKERS} workers / 1 process (wrk)`,
              ratio(r.savesScaling.many.rps, r.savesScaling.one.rps),
              '',
            ],
          ]
        : []),
    ]),
  );
  const o = r.openLoop;
  console.log(
    `\nAnswer saves at a class's pace (open loop: ${fmt(o.rate)} a second for ${o.seconds} s over ${fmt(o.attempts)} attempts of ${STUDENTS} students, ${WORKERS} workers; latency from each request's scheduled time)`,
  );
  console.log(
    table([
      ['measure', 'p50 ms', 'p99 ms', 'max ms', 'answered/s', 'failed'],
      [
        'PUT /api/attempts/:id/answers/:q',
        fmt(o.p50, 1),
        fmt(o.p99, 1),
        fmt(o.max, 1),
        fmt(o.achievedRate),
        fmt(o.failed),
      ],
    ]),
  );
  if (o.maxSendLagMs > 20)
    console.log(`  (the generator sent up to ${fmt(o.maxSendLagMs)} ms behind its schedule: a busy machine)`);
  console.log(
    `\nGrading a ${QUESTIONS}-question submission (${GRADED} submissions, one at a time, after ${WARMUP} untimed)`,
  );
  console.log(
    table([
      ['measure', 'p50 ms', 'p99 ms'],
      ['POST /api/attempts/:id/submit', fmt(percentile(r.grading, 50), 1), fmt(percentile(r.grading, 99), 1)],
      ['GET /bare (bare Fastify, 1 connection)', ms(r.bareOne.latency.p50), ms(r.bareOne.latency.p99)],
    ]),
  );
  console.log(
    `\nLogin burst (${LOGINS} simultaneous POST /api/auth/login, ${BURSTS} bursts, ${WORKERS} workers; /api/health at ${HEALTH_RATE} req/s over ${HEALTH_CONNECTIONS} connections)`,
  );
  console.log(
    table([
      ['measure', 'p99 ms', 'note'],
      ['login', fmt(percentile(r.logins.times, 99)), `${r.logins.ok}/${r.logins.total} answered 200`],
      [
        'GET /api/health during the logins',
        ms(r.busyHealth.latency.p99),
        `${fmt(r.busyHealth.requests.total)} requests`,
      ],
      [
        'GET /api/health without logins',
        ms(r.idleHealth.latency.p99),
        `${fmt(r.idleHealth.requests.total)} requests, ${fmt(r.settleMs)} ms after the saves`,
      ],
    ]),
  );
}

/**
 * `npm run bench -- --only=api` runs the API part alone (SQLite and PostgreSQL) and the JavaScript weight;
 * results.json keeps the other parts' figures from their last run.
 */
const ONLY_API = process.argv.includes('--only=api');
/** `--open-loop-seconds=10`: a shorter open-loop run for a quick check (its figures say how long it ran). */
const OPEN_LOOP_SECONDS = Number(
  /^--open-loop-seconds=(\d+)$/.exec(
    process.argv.find((a) => a.startsWith('--open-loop-seconds=')) ?? '',
  )?.[1] ?? OPEN_LOOP_DEFAULT,
);
/** Ports of the bench's servers (BENCH_PORT and the next two), 4280–4282 unless set. */
const PORT = Number(process.env.BENCH_PORT ?? 4280);

async function main(): Promise<void> {
  const started = Date.now();
  const bare = await startServer('bare Fastify', join(ROOT, 'bench/bare-server.ts'), PORT + 1, '/bare');
  const figures: Record<string, Figure> = {};
  let bareOneP99 = '?';
  try {
    rmSync(DATA_DIR, { recursive: true, force: true });
    const sqlite = await measureApi('SQLite', { DATA_DIR }, bare, PORT, {
      floor: bare,
      openLoopSeconds: OPEN_LOOP_SECONDS,
    });
    Object.assign(figures, apiFigures('', sqlite));
    bareOneP99 = ms(sqlite.bareOne.latency.p99);
    let postgres: ApiRun | null = null;
    if (await freshPostgres(PG_URL)) {
      // The PostgreSQL floor: the same save route through `pg`, into a table of its own in the bench database.
      let pgFloor: Server | null = null;
      try {
        pgFloor = await startServer(
          'bare Fastify (PostgreSQL floor)',
          join(ROOT, 'bench/bare-server.ts'),
          PORT + 2,
          '/bare',
          { BARE_DATABASE_URL: PG_URL },
        );
        postgres = await measureApi('PostgreSQL', { DATA_DIR, DATABASE_URL: PG_URL }, bare, PORT, {
          floor: pgFloor,
          openLoopSeconds: OPEN_LOOP_SECONDS,
        });
      } finally {
        await pgFloor?.stop();
      }
      Object.assign(figures, apiFigures('pg.', postgres));
    }
    console.log(`\nPathbuilder bench — Node ${process.version}, ${new Date().toISOString()}`);
    printApi('SQLite', sqlite);
    if (postgres) printApi('PostgreSQL', postgres);
    else console.log(`\nPostgreSQL: not reachable at ${new URL(PG_URL).host}; skipped`);
  } finally {
    await bare.stop();
  }
  if (!ONLY_API) await otherParts(figures, bareOneP99);
  // What Chromium fetches for /login before the form is usable: the goal's count (the manifest's beside it).
  const browserLogin = existsSync(join(ROOT, 'dist', 'index.html'))
    ? await weighLoginInBrowser(join(ROOT, 'dist'), weighFile)
    : undefined;
  console.log(`\n${webWeightReport(join(ROOT, 'dist'), browserLogin)}`);
  Object.assign(figures, webFigures(join(ROOT, 'dist'), browserLogin));
  saveRunFigures(figures);
  console.log(`done in ${fmt((Date.now() - started) / 1000, 1)} s`);
}

/** Manage Users, reports at scale, Range reads and the live fan-out. */
async function otherParts(figures: Record<string, Figure>, bareOneP99: string): Promise<void> {
  // Manage Users at 100,000 users: list variants (search, filters, sorts, pages) over HTTP, and the export.
  const users = await measureUsersList();
  Object.assign(figures, users);
  let pgUsers: Record<string, Figure> | null = null;
  if (await freshPostgres(PG_URL)) {
    pgUsers = await measureUsersList({ databaseUrl: PG_URL });
    for (const [name, figure] of Object.entries(pgUsers)) figures[`pg.${name}`] = figure;
  }
  const usersRow = (label: string, u: Record<string, Figure>) => [
    label,
    fmt(u['users.list.p99_ms']!.value, 1),
    fmt(u['api.users_list.p50_ms']!.value, 1),
    fmt(u['api.users_list.p99_ms']!.value, 1),
    fmt(u['api.users_export.ms']!.value),
  ];
  console.log(
    `\nManage Users with ${fmt(users['api.users_list.users']!.value)} users (one request at a time; bare Fastify p99 at 1 connection: ${bareOneP99} ms)`,
  );
  console.log(
    table([
      ['database', 'page 1 + search p99 ms', 'all lists p50 ms', 'all lists p99 ms', 'export ms'],
      usersRow('SQLite', users),
      ...(pgUsers ? [usersRow('PostgreSQL', pgUsers)] : []),
    ]),
  );

  // Reports at 10,000 students × 1,000,000 answers (data generated once and kept): rankings and item analysis
  // next to a bare route asked the same way. The throughput run's bare.p99_ms above keeps its name.
  const reports = await measureReports();
  console.log(`\n${reports.report}`);
  for (const [name, figure] of Object.entries(reports.figures))
    if (!(name in figures)) figures[name] = figure;

  // The item-parameter refit over those same 1,000,000 answers (issue 25: under a minute).
  const fit = await measureItemFit();
  console.log(`\n${fit.report}`);
  Object.assign(figures, fit.figures);

  // Range requests on a 50 MB video: our file route against @fastify/static on the same file.
  const range = await measureRange();
  console.log(`\n${range.report}`);
  Object.assign(figures, range.figures);

  // Live discussion fan-out: 500 students on one session's event stream, against a bare Node SSE fan-out.
  const live = await measureLiveFanout();
  console.log(`\n${live.report}`);
  Object.assign(figures, live.figures);
}

// A crash (a measured request that threw, a server that would not start) fails the bench as well.
await main().catch((error: unknown) => {
  finishBench();
  console.error(`\nbench FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});

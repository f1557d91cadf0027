// `npm run bench`: our API against a bare Fastify on this machine, the login burst, and the weight of
// the JavaScript behind /login. Prints one table; about a minute in all.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { Instance, Options, Result } from 'autocannon';
import {
  answerSaveLoad,
  GRADED,
  gradingTimes,
  percentile,
  prepareStudents,
  QUESTIONS,
  STUDENTS,
} from './learning.ts';
import { LOGIN_SCREEN_MODULE, weighLoginJs } from './login-weight.ts';
import { startServer } from './processes.ts';

const ROOT = join(import.meta.dirname, '..');
const DATA_DIR = join(ROOT, '.tmp', 'bench-data');
const THROUGHPUT = { connections: 20, duration: 10 };
const LOGINS = 30;
const HEALTH_CONNECTIONS = 4;
const STUDENT = { email: 'student@pathbuilder.test', password: 'pathbuilder-demo' };
const ADMIN = { email: 'admin@pathbuilder.test', password: 'pathbuilder-demo' };

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

function ok(result: Result, label: string): Result {
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) console.warn(`warning: ${label}: ${failed} failed of ${result.requests.total} requests`);
  return result;
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

// autocannon records latencies in whole milliseconds.
const ms = (n: number) => (n < 1 ? '< 1' : fmt(n));

function table(rows: string[][]): string {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  return rows
    .map((row) =>
      row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col]))).join('   '),
    )
    .join('\n');
}

async function main(): Promise<void> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const started = Date.now();
  const [ours, bare] = await Promise.all([
    startServer('our server', join(ROOT, 'src/server/main.ts'), 4280, '/api/health', {
      DATA_DIR,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The answer-save load registers 200 students from this one address.
      REGISTRATIONS_PER_HOUR: '1000',
    }),
    startServer('bare Fastify', join(ROOT, 'bench/bare-server.ts'), 4281, '/bare'),
  ]);
  try {
    const login = await fetch(`${ours.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STUDENT),
    });
    if (!login.ok) throw new Error(`demo student login failed: ${login.status} ${await login.text()}`);
    const { access_token: token } = (await login.json()) as { access_token: string };

    const refresh = ok(
      await run({
        url: `${ours.baseUrl}/api/refresh`,
        headers: { authorization: `Bearer ${token}` },
        ...THROUGHPUT,
      }),
      'GET /api/refresh',
    );
    const bareRun = ok(await run({ url: `${bare.baseUrl}/bare`, ...THROUGHPUT }), 'GET /bare');

    const healthUrl = `${ours.baseUrl}/api/health`;
    const idleHealth = ok(
      await run({ url: healthUrl, connections: HEALTH_CONNECTIONS, duration: 5 }),
      'idle health',
    );
    const [busyHealth, logins] = await runDuring({ url: healthUrl, connections: HEALTH_CONNECTIONS }, () =>
      run({
        url: `${ours.baseUrl}/api/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(STUDENT),
        connections: LOGINS,
        amount: LOGINS,
        timeout: 60,
      }),
    );
    ok(busyHealth, 'health during logins');
    ok(logins, 'logins');
    const loginsOk = logins.statusCodeStats['200']?.count ?? 0;

    const weight = weighLoginJs(join(ROOT, 'dist'));

    // Learning core: 200 students saving answers at once, and grading 50-question submissions.
    const adminLogin = await fetch(`${ours.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { access_token: adminToken } = (await adminLogin.json()) as { access_token: string };
    const students = await prepareStudents(ours.baseUrl, adminToken, STUDENTS);
    const saves = ok(await run(answerSaveLoad(ours.baseUrl, students, THROUGHPUT.duration)), 'answer saves');
    const bare200 = ok(
      await run({ url: `${bare.baseUrl}/bare`, connections: STUDENTS, duration: THROUGHPUT.duration }),
      'GET /bare (200 connections)',
    );
    const grading = await gradingTimes(ours.baseUrl, students.slice(0, GRADED));
    const bareOne = ok(
      await run({ url: `${bare.baseUrl}/bare`, connections: 1, amount: 2000 }),
      'GET /bare (1 connection)',
    );

    console.log(`\nPathbuilder bench — Node ${process.version}, ${new Date().toISOString()}\n`);
    console.log(`Throughput (${THROUGHPUT.connections} connections, ${THROUGHPUT.duration} s each)`);
    console.log(
      table([
        ['request', 'req/s', 'p99 ms'],
        ['GET /api/refresh (demo student)', fmt(refresh.requests.average), ms(refresh.latency.p99)],
        ['GET /bare (bare Fastify)', fmt(bareRun.requests.average), ms(bareRun.latency.p99)],
        [
          'ratio ours / bare',
          fmt(refresh.requests.average / bareRun.requests.average, 2),
          bareRun.latency.p99 >= 1 ? fmt(refresh.latency.p99 / bareRun.latency.p99, 2) : 'n/a',
        ],
      ]),
    );
    console.log(
      `\nLogin burst (${LOGINS} simultaneous POST /api/auth/login; /api/health with ${HEALTH_CONNECTIONS} connections)`,
    );
    console.log(
      table([
        ['measure', 'p99 ms', 'note'],
        ['login', ms(logins.latency.p99), `${loginsOk}/${LOGINS} answered 200`],
        [
          'GET /api/health during the logins',
          ms(busyHealth.latency.p99),
          `${fmt(busyHealth.requests.total)} requests`,
        ],
        [
          'GET /api/health without logins',
          ms(idleHealth.latency.p99),
          `${fmt(idleHealth.requests.total)} requests`,
        ],
      ]),
    );
    console.log(
      `\nAnswer saves (${STUDENTS} students at once, each on an attempt of their own, ${THROUGHPUT.duration} s)`,
    );
    console.log(
      table([
        ['request', 'req/s', 'p99 ms'],
        ['PUT /api/attempts/:id/answers/:q', fmt(saves.requests.average), ms(saves.latency.p99)],
        [
          `GET /bare (bare Fastify, ${STUDENTS} connections)`,
          fmt(bare200.requests.average),
          ms(bare200.latency.p99),
        ],
        [
          'ratio ours / bare',
          fmt(saves.requests.average / bare200.requests.average, 2),
          bare200.latency.p99 >= 1 ? fmt(saves.latency.p99 / bare200.latency.p99, 2) : 'n/a',
        ],
      ]),
    );
    console.log(`\nGrading a ${QUESTIONS}-question submission (${GRADED} submissions, one at a time)`);
    console.log(
      table([
        ['measure', 'p50 ms', 'p99 ms'],
        ['POST /api/attempts/:id/submit', fmt(percentile(grading, 50), 1), fmt(percentile(grading, 99), 1)],
        ['GET /bare (bare Fastify, 1 connection)', ms(bareOne.latency.p50), ms(bareOne.latency.p99)],
      ]),
    );
    console.log('\nJavaScript needed to render /login');
    if (!weight) {
      console.log('no build in dist/ (run `npm run build` first)');
    } else {
      console.log(
        table([
          ['file', 'bytes', 'gzip bytes'],
          ...weight.files.map((f) => [f.file, fmt(f.bytes), fmt(f.gzipBytes)]),
          [`total (${weight.files.length} files)`, fmt(weight.bytes), fmt(weight.gzipBytes)],
        ]),
      );
      if (!weight.loginChunkFound)
        console.log(`warning: ${LOGIN_SCREEN_MODULE} is not in the build manifest`);
    }
    console.log(`\ndone in ${fmt((Date.now() - started) / 1000, 1)} s`);
  } finally {
    ours.stop();
    bare.stop();
  }
}

await main();

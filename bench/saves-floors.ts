// Where a SQLite answer save stands between its yardsticks, on one load, in alternating rounds (not part of
// `npm run bench`): the bare GET, the same save route parsing the body and writing nothing, the plainest
// durable write (bench/bare-app.ts) and ours, one process each, each with its server CPU per request.
//   node bench/saves-floors.ts [ROUNDS]
// Ports 4290–4292.
import { join } from 'node:path';
import { login, run } from './api-load.ts';
import { answerSaveLoad, prepareStudents, STUDENTS } from './learning.ts';
import { BENCH_SERVER_ENV, startServer, type Server } from './processes.ts';
import { cpuOf } from './saves-cpu-of.ts';

const ROOT = join(import.meta.dirname, '..');
const rounds = Number(process.argv[2] ?? 3);
const SECONDS = 8;
const bareServer = join(import.meta.dirname, 'bare-server.ts');

const ours = await startServer('ours', join(ROOT, 'src/server/main.ts'), 4292, '/api/health', {
  ...BENCH_SERVER_ENV,
  DATA_DIR: join(ROOT, '.tmp', 'saves-floors'),
  WORKERS: '1',
});
const parseOnly = await startServer('parse only', bareServer, 4290, '/bare', { BARE_PARSE_ONLY: '1' });
const floor = await startServer('durable floor', bareServer, 4291, '/bare');
try {
  const admin = await login(ours.baseUrl, { email: 'admin@pathbuilder.test', password: 'pathbuilder-demo' });
  const students = await prepareStudents(ours.baseUrl, admin, STUDENTS);

  /** req/s, p99 and server CPU per request of `options` on `server`, after 2 s of warm-up. */
  async function measure(label: string, server: Server, options: Parameters<typeof run>[0]) {
    await run({ ...options, duration: 2 });
    const before = cpuOf(server.pid);
    const result = await run({ ...options, duration: SECONDS });
    const cpu = (cpuOf(server.pid) - before) / result.requests.total;
    return { label, rps: result.requests.average, p99: result.latency.p99, cpu };
  }

  for (let round = 0; round < rounds; round++) {
    const get = await measure('GET /bare', parseOnly, {
      url: `${parseOnly.baseUrl}/bare`,
      connections: STUDENTS,
      duration: SECONDS,
    });
    const rows = [
      get,
      await measure('save, parse only', parseOnly, answerSaveLoad(parseOnly.baseUrl, students, SECONDS)),
      await measure('save, durable floor', floor, answerSaveLoad(floor.baseUrl, students, SECONDS)),
      await measure('save, ours', ours, answerSaveLoad(ours.baseUrl, students, SECONDS)),
    ];
    for (const r of rows) {
      const rps = `${Math.round(r.rps)} req/s`.padStart(12);
      const share = `${(r.rps / get.rps).toFixed(2)} of GET`;
      console.log(`${r.label.padEnd(20)} ${rps}  ${share}  ${Math.round(r.cpu)} µs CPU/req  p99 ${r.p99} ms`);
    }
    console.log('');
  }
} finally {
  await Promise.all([ours.stop(), parseOnly.stop(), floor.stop()]);
}

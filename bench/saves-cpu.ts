// The CPU an answer save costs the server (user + system time of the server's processes, the primary and its
// workers, over the saves answered), which moves far less with a busy machine than requests per second.
// Variants are environments for the server, run in turn, `rounds` times (not part of `npm run bench`):
//   node bench/saves-cpu.ts '[{"MAIN":"/elsewhere/src/server/main.ts"},{"WORKERS":"1"},{"WORKERS":"2"},{"WORKERS":"2","PATHBUILDER_WRITE_TURN":"off"}]' 3 wrk
// SAVES_PORT chooses the port (4280 by default).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { answerSaveLoad, prepareStudents, STUDENTS } from './learning.ts';
import { login, run } from './api-load.ts';
import { BENCH_SERVER_ENV, startServer } from './processes.ts';
import { cpuOf } from './saves-cpu-of.ts';
import { wrkSaves } from './wrk-saves.ts';

const ROOT = join(import.meta.dirname, '..');
const port = Number(process.env.SAVES_PORT ?? 4280);
const DATA_DIR = join(ROOT, '.tmp', `saves-cpu-${port}`);
const variants: Array<Record<string, string>> = JSON.parse(process.argv[2] ?? '[{}]');
const rounds = Number(process.argv[3] ?? 3);
const tool = process.argv[4] ?? 'autocannon';
const base = {
  ...BENCH_SERVER_ENV,
  DATA_DIR,
};
rmSync(DATA_DIR, { recursive: true, force: true });
const main = join(ROOT, 'src/server/main.ts');
const s0 = await startServer('ours', main, port, '/api/health', { ...base, WORKERS: '1' });
const admin = await login(s0.baseUrl, { email: 'admin@pathbuilder.test', password: 'pathbuilder-demo' });
const students = await prepareStudents(s0.baseUrl, admin, STUDENTS);
await s0.stop();
for (let r = 0; r < rounds; r++) {
  for (const v of variants) {
    // MAIN: another checkout's server (a before/after comparison on the same data).
    const { MAIN, ...env } = v;
    const s = await startServer('ours', MAIN ?? main, port, '/api/health', { ...base, WORKERS: '1', ...env });
    await run({ ...answerSaveLoad(s.baseUrl, students, 2) }); // warm-up
    const c0 = cpuOf(s.pid);
    let n: number, rps: number, p99: number;
    if (tool === 'wrk') {
      const w = (await wrkSaves(s.baseUrl, students, 8))!;
      rps = w.rps;
      n = w.rps * 8;
      p99 = w.p99Ms;
    } else {
      const a = await run(answerSaveLoad(s.baseUrl, students, 8));
      rps = a.requests.average;
      n = a.requests.total;
      p99 = a.latency.p99;
    }
    const c1 = cpuOf(s.pid);
    console.log(
      `${JSON.stringify(v)}: ${Math.round(rps)} req/s p99 ${p99} ms, server CPU ${Math.round((c1 - c0) / n)} µs/save`,
    );
    await s.stop();
  }
}

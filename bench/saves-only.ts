// A quick look at the answer saves alone on SQLite (not part of `npm run bench`): our PUT by autocannon and
// the bare yardsticks beside it, then by wrk with one process and with WORKERS. For working on the save path:
//   node bench/saves-only.ts [--rounds=N] [--no-workers] [--prof=DIR]
// Ports: SAVES_PORT (ours, 4280 by default) and SAVES_BARE_PORT (4281).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { answerSaveLoad, prepareStudents, STUDENTS } from './learning.ts';
import { login, run } from './api-load.ts';
import { BENCH_SERVER_ENV, startServer } from './processes.ts';
import { WORKERS } from './api.ts';
import { wrkSaves } from './wrk-saves.ts';

const ROOT = join(import.meta.dirname, '..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const rounds = Number(arg('rounds') ?? 1);
const prof = arg('prof');
const port = Number(process.env.SAVES_PORT ?? 4280);
const barePort = Number(process.env.SAVES_BARE_PORT ?? 4281);
const DATA_DIR = join(ROOT, '.tmp', `saves-only-${port}`);
const duration = Number(arg('duration') ?? 10);

const serverEnv = {
  ...BENCH_SERVER_ENV,
  DATA_DIR,
  ...(prof ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${prof}` } : {}),
};
rmSync(DATA_DIR, { recursive: true, force: true });
const main = join(ROOT, 'src/server/main.ts');
const bare = await startServer('bare', join(ROOT, 'bench/bare-server.ts'), barePort, '/bare');
const f = (n: number) => Math.round(n).toLocaleString('en');
try {
  let ours = await startServer('ours', main, port, '/api/health', { ...serverEnv, WORKERS: '1' });
  const admin = await login(ours.baseUrl, { email: 'admin@pathbuilder.test', password: 'pathbuilder-demo' });
  const students = await prepareStudents(ours.baseUrl, admin, STUDENTS);
  for (let r = 0; r < rounds; r++) {
    const saves = await run(answerSaveLoad(ours.baseUrl, students, duration));
    const floor = await run(answerSaveLoad(bare.baseUrl, students, duration));
    const bare200 = await run({ url: `${bare.baseUrl}/bare`, connections: STUDENTS, duration });
    console.log(
      `autocannon: ours ${f(saves.requests.average)} req/s p99 ${saves.latency.p99} ms (non2xx ${saves.non2xx}, errors ${saves.errors}); ` +
        `floor ${f(floor.requests.average)} p99 ${floor.latency.p99}; bare GET ${f(bare200.requests.average)} p99 ${bare200.latency.p99}; ` +
        `ratio ${(saves.requests.average / bare200.requests.average).toFixed(2)} p99x ${(saves.latency.p99 / Math.max(1, bare200.latency.p99)).toFixed(1)} floor_ratio ${(saves.requests.average / floor.requests.average).toFixed(2)}`,
    );
    if (!process.argv.includes('--no-workers')) {
      const one = await wrkSaves(ours.baseUrl, students, duration);
      console.log(`wrk 1 process: ${f(one!.rps)} req/s p99 ${one!.p99Ms} ms`);
    }
  }
  await ours.stop();
  // --turn-ab: the workers with and without the write turn (write-turn.ts), alternately.
  const turns = process.argv.includes('--turn-ab') ? ['ipc', 'off'] : ['ipc'];
  if (!process.argv.includes('--no-workers')) {
    for (let r = 0; r < rounds; r++) {
      for (const turn of turns) {
        ours = await startServer('ours', main, port, '/api/health', {
          ...serverEnv,
          WORKERS: String(WORKERS),
          PATHBUILDER_WRITE_TURN: turn,
        });
        const many = await wrkSaves(ours.baseUrl, students, duration);
        console.log(`wrk ${WORKERS} workers (turn ${turn}): ${f(many!.rps)} req/s p99 ${many!.p99Ms} ms`);
        if (!process.argv.includes('--no-autocannon-workers')) {
          const saves = await run(answerSaveLoad(ours.baseUrl, students, duration));
          console.log(
            `autocannon ${WORKERS} workers: ${f(saves.requests.average)} req/s p99 ${saves.latency.p99} ms`,
          );
        }
        await ours.stop();
      }
      ours = await startServer('ours', main, port, '/api/health', { ...serverEnv, WORKERS: '1' });
      const one = await wrkSaves(ours.baseUrl, students, duration);
      console.log(`wrk 1 process: ${f(one!.rps)} req/s p99 ${one!.p99Ms} ms`);
      await ours.stop();
    }
  }
} finally {
  await bare.stop();
}

// A quick look at grading alone (not part of `npm run bench`): 50-question submissions timed one at a time
// as `gradingTimes` does, on SQLite and PostgreSQL. For working on the submit path:
//   node bench/grading-only.ts [--db=sqlite|postgres|both] [--rounds=N] [--graded=N] [--base=DIR [--base-only]]
//     [--flood=SECONDS] [--prof=DIR]
// `--base=DIR` is another checkout's root (its `src/server/main.ts`): each round then runs it and this one
// alternately on fresh data, for A/B figures on a machine whose speed moves. Ports: GRADING_PORT (4290 by
// default); PostgreSQL: GRADING_DATABASE_URL (default `postgres://postgres@127.0.0.1:5432/pathbuilder_grading`,
// dropped and made again for every server).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { answerSaveLoad, gradingTimes, percentile, prepareStudents, WARMUP } from './learning.ts';
import { login, run } from './api-load.ts';
import { BENCH_SERVER_ENV, startServer } from './processes.ts';
import { freshPostgres } from './fresh-postgres.ts';

const ROOT = join(import.meta.dirname, '..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const rounds = Number(arg('rounds') ?? 1);
const graded = Number(arg('graded') ?? 200);
const db = arg('db') ?? 'both';
const base = arg('base');
const prof = arg('prof');
// As in `npm run bench`, where grading follows the answer-save floods on the same server: saves by SAVERS
// students for this many seconds first (0: none).
const flood = Number(arg('flood') ?? 0);
const SAVERS = 50;
const port = Number(process.env.GRADING_PORT ?? 4290);
const pgUrl = process.env.GRADING_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pathbuilder_grading';
const DATA_DIR = join(ROOT, '.tmp', `grading-only-${port}`);

const builds = [
  ...(process.argv.includes('--base-only') ? [] : [{ label: 'this', root: ROOT }]),
  ...(base ? [{ label: 'base', root: base }] : []),
];
const databases = db === 'both' ? ['sqlite', 'postgres'] : [db];
const figures = new Map<string, number[][]>();

async function once(build: { label: string; root: string }, database: string): Promise<number[]> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  if (database === 'postgres' && !(await freshPostgres(pgUrl))) throw new Error(`no PostgreSQL at ${pgUrl}`);
  const server = await startServer(
    `${build.label} (${database})`,
    join(build.root, 'src/server/main.ts'),
    port,
    '/api/health',
    {
      ...BENCH_SERVER_ENV,
      WORKERS: '1',
      DATA_DIR,
      ...(database === 'postgres' ? { DATABASE_URL: pgUrl } : {}),
      ...(prof ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${prof}` } : {}),
    },
  );
  try {
    const admin = await login(server.baseUrl, {
      email: 'admin@pathbuilder.test',
      password: 'pathbuilder-demo',
    });
    const students = await prepareStudents(server.baseUrl, admin, WARMUP + graded + (flood ? SAVERS : 0));
    if (flood) {
      const saves = await run(answerSaveLoad(server.baseUrl, students.slice(0, SAVERS), flood));
      if (saves.non2xx || saves.errors)
        throw new Error(`saves failed: ${saves.non2xx} non-2xx, ${saves.errors} errors`);
    }
    return await gradingTimes(server.baseUrl, students.slice(flood ? SAVERS : 0));
  } finally {
    await server.stop();
  }
}

const ms = (n: number) => n.toFixed(1);
for (let r = 0; r < rounds; r++) {
  for (const database of databases) {
    // Alternate which build goes first, so neither always meets the machine in the same state.
    for (const build of r % 2 ? [...builds].reverse() : builds) {
      const times = await once(build, database);
      const key = `${database} ${build.label}`;
      figures.set(key, [...(figures.get(key) ?? []), times]);
      console.log(
        `round ${r + 1} ${key}: p50 ${ms(percentile(times, 50))} p90 ${ms(percentile(times, 90))} ` +
          `p99 ${ms(percentile(times, 99))} max ${ms(Math.max(...times))} ms (${times.length} submits)`,
      );
    }
  }
}
if (rounds > 1)
  for (const [key, runs] of figures) {
    const p = (q: number) => runs.map((t) => ms(percentile(t, q))).join(', ');
    console.log(`${key}: p50 ${p(50)}; p99 ${p(99)} ms`);
  }

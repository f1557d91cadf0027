// `npm run bench:classroom`: a classroom on bad Wi-Fi. A few hundred students take a timed quiz through a
// fault-injecting proxy (latency, lost replies, dead air and resets), as the app's outbox sends, plus a few
// real Chromium pages using the app itself; on SQLite, then on PostgreSQL when it is reachable. Fails (exit 1)
// when an acknowledged answer was lost, a stored answer is not the last one given, an attempt was not
// submitted, a score is not what the key says, or the server answered 500 or more; merges the figures into
// .tmp/bench/results.json as classroom.* (pg.classroom.* on PostgreSQL).
//
// Flags: --quick (1 minute, 60 students, 1 browser, 8 questions; checked, figures not saved), --minutes=N
// (the quiz's wall time, default 4), --students=N (300), --browsers=N (3), --questions=N (24), --seed=N,
// --drop=SHARE (lost replies, 0.05), --hang-ms=N (a request with no reply is abandoned after this, 5000),
// --only=sqlite|postgres. BENCH_DATABASE_URL names the PostgreSQL database (dropped and made again).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runClassroom, type ClassroomRun, type ClassroomSettings } from './classroom-run.ts';
import { finishBench, recordFailure, requireP99Samples } from './failures.ts';
import { percentile } from './learning.ts';
import { saveRunFigures, type Figure } from './results.ts';
import { freshPostgres } from './fresh-postgres.ts';

const ROOT = join(import.meta.dirname, '..');
const DATA_DIR = join(ROOT, '.tmp', 'bench-classroom');
/** A database of its own, dropped and made again at every run. */
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pathbuilder_bench_classroom';

const flag = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const QUICK = process.argv.includes('--quick');
const num = (name: string, full: number, quick: number) => {
  const value = Number(flag(name) ?? (QUICK ? quick : full));
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number, got ${flag(name)}`);
  return value;
};

/** The built client: dist/ when it is there, else our own build (made once). */
function staticDir(): string {
  if (existsSync(join(ROOT, 'dist', 'index.html'))) return join(ROOT, 'dist');
  const own = join(ROOT, 'dist-classroom');
  if (!existsSync(join(own, 'index.html'))) {
    console.log('building the client into dist-classroom/ ...');
    const built = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', own],
      { cwd: ROOT, stdio: 'inherit' },
    );
    if (built.status !== 0) throw new Error('vite build failed');
  }
  return own;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The figures of one run, and a failure recorded for every count that must be 0 and is not. */
function figuresOf(prefix: string, label: string, r: ClassroomRun): Record<string, Figure> {
  const v = r.verdict;
  const serverErrors =
    [...r.stats.statuses].filter(([code]) => code >= 500).reduce((sum, [, n]) => sum + n, 0) +
    r.browsers.reduce((sum, b) => sum + b.serverErrors, 0);
  const mustBeZero: Array<[string, number, string]> = [
    ['answers_lost', v.answersLost, 'acknowledged answers not stored, or not the one stored'],
    ['answers_not_last', v.answersNotLast, 'stored answers other than the last one given'],
    ['attempts_not_submitted', v.attemptsNotSubmitted, 'attempts not submitted'],
    ['scores_wrong', v.scoresWrong, 'scores different from the key'],
    [
      'submits_not_counted_once',
      r.notCountedOnce.length,
      'students whose proficiency is not one submission of their last answers (a submit counted twice, or never)',
    ],
    ['responses_5xx', serverErrors, 'responses of 500 or more'],
    ['writes_refused', r.stats.refused.length, 'writes the server refused for good (4xx)'],
    ['browser_problems', r.browsers.filter((b) => b.problem).length, 'Chromium students that did not finish'],
  ];
  for (const [name, count, what] of mustBeZero)
    if (count > 0) recordFailure(`${label} ${prefix}classroom.${name}`, `${count} ${what}`);
  for (const line of [
    ...v.examples,
    ...r.notCountedOnce.slice(0, 5),
    ...r.stats.refused.slice(0, 5),
    ...r.browsers.filter((b) => b.problem).map((b) => `${b.email}: ${b.problem}`),
  ])
    console.error(`  ${label}: ${line}`);
  requireP99Samples(`${label} classroom time to acknowledgement`, r.stats.ackMs.length);
  const f = (value: number, unit: string): Figure => ({ value: round(value), unit });
  return Object.fromEntries(
    Object.entries({
      ...Object.fromEntries(mustBeZero.map(([name, count]) => [name, f(count, 'count')])),
      ack_p50_ms: f(percentile(r.stats.ackMs, 50), 'ms'),
      ack_p99_ms: f(percentile(r.stats.ackMs, 99), 'ms'),
      ack_max_ms: f(Math.max(...r.stats.ackMs), 'ms'),
      answers_acknowledged: f(r.stats.ackMs.length, 'count'),
      reply_p50_ms: f(percentile(r.stats.replyMs, 50), 'ms'),
      reply_p99_ms: f(percentile(r.stats.replyMs, 99), 'ms'),
      answers_checked: f(v.answersChecked, 'count'),
      requests_retried: f(r.stats.retries, 'count'),
      requests_abandoned: f(r.stats.abandoned, 'count'),
      network_errors: f(r.stats.networkErrors, 'count'),
      'faults.replies_dropped': f(r.faults.repliesDropped, 'count'),
      'faults.dead_air': f(r.faults.deadAirs, 'count'),
      'faults.resets': f(r.faults.resets, 'count'),
      'faults.connections_cut': f(r.faults.connectionsCut, 'count'),
      'faults.outage_s': f(r.faults.outageMs / 1000, 's'),
      'faults.connections': f(r.faults.connections, 'count'),
      wall_s: f(r.wallMs / 1000, 's'),
    }).map(([name, figure]) => [`${prefix}classroom.${name}`, figure]),
  );
}

function report(
  label: string,
  s: ClassroomSettings,
  r: ClassroomRun,
  fig: Record<string, Figure>,
  prefix: string,
) {
  const g = (name: string) => fig[`${prefix}classroom.${name}`]!.value;
  const statuses = [...r.stats.statuses]
    .sort(([a], [b]) => a - b)
    .map(([code, n]) => `${n} × ${code}`)
    .join(', ');
  console.log(
    `\n== ${label}: ${s.students} students + ${s.browsers} in Chromium, ${s.questions} questions ==`,
  );
  console.log(`quiz wall time ${g('wall_s')} s (seeded in ${round(r.seedMs / 1000)} s)`);
  console.log(
    `faults: ${g('faults.replies_dropped')} replies lost after the server acted, ${g('faults.dead_air')} dead airs and ` +
      `${g('faults.resets')} resets (${g('faults.outage_s')} s of outage, ${g('faults.connections_cut')} connections cut)`,
  );
  console.log(
    `requests: ${statuses}; ${g('network_errors')} network errors, ${g('requests_abandoned')} abandoned hanging, ` +
      `${g('requests_retried')} retries`,
  );
  console.log(
    `time to acknowledgement (with retries): p50 ${g('ack_p50_ms')} ms, p99 ${g('ack_p99_ms')} ms, max ` +
      `${g('ack_max_ms')} ms over ${g('answers_acknowledged')} answers; a single answered request p50 ` +
      `${g('reply_p50_ms')} ms, p99 ${g('reply_p99_ms')} ms`,
  );
  console.log(
    `checked ${g('answers_checked')} answers: lost ${g('answers_lost')}, not the last given ${g('answers_not_last')}, ` +
      `attempts not submitted ${g('attempts_not_submitted')}, scores off the key ${g('scores_wrong')}, ` +
      `submissions not counted once ${g('submits_not_counted_once')}, ` +
      `responses ≥ 500 ${g('responses_5xx')}, refused ${g('writes_refused')}, browsers stuck ${g('browser_problems')}`,
  );
}

async function main(): Promise<void> {
  const minutes = num('minutes', 4, 1);
  const settings: ClassroomSettings = {
    minutes,
    students: num('students', 300, 60),
    browsers: num('browsers', 3, 1),
    questions: num('questions', 24, 8),
    seed: num('seed', 26, 26),
    dropReplyShare: num('drop', 0.05, 0.05),
    hangMs: num('hang-ms', 5_000, 5_000),
    latencyMs: [40, 400],
    outageEveryMs: [15_000, 25_000],
    outageLastingMs: [3_000, 8_000],
    staticDir: staticDir(),
    port: 4291,
  };
  const only = flag('only');
  const figures: Record<string, Figure> = {};
  const runs: Array<[string, string, ClassroomRun]> = [];
  if (only !== 'postgres') {
    const r = await runClassroom('SQLite', settings, { dataDir: DATA_DIR });
    runs.push(['SQLite', '', r]);
  }
  if (only !== 'sqlite') {
    if (await freshPostgres(PG_URL)) {
      const r = await runClassroom('PostgreSQL', settings, { dataDir: DATA_DIR, databaseUrl: PG_URL });
      runs.push(['PostgreSQL', 'pg.', r]);
    } else console.log(`\nPostgreSQL: not reachable at ${new URL(PG_URL).host}; skipped`);
  }
  for (const [label, prefix, r] of runs) {
    const fig = figuresOf(prefix, label, r);
    Object.assign(figures, fig);
    report(label, settings, r, fig, prefix);
  }
  // A quick run's figures are of a smaller class: they would pass for the real ones under the same names.
  if (!QUICK) saveRunFigures(figures);
  else if (finishBench()) console.log('\n--quick: figures printed, not saved');
}

await main().catch((error: unknown) => {
  console.error(`\nbench FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});

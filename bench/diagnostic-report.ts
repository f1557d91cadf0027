// The diagnostic bench's printing: one row per condition on the console, .tmp/bench/diagnostic.json with
// every condition's figures, and the headline figures merged into results.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { CONDITIONS, GRAPHS, LEARNERS, ORDERS, share, type ConditionTally } from './diagnostic-measure.ts';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, '.tmp', 'bench');

type PerAnswer = { wall: number; cpu: number };

export interface ConditionFigures {
  label: string;
  accuracy_at_25: number;
  accuracy_at_25_by_order: Record<(typeof ORDERS)[number], number>;
  all_not_mastered: number;
  ece: number;
  ready_to_learn_precision: number;
  ready_to_learn_strict: number;
  mean_questions: number;
  stopped_early: number;
  production_accuracy: number;
  production_believed: number;
  known_outside_order: number;
  learners: number;
}

export function figuresOf(t: ConditionTally, label: string): ConditionFigures {
  const bins = t.calibration;
  const ece =
    bins.reduce((s, b) => s + (b.n ? Math.abs(b.right - b.conf) : 0), 0) / bins.reduce((s, b) => s + b.n, 0);
  return {
    label,
    accuracy_at_25: share(t.orders.adaptive),
    accuracy_at_25_by_order: Object.fromEntries(
      ORDERS.map((o) => [o, share(t.orders[o])]),
    ) as ConditionFigures['accuracy_at_25_by_order'],
    all_not_mastered: share(t.none),
    ece,
    ready_to_learn_precision: t.ready.prerequisitesKnown / t.ready.suggested,
    ready_to_learn_strict: t.ready.strict / t.ready.suggested,
    mean_questions: t.production.questions / t.production.learners,
    stopped_early: t.production.stoppedEarly / t.production.learners,
    production_accuracy: t.production.right / t.production.total,
    production_believed: t.production.believed / t.production.learners,
    known_outside_order: t.knownOutsideOrder / t.known,
    learners: t.production.learners,
  };
}

export function report({
  totals,
  m60,
  m300,
  started,
  simulatedSeconds,
  workers,
  cpuBefore,
}: {
  totals: Map<string, ConditionTally>;
  m60: PerAnswer;
  m300: PerAnswer;
  started: number;
  simulatedSeconds: number;
  workers: number;
  cpuBefore: NodeJS.CpuUsage;
}): void {
  const fmt = (n: number, d = 3) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
  const figures = Object.fromEntries(
    [...totals].map(([name, t]) => [name, figuresOf(t, CONDITIONS.find((c) => c.name === name)!.label)]),
  );
  console.log(
    `Adaptive diagnostic, ${GRAPHS * LEARNERS} simulated learners per condition, 60 topics, at most 25 questions.`,
  );
  console.log(
    "Per condition, the parameters are first fitted (item-fit.ts) from simulated students' practice answers under that",
  );
  console.log(
    'condition (the demo catalogue: 10,000 students × 100 answers; each random graph: 4,000 × 40), as the product fits',
  );
  console.log('them from stored answers; then every order below uses them.\n');
  console.log(
    'condition                     adaptive offline  fixed random defaults  none   ECE  ready strict  questions early  at-stop believed',
  );
  for (const [name, f] of Object.entries(figures)) {
    const o = f.accuracy_at_25_by_order;
    console.log(
      `${name.padEnd(28)} ${[o.adaptive, o.offline, o.fixed, o.random, o.type_defaults, f.all_not_mastered].map((x) => fmt(x).padStart(7)).join('')} ${fmt(f.ece).padStart(6)} ${fmt(f.ready_to_learn_precision, 2).padStart(5)} ${fmt(f.ready_to_learn_strict, 2).padStart(6)} ${fmt(f.mean_questions, 1).padStart(10)} ${fmt(f.stopped_early, 2).padStart(5)} ${fmt(f.production_accuracy).padStart(8)} ${fmt(f.production_believed).padStart(8)}`,
    );
  }
  console.log(
    '  accuracy = share of topics classified right (mastered iff P ≥ 0.5) after 25 answers; offline = the plan the',
  );
  console.log(
    '  first step hands a client, walked without the server; fixed = the production fixed selector in catalogue',
  );
  console.log(
    '  order; defaults = adaptive with the type defaults (nothing fitted); none = calling every topic "not mastered";',
  );
  console.log(
    '  ready = suggested topics whose prerequisites are known, strict = and the topic itself is not; questions,',
  );
  console.log(
    '  early, at-stop and believed: the production path (stop rule on): what it asked, how often it stopped',
  );
  console.log('  before 25, the accuracy it delivered and the confidence it believed.');
  for (const [name, f] of Object.entries(figures))
    if (f.known_outside_order > 0.01)
      console.log(
        `  ${name}: ${fmt(f.known_outside_order * 100, 1)} % of known topics are outside the prerequisite order.`,
      );
  const demoFit = [...totals.values()].map((t) => t.fit).reduce((a, b) => (b.answers > a.answers ? b : a));
  console.log(
    `The slowest fit: ${demoFit.students.toLocaleString('en-US')} students × ${demoFit.answers.toLocaleString('en-US')} answers over 60 topics in ${(demoFit.ms / 1000).toFixed(1)} s (item-fit.ts in memory; npm run bench times the product's refit from the database).`,
  );
  console.log(
    `ms per answer (observe + next), wall clock: ${fmt(m60.wall, 2)} at 60 topics, ${fmt(m300.wall, 2)} at 300 topics;`,
  );
  console.log(
    `  CPU time of this process: ${fmt(m60.cpu, 2)} and ${fmt(m300.cpu, 2)} (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores).`,
  );
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `Run time ${((performance.now() - started) / 1000).toFixed(1)} s (the simulation ${simulatedSeconds.toFixed(1)} s on ${workers} worker threads; CPU ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s in all).`,
  );

  mkdirSync(OUT, { recursive: true });
  const out = {
    conditions: figures,
    ms_per_answer_60: m60.wall,
    ms_per_answer_300: m300.wall,
    units: GRAPHS,
    learners_per_unit: LEARNERS,
  };
  writeFileSync(join(OUT, 'diagnostic.json'), `${JSON.stringify(out, null, 2)}\n`);
  const resultsPath = join(OUT, 'results.json');
  let results: Record<string, { value: number; unit: string }> = {};
  try {
    results = JSON.parse(readFileSync(resultsPath, 'utf8')) as typeof results;
  } catch {
    // No results yet: this run starts the file.
  }
  for (const [name, f] of Object.entries(figures)) {
    for (const key of [
      'accuracy_at_25',
      'ece',
      'ready_to_learn_precision',
      'ready_to_learn_strict',
      'stopped_early',
    ] as const)
      results[`diagnostic.${name}.${key}`] = { value: f[key], unit: 'share' };
    results[`diagnostic.${name}.mean_questions`] = { value: f.mean_questions, unit: 'questions' };
    for (const o of ORDERS)
      results[`diagnostic.${name}.accuracy_at_25.${o}`] = {
        value: f.accuracy_at_25_by_order[o],
        unit: 'share',
      };
  }
  results['diagnostic.fit_seconds'] = { value: demoFit.ms / 1000, unit: 's' };
  results['diagnostic.fit_answers'] = { value: demoFit.answers, unit: 'answers' };
  results['diagnostic.ms_per_answer_60'] = { value: m60.wall, unit: 'ms' };
  results['diagnostic.ms_per_answer_300'] = { value: m300.wall, unit: 'ms' };
  writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
}

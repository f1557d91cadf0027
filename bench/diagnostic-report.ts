// The diagnostic bench's printing: the tables on the console, .tmp/bench/diagnostic.json, and the headline
// figures merged into results.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  adaptive,
  answerCount,
  answerMs,
  calibration,
  CHECKPOINTS,
  fixedRule,
  fixedSame,
  GRAPHS,
  LEARNERS,
  ready,
  share,
  stoppedEarly,
  WITH_DEFAULTS,
} from './diagnostic-measure.ts';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, '.tmp', 'bench');

type PerAnswer = { wall: number; cpu: number };

/** Prints the run (started at `started`, the simulation on `workers` threads) and writes its figures. */
export function report({
  m60,
  m300,
  started,
  simulatedSeconds,
  workers,
  cpuBefore,
}: {
  m60: PerAnswer;
  m300: PerAnswer;
  started: number;
  simulatedSeconds: number;
  workers: number;
  cpuBefore: NodeJS.CpuUsage;
}): void {
  const ms300 = m300.wall;
  const ece =
    calibration.reduce((sum, b) => sum + (b.n ? Math.abs(b.right - b.conf) : 0), 0) /
    calibration.reduce((sum, b) => sum + b.n, 0);
  const fmt = (n: number, d = 3) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
  // "fixed" is the fixed-order diagnostic as the product shipped it before this engine: the fixed selector's
  // order, a topic mastered iff every asked item on it was right. The same order classified by this engine's
  // belief is reported beside it, so the share the adaptive choice of questions adds on its own is visible.
  const accuracy25 = {
    adaptive: share(adaptive.get(25)!),
    fixed: share(fixedRule.get(25)!),
    fixed_same_inference: share(fixedSame.get(25)!),
  };
  const precision = ready.prerequisitesKnown / ready.suggested;

  console.log(
    `Adaptive diagnostic: ${GRAPHS} graphs × ${LEARNERS} learners, 60 topics (5 subjects, 4–6 levels),`,
  );
  console.log(`2 items per topic, slip 0.1, guess 0.2.`);
  console.log(`Learners: ability U(0.1, 0.95), a subject bias ±0.15, topic ease ±0.15; walking the graph in`);
  console.log(`prerequisite order, each topic whose prerequisites they know is known with chance`);
  console.log(`ability + bias + ease. The engine knows only the graph and each item's slip and guess.\n`);
  console.log('Per-topic accuracy (a topic counts as mastered when P ≥ 0.5)');
  console.log('questions   adaptive   fixed baseline (per-topic rule)   fixed order, same inference');
  for (const c of CHECKPOINTS)
    console.log(
      `${String(c).padStart(9)}   ${fmt(share(adaptive.get(c)!)).padStart(8)}   ${fmt(share(fixedRule.get(c)!)).padStart(31)}   ${fmt(share(fixedSame.get(c)!)).padStart(27)}`,
    );
  console.log("  fixed order = the production fixedOrderSelector: plan() over a draw of every topic's items");
  console.log(
    '  (it shuffles), then next() in that order; "same inference" classifies with the engine\'s belief,',
  );
  console.log(
    '  the per-topic rule (how the fixed diagnostic scored before this engine) says mastered iff every',
  );
  console.log(
    '  asked item on the topic was right. Adaptive vs fixed baseline at 25 questions: +' +
      fmt(accuracy25.adaptive - accuracy25.fixed) +
      ';',
  );
  console.log(
    '  the adaptive choice of questions alone (vs the same order with the same inference): +' +
      fmt(accuracy25.adaptive - accuracy25.fixed_same_inference) +
      '.\n',
  );
  console.log(`ECE of the per-topic confidence max(P, 1 − P) at 25 questions (10 bins): ${fmt(ece, 4)}`);
  console.log(
    `Ready to learn at 25 questions: ${ready.suggested} suggested, precision ${fmt(precision)} (prerequisites really known);`,
  );
  console.log(
    `  excluding first-level topics ${fmt(ready.notRootKnown / ready.notRoot)} of ${ready.notRoot}; the topic itself really not known: ${fmt(ready.topicUnknown / ready.suggested)}`,
  );
  console.log(
    `With the production defaults (target ${0.95}, cap 25) the stop rule ended ${fmt(stoppedEarly / (GRAPHS * Math.min(LEARNERS, WITH_DEFAULTS)), 3)} of diagnostics before 25 (${Math.min(LEARNERS, WITH_DEFAULTS)} learners per graph).`,
  );
  console.log(
    `ms per answer (observe + next), wall clock: ${fmt(m60.wall, 2)} at 60 topics, ${fmt(m300.wall, 2)} at 300 topics;`,
  );
  console.log(
    `  CPU time of this process: ${fmt(m60.cpu, 2)} and ${fmt(m300.cpu, 2)} (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores; over the whole 60-topic run ${fmt(answerMs / answerCount, 2)} wall).`,
  );
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `Run time ${((performance.now() - started) / 1000).toFixed(1)} s (the simulation ${simulatedSeconds.toFixed(1)} s on ${workers} worker threads; CPU ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s in all).`,
  );

  const figures = {
    accuracy_at_25: accuracy25,
    accuracy: Object.fromEntries(
      CHECKPOINTS.map((c) => [
        c,
        {
          adaptive: share(adaptive.get(c)!),
          fixed: share(fixedRule.get(c)!),
          fixed_same_inference: share(fixedSame.get(c)!),
        },
      ]),
    ),
    ece,
    ready_to_learn_precision: precision,
    ms_per_answer_60: m60.wall,
    ms_per_answer_300: ms300,
    cpu_ms_per_answer_60: m60.cpu,
    cpu_ms_per_answer_300: m300.cpu,
    graphs: GRAPHS,
    learners: LEARNERS,
  };
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'diagnostic.json'), `${JSON.stringify(figures, null, 2)}\n`);
  const resultsPath = join(OUT, 'results.json');
  let results: Record<string, { value: number; unit: string }> = {};
  try {
    results = JSON.parse(readFileSync(resultsPath, 'utf8')) as typeof results;
  } catch {
    // No results yet: this run starts the file.
  }
  Object.assign(results, {
    'diagnostic.accuracy_at_25.adaptive': { value: accuracy25.adaptive, unit: 'share' },
    'diagnostic.accuracy_at_25.fixed': { value: accuracy25.fixed, unit: 'share' },
    'diagnostic.accuracy_at_25.fixed_same_inference': {
      value: accuracy25.fixed_same_inference,
      unit: 'share',
    },
    'diagnostic.ece': { value: ece, unit: 'share' },
    'diagnostic.ready_to_learn_precision': { value: precision, unit: 'share' },
    'diagnostic.ms_per_answer_60': { value: m60.wall, unit: 'ms' },
    'diagnostic.ms_per_answer_300': { value: ms300, unit: 'ms' },
  });
  writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
}

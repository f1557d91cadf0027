// `npm run bench:diagnostic`: the adaptive diagnostic engine against simulated learners, next to the
// fixed-order baseline. Runs the production engine and the production fixed selector (not copies), prints
// the tables and writes .tmp/bench/diagnostic.json, merging the headline figures into results.json.
// Options: --graphs N --learners N (defaults 10 and 500) for a quicker run while developing. The graphs
// are shared out over one worker thread per core; the timings run alone afterwards.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { DiagnosticEngine } from '../src/server/features/diagnostic/diagnostic-engine.ts';
import { fixedOrderSelector } from '../src/server/features/attempts/question-selector.ts';
import { randomLearner, randomSchool, respond, seededRandom, type School } from './diagnostic-sim.ts';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, '.tmp', 'bench');
const CHECKPOINTS = [10, 15, 20, 25, 30];
const LAST = CHECKPOINTS[CHECKPOINTS.length - 1]!;
const BINS = 10;
/** Learners per graph also run under the production defaults (to see how often the stop rule ends early). */
const WITH_DEFAULTS = 50;

const { values } = parseArgs({
  options: { graphs: { type: 'string', default: '10' }, learners: { type: 'string', default: '500' } },
});
const GRAPHS = Number(values.graphs);
const LEARNERS = Number(values.learners);

interface Tally {
  right: number;
  total: number;
}
const tally = (): Tally => ({ right: 0, total: 0 });
const share = (t: Tally) => (t.total ? t.right / t.total : NaN);
const byCheckpoint = () => new Map(CHECKPOINTS.map((c) => [c, tally()]));

const adaptive = byCheckpoint();
const fixedSame = byCheckpoint();
const fixedRule = byCheckpoint();
const calibration = Array.from({ length: BINS }, () => ({ n: 0, conf: 0, right: 0 }));
const ready = { suggested: 0, prerequisitesKnown: 0, notRoot: 0, notRootKnown: 0, topicUnknown: 0 };
let answerMs = 0;
let answerCount = 0;
let stoppedEarly = 0;

/** Classifies every topic (mastered iff P ≥ ½) and counts the right ones. */
function score(engine: DiagnosticEngine, known: Set<number>, into: Tally): void {
  for (const t of engine.result().topics) {
    into.right += Number(t.p >= 0.5 === known.has(t.id));
    into.total += 1;
  }
}

/** The natural per-topic rule without inference: mastered iff every asked item on it was right. */
function scoreRule(school: School, answers: Map<number, boolean[]>, known: Set<number>, into: Tally): void {
  for (const t of school.topics) {
    const rs = answers.get(t.id) ?? [];
    const mastered = rs.length > 0 && rs.every(Boolean);
    into.right += Number(mastered === known.has(t.id));
    into.total += 1;
  }
}

function runLearner(school: School, known: Set<number>, seed: number, withDefaults: boolean): void {
  const random = seededRandom(seed ^ 0x9e3779b9);
  const topicOf = new Map(school.items.map((it) => [it.id, it.topic]));
  // The adaptive engine, with the stop rule off (target 1) so every checkpoint is reached.
  const engine = new DiagnosticEngine(school.topics, school.items, { seed, target: 1, cap: LAST });
  for (let k = 1; k <= LAST; k++) {
    const item = engine.next();
    if (item === null) break;
    const response = respond(random, known.has(topicOf.get(item)!));
    const t0 = performance.now();
    engine.observe([{ item, response }]);
    engine.next();
    answerMs += performance.now() - t0;
    answerCount += 1;
    if (CHECKPOINTS.includes(k)) score(engine, known, adaptive.get(k)!);
    if (k === 25) {
      const outcome = engine.result();
      for (const t of outcome.topics) {
        const conf = Math.max(t.p, 1 - t.p);
        const bin = calibration[Math.min(BINS - 1, Math.floor((conf - 0.5) * 2 * BINS))]!;
        bin.n += 1;
        bin.conf += conf;
        bin.right += Number(t.p >= 0.5 === known.has(t.id));
      }
      const parents = new Map(school.topics.map((t) => [t.id, t.prerequisites]));
      for (const id of outcome.readyToLearn) {
        const ok = parents.get(id)!.every((p) => known.has(p));
        ready.suggested += 1;
        ready.prerequisitesKnown += Number(ok);
        ready.topicUnknown += Number(!known.has(id));
        if (parents.get(id)!.length) {
          ready.notRoot += 1;
          ready.notRootKnown += Number(ok);
        }
      }
    }
  }
  if (withDefaults) {
    // The same learner under the production defaults (target, cap 25): how often it stops early.
    const defaultEngine = new DiagnosticEngine(school.topics, school.items, { seed });
    const again = seededRandom(seed ^ 0x85ebca6b);
    for (let item = defaultEngine.next(); item !== null; item = defaultEngine.next())
      defaultEngine.observe([{ item, response: respond(again, known.has(topicOf.get(item)!)) }]);
    stoppedEarly += Number(defaultEngine.answered < 25);
  }

  // Fixed order: what the production fixed selector plans for a diagnostic drawing every item of every
  // topic (it shuffles), asked in that order through `next`.
  const order = fixedOrderSelector.plan({
    fixed: [],
    draws: school.topics.map((t) => ({
      pool: school.items.filter((it) => it.topic === t.id).map((it) => it.id),
      count: 2,
    })),
    shuffle: false,
  });
  const fixedEngine = new DiagnosticEngine(school.topics, school.items, { seed });
  const answered = new Set<number>();
  const byTopic = new Map<number, boolean[]>();
  let batch: Array<{ item: number; response: 'correct' | 'wrong' }> = [];
  const fixedRandom = seededRandom(seed ^ 0x27d4eb2f);
  for (let k = 1; k <= LAST; k++) {
    const item = fixedOrderSelector.next({ question_ids: order, answered });
    if (item === null) break;
    answered.add(item);
    const topic = topicOf.get(item)!;
    const response = respond(fixedRandom, known.has(topic));
    batch.push({ item, response });
    byTopic.set(topic, [...(byTopic.get(topic) ?? []), response === 'correct']);
    if (CHECKPOINTS.includes(k)) {
      fixedEngine.observe(batch);
      batch = [];
      score(fixedEngine, known, fixedSame.get(k)!);
      scoreRule(school, byTopic, known, fixedRule.get(k)!);
    }
  }
}

/** Wall-clock and CPU ms per answer (CPU: this process's own time, whatever else the machine runs). */
function msPerAnswer(topicCount: number, learners: number, seed: number): { wall: number; cpu: number } {
  const random = seededRandom(seed);
  const school = randomSchool(random, topicCount);
  const topicOf = new Map(school.items.map((it) => [it.id, it.topic]));
  let ms = 0;
  let cpu = 0;
  let n = 0;
  for (let l = 0; l < learners; l++) {
    const known = randomLearner(random, school);
    const engine = new DiagnosticEngine(school.topics, school.items, { seed: l + 1, target: 1, cap: LAST });
    for (let item = engine.next(); item !== null;) {
      const response = respond(random, known.has(topicOf.get(item)!));
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      engine.observe([{ item, response }]);
      item = engine.next();
      const c = process.cpuUsage(c0);
      cpu += (c.user + c.system) / 1000;
      ms += performance.now() - t0;
      n += 1;
    }
  }
  return { wall: ms / n, cpu: cpu / n };
}

interface Part {
  adaptive: Tally[];
  fixedSame: Tally[];
  fixedRule: Tally[];
  calibration: typeof calibration;
  ready: typeof ready;
  answerMs: number;
  answerCount: number;
  stoppedEarly: number;
}

function runGraphs(graphs: number[]): Part {
  for (const g of graphs) {
    const random = seededRandom(1000 + g);
    const school = randomSchool(random, 60);
    for (let l = 0; l < LEARNERS; l++)
      runLearner(school, randomLearner(random, school), g * 100_000 + l + 1, l < WITH_DEFAULTS);
    process.stderr.write(`graph ${g + 1}/${GRAPHS} done\n`);
  }
  return {
    adaptive: [...adaptive.values()],
    fixedSame: [...fixedSame.values()],
    fixedRule: [...fixedRule.values()],
    calibration,
    ready,
    answerMs,
    answerCount,
    stoppedEarly,
  };
}

function merge(part: Part): void {
  const add = (into: Map<number, Tally>, from: Tally[]) =>
    CHECKPOINTS.forEach((c, k) => {
      into.get(c)!.right += from[k]!.right;
      into.get(c)!.total += from[k]!.total;
    });
  add(adaptive, part.adaptive);
  add(fixedSame, part.fixedSame);
  add(fixedRule, part.fixedRule);
  part.calibration.forEach((b, k) => {
    calibration[k]!.n += b.n;
    calibration[k]!.conf += b.conf;
    calibration[k]!.right += b.right;
  });
  for (const key of Object.keys(ready) as Array<keyof typeof ready>) ready[key] += part.ready[key];
  answerMs += part.answerMs;
  answerCount += part.answerCount;
  stoppedEarly += part.stoppedEarly;
}

if (!isMainThread) {
  parentPort!.postMessage(runGraphs((workerData as { graphs: number[] }).graphs));
  process.exit(0);
}

const started = performance.now();
const cpuBefore = process.cpuUsage();
const WORKERS = Math.min(availableParallelism(), GRAPHS);
const parts = await Promise.all(
  Array.from(
    { length: WORKERS },
    (_, w) =>
      new Promise<Part>((resolve, reject) => {
        const graphs = Array.from({ length: GRAPHS }, (_, g) => g).filter((g) => g % WORKERS === w);
        const worker = new Worker(new URL(import.meta.url), {
          workerData: { graphs },
          argv: process.argv.slice(2),
        });
        worker.once('message', (part: Part) => resolve(part));
        worker.once('error', reject);
      }),
  ),
);
for (const part of parts) merge(part);
const simulatedSeconds = (performance.now() - started) / 1000;
const m60 = msPerAnswer(60, 20, 61);
const m300 = msPerAnswer(300, 20, 77);
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
  `Run time ${((performance.now() - started) / 1000).toFixed(1)} s (the simulation ${simulatedSeconds.toFixed(1)} s on ${WORKERS} worker threads; CPU ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s in all).`,
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
  'diagnostic.accuracy_at_25.fixed_same_inference': { value: accuracy25.fixed_same_inference, unit: 'share' },
  'diagnostic.ece': { value: ece, unit: 'share' },
  'diagnostic.ready_to_learn_precision': { value: precision, unit: 'share' },
  'diagnostic.ms_per_answer_60': { value: m60.wall, unit: 'ms' },
  'diagnostic.ms_per_answer_300': { value: ms300, unit: 'ms' },
});
writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);

// The diagnostic bench's measuring: simulated learners answer the adaptive engine and the production fixed
// order, and the tallies (accuracy at each checkpoint, calibration, ready to learn, time per answer) add up
// here, one set per worker thread, merged on the main thread.
import { parseArgs } from 'node:util';
import { DiagnosticEngine } from '../src/server/features/diagnostic/diagnostic-engine.ts';
import { fixedOrderSelector } from '../src/server/features/attempts/question-selector.ts';
import { randomLearner, randomSchool, respond, seededRandom, type School } from './diagnostic-sim.ts';

export const CHECKPOINTS = [10, 15, 20, 25, 30];
const LAST = CHECKPOINTS[CHECKPOINTS.length - 1]!;
const BINS = 10;
/** Learners per graph also run under the production defaults (to see how often the stop rule ends early). */
export const WITH_DEFAULTS = 50;

const { values } = parseArgs({
  options: { graphs: { type: 'string', default: '10' }, learners: { type: 'string', default: '500' } },
});
export const GRAPHS = Number(values.graphs);
export const LEARNERS = Number(values.learners);

interface Tally {
  right: number;
  total: number;
}
const tally = (): Tally => ({ right: 0, total: 0 });
export const share = (t: Tally) => (t.total ? t.right / t.total : NaN);
const byCheckpoint = () => new Map(CHECKPOINTS.map((c) => [c, tally()]));

export const adaptive = byCheckpoint();
export const fixedSame = byCheckpoint();
export const fixedRule = byCheckpoint();
export const calibration = Array.from({ length: BINS }, () => ({ n: 0, conf: 0, right: 0 }));
export const ready = { suggested: 0, prerequisitesKnown: 0, notRoot: 0, notRootKnown: 0, topicUnknown: 0 };
export let answerMs = 0;
export let answerCount = 0;
export let stoppedEarly = 0;

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
export function msPerAnswer(
  topicCount: number,
  learners: number,
  seed: number,
): { wall: number; cpu: number } {
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

export interface Part {
  adaptive: Tally[];
  fixedSame: Tally[];
  fixedRule: Tally[];
  calibration: typeof calibration;
  ready: typeof ready;
  answerMs: number;
  answerCount: number;
  stoppedEarly: number;
}

export function runGraphs(graphs: number[]): Part {
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

export function merge(part: Part): void {
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

// The diagnostic bench's measuring: under each condition, the product's parameters are first fitted from a
// simulated class's practice answers (as the product fits them from stored answers), then simulated learners
// take the diagnostic in four orders under the same inference: the adaptive engine, the plan a client
// offline walks, a fixed order (the production fixed selector) and a random order. The production path
// (adaptive with its stop rule) is run too. Tallies are kept per condition, one set per worker thread.
import { parseArgs } from 'node:util';
import {
  DiagnosticEngine,
  type DiagnosticItem,
  type DiagnosticOptions,
} from '../src/server/features/diagnostic/diagnostic-engine.ts';
import type { ItemModel } from '../src/server/features/diagnostic/item-model.ts';
import { fitTimes, fitted } from './diagnostic-fit.ts';
import { fixedOrderSelector } from '../src/server/features/attempts/question-selector.ts';
import {
  demoSchool,
  randomLearner,
  randomSchool,
  respond,
  seededRandom,
  truthOf,
  type Condition,
  type School,
} from './diagnostic-sim.ts';

export const CAP = 25;
const BINS = 10;

export const CONDITIONS: Condition[] = [
  { name: 'own_model', label: "the engine's own model", school: 'random' },
  {
    name: 'slip_guess',
    label: 'slip and guess away from the assumed values',
    school: 'random',
    scatter: true,
  },
  {
    name: 'difficulty',
    label: 'per-item difficulty, partial knowledge on easy items',
    school: 'random',
    difficulty: true,
  },
  {
    name: 'order_violations',
    label: 'known topics outside the prerequisite order',
    school: 'random',
    violations: 0.15,
  },
  {
    name: 'dont_know_honest',
    label: '"I don\'t know" used honestly',
    school: 'random',
    dontKnow: { known: 0.03, unknown: 0.6 },
  },
  {
    name: 'dont_know_eager',
    label: '"I don\'t know" used too readily',
    school: 'random',
    dontKnow: { known: 0.25, unknown: 0.8 },
  },
  { name: 'demo_catalogue', label: 'the demo catalogue (60 topics, 195 items, real types)', school: 'demo' },
  {
    name: 'realistic',
    label: 'the demo catalogue, partial knowledge on easy items, ≈10 % outside the order, a mixed class',
    school: 'demo',
    difficulty: true,
    violations: 0.11,
    mixedClass: true,
  },
  {
    name: 'realistic_honest_dont_know',
    label: 'the realistic class, with honest "I don\'t know"',
    school: 'demo',
    difficulty: true,
    violations: 0.11,
    mixedClass: true,
    dontKnow: { known: 0.03, unknown: 0.6 },
  },
];

const { values } = parseArgs({
  options: {
    graphs: { type: 'string', default: '10' },
    learners: { type: 'string', default: '30' },
    only: { type: 'string', default: '' },
    oracle: { type: 'boolean', default: false },
  },
  strict: false,
});
/** Units per condition (a random graph each, or a share of the demo's learners) and learners per unit. */
export const GRAPHS = Number(values.graphs);
export const LEARNERS = Number(values.learners);
export const ORACLE = values.oracle === true;
export const ONLY = String(values.only ?? '')
  .split(',')
  .filter(Boolean);

interface Tally {
  right: number;
  total: number;
}
const tally = (): Tally => ({ right: 0, total: 0 });
export const share = (t: Tally) => (t.total ? t.right / t.total : NaN);

export const ORDERS = ['adaptive', 'offline', 'fixed', 'random', 'type_defaults'] as const;
export type Order = (typeof ORDERS)[number];

export interface ConditionTally {
  orders: Record<Order, Tally>;
  /** Calling every topic "not mastered". */
  none: Tally;
  calibration: Array<{ n: number; conf: number; right: number }>;
  ready: { suggested: number; prerequisitesKnown: number; strict: number };
  production: {
    learners: number;
    questions: number;
    stoppedEarly: number;
    right: number;
    total: number;
    believed: number;
  };
  knownOutsideOrder: number;
  known: number;
  answerMs: number;
  answerCount: number;
  /** The slowest fit of this condition's units (in-memory, this thread): its size and time. */
  fit: { students: number; answers: number; ms: number };
}

export const newTally = (): ConditionTally => ({
  orders: Object.fromEntries(ORDERS.map((o) => [o, tally()])) as Record<Order, Tally>,
  none: tally(),
  calibration: Array.from({ length: BINS }, () => ({ n: 0, conf: 0, right: 0 })),
  ready: { suggested: 0, prerequisitesKnown: 0, strict: 0 },
  production: { learners: 0, questions: 0, stoppedEarly: 0, right: 0, total: 0, believed: 0 },
  knownOutsideOrder: 0,
  known: 0,
  answerMs: 0,
  answerCount: 0,
  fit: { students: 0, answers: 0, ms: 0 },
});

function score(engine: DiagnosticEngine, known: Set<number>, into: Tally): void {
  for (const t of engine.result().topics) {
    into.right += Number(t.p >= 0.5 === known.has(t.id));
    into.total += 1;
  }
}

function runLearner(
  school: School,
  truth: Map<number, ItemModel>,
  model: { items: DiagnosticItem[]; options: DiagnosticOptions },
  known: Set<number>,
  seed: number,
  into: ConditionTally,
): void {
  const topicOf = new Map(school.items.map((it) => [it.id, it.topic]));
  // Each order gets its own answers (its own draw), from the same learner.
  const answerer = (salt: number) => {
    const random = seededRandom(seed ^ salt);
    return (item: number) => respond(random, known.has(topicOf.get(item)!), truth.get(item)!);
  };
  for (const t of school.topics) {
    into.none.right += Number(!known.has(t.id));
    into.none.total += 1;
    if (known.has(t.id)) {
      into.known += 1;
      if (!t.prerequisites.every((p) => known.has(p))) into.knownOutsideOrder += 1;
    }
  }

  // Adaptive, the stop rule off, to 25 answers.
  const engine = new DiagnosticEngine(school.topics, model.items, {
    ...model.options,
    seed,
    target: 1,
    cap: CAP,
  });
  let answer = answerer(0x9e3779b9);
  for (let item = engine.next(); item !== null;) {
    const response = answer(item);
    const t0 = performance.now();
    engine.observe([{ item, response }]);
    item = engine.next();
    into.answerMs += performance.now() - t0;
    into.answerCount += 1;
  }
  score(engine, known, into.orders.adaptive);
  const outcome = engine.result();
  for (const t of outcome.topics) {
    const conf = Math.max(t.p, 1 - t.p);
    const bin = into.calibration[Math.min(BINS - 1, Math.floor((conf - 0.5) * 2 * BINS))]!;
    bin.n += 1;
    bin.conf += conf;
    bin.right += Number(t.p >= 0.5 === known.has(t.id));
  }
  const parents = new Map(school.topics.map((t) => [t.id, t.prerequisites]));
  for (const id of outcome.readyToLearn) {
    const ok = parents.get(id)!.every((p) => known.has(p));
    into.ready.suggested += 1;
    into.ready.prerequisitesKnown += Number(ok);
    into.ready.strict += Number(ok && !known.has(id));
  }

  // The same engine with the type's defaults (nothing fitted): what fitting adds.
  const nominal = school.items.map((it) => ({ id: it.id, topic: it.topic, ...it.nominal }));
  const plain = new DiagnosticEngine(school.topics, nominal, { seed, target: 1, cap: CAP });
  answer = answerer(0x9e3779b9);
  for (let item = plain.next(); item !== null; item = plain.next())
    plain.observe([{ item, response: answer(item) }]);
  score(plain, known, into.orders.type_defaults);

  // An order asked to the end (the first 25), then scored with the same inference.
  const scoreInOrder = (engine: DiagnosticEngine, order: number[], salt: number, into: Tally) => {
    const answerOf = answerer(salt);
    engine.observe(order.slice(0, CAP).map((item) => ({ item, response: answerOf(item) })));
    score(engine, known, into);
  };
  const fresh = () =>
    new DiagnosticEngine(school.topics, model.items, { ...model.options, seed, target: 1, cap: CAP });

  // A whole diagnostic offline: the first step's order, walked to the end without the server.
  const offline = fresh();
  const first = offline.best()!;
  scoreInOrder(
    offline,
    [first, ...offline.plan().filter((id) => id !== first)],
    0x51ed270b,
    into.orders.offline,
  );

  // A fixed order: the production fixed selector over the items in catalogue order.
  const order = fixedOrderSelector.plan({
    fixed: school.items.map((it) => it.id),
    draws: [],
    shuffle: false,
  });
  scoreInOrder(fresh(), order, 0x27d4eb2f, into.orders.fixed);

  // A random order.
  const shuffle = seededRandom(seed ^ 0x165667b1);
  const ids = school.items.map((it) => it.id);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(shuffle() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  scoreInOrder(fresh(), ids, 0x85ebca6b, into.orders.random);

  // The production path: the stop rule on.
  const production = new DiagnosticEngine(school.topics, model.items, { ...model.options, seed });
  answer = answerer(0x9e3779b9);
  for (let item = production.next(); item !== null; item = production.next())
    production.observe([{ item, response: answer(item) }]);
  into.production.learners += 1;
  into.production.questions += production.answered;
  into.production.stoppedEarly += Number(production.answered < CAP);
  into.production.believed += production.confidence();
  const atStop = tally();
  score(production, known, atStop);
  into.production.right += atStop.right;
  into.production.total += atStop.total;
}

/** The demo's fit is the same for every share of its learners: fitted once per thread. */
const fits = new Map<string, ReturnType<typeof fitted>>();

/** One unit of work: a condition on one graph (random schools) or one share of the demo's learners. */
export function runUnit(conditionName: string, unit: number): ConditionTally {
  const condition = CONDITIONS.find((c) => c.name === conditionName)!;
  const into = newTally();
  // Random schools: the same graphs under every condition (paired). The demo: one school, learners in shares.
  const schoolRandom = seededRandom(condition.school === 'demo' ? 4242 : 1000 + unit);
  const school = condition.school === 'demo' ? demoSchool(schoolRandom) : randomSchool(schoolRandom, 60);
  const truth = truthOf(school, condition, schoolRandom);
  const key = `${condition.name} ${condition.school === 'demo' ? 0 : unit}`;
  const cached = fits.get(key);
  const model =
    cached ?? fitted(school, condition, truth, condition.school === 'demo' ? 77 : 500 + unit, ORACLE);
  fits.set(key, model);
  if (!cached) into.fit = fitTimes.at(-1)!;
  const learnerRandom = seededRandom(9000 + unit);
  for (let l = 0; l < LEARNERS; l++)
    runLearner(
      school,
      truth,
      model,
      randomLearner(learnerRandom, school, condition),
      unit * 100_000 + l + 1,
      into,
    );
  return into;
}

export function mergeInto(total: ConditionTally, part: ConditionTally): void {
  for (const o of ORDERS) {
    total.orders[o].right += part.orders[o].right;
    total.orders[o].total += part.orders[o].total;
  }
  total.none.right += part.none.right;
  total.none.total += part.none.total;
  part.calibration.forEach((b, k) => {
    total.calibration[k]!.n += b.n;
    total.calibration[k]!.conf += b.conf;
    total.calibration[k]!.right += b.right;
  });
  for (const key of Object.keys(total.ready) as Array<keyof ConditionTally['ready']>)
    total.ready[key] += part.ready[key];
  for (const key of Object.keys(total.production) as Array<keyof ConditionTally['production']>)
    total.production[key] += part.production[key];
  total.knownOutsideOrder += part.knownOutsideOrder;
  total.known += part.known;
  total.answerMs += part.answerMs;
  total.answerCount += part.answerCount;
  if (part.fit.ms > total.fit.ms) total.fit = part.fit;
}

/** Wall-clock and CPU ms per answer (observe + next) at `topicCount` topics, the engine's own model. */
export function msPerAnswer(
  topicCount: number,
  learners: number,
  seed: number,
): { wall: number; cpu: number } {
  const random = seededRandom(seed);
  const school = randomSchool(random, topicCount);
  const condition = CONDITIONS[0]!;
  const truth = truthOf(school, condition, random);
  const items = school.items.map((it) => ({ id: it.id, topic: it.topic, ...it.nominal }));
  let ms = 0;
  let cpu = 0;
  let n = 0;
  for (let l = 0; l < learners; l++) {
    const known = randomLearner(random, school, condition);
    const engine = new DiagnosticEngine(school.topics, items, { seed: l + 1, target: 1, cap: CAP });
    for (let item = engine.next(); item !== null;) {
      const response = respond(
        random,
        known.has(item === null ? -1 : Math.floor(item / 10)),
        truth.get(item)!,
      );
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

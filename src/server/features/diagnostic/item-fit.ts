import { bounded, type ItemModel } from './item-model.ts';

/**
 * Learns each question's rates (slip, guess and the two "I don't know" rates), each micro topic's prior
 * and its leak (known without its prerequisites) from the stored answers, by expectation–maximisation.
 *
 * The model: a student s knows topic t with chance σ(a_s + c_t) (an ability and a topic easiness; the graph
 * is left out of the fit, so a student's other topics tell how likely this one is), and an answer depends
 * on that knowing through its question's rates (`item-model.ts`). The E step weighs each student's answers
 * on a topic into P(known); the M step counts each question's outcomes among knowers and non-knowers, with
 * `PRIOR_ANSWERS` pseudo-answers at the question's current rates (its type's defaults at first), so a
 * question with few answers stays near its type, and moves ability and easiness one Newton step.
 *
 * Linear in the answers per round: 10,000 students × 1,000,000 answers fit in seconds.
 */

/** Outcomes by number, as the answer columns hold them. */
export const CORRECT = 0;
export const WRONG = 1;
export const DONT_KNOW = 2;

export interface FitData {
  students: number;
  /** By item index: its topic (index) and the rates it starts from (the prior). */
  items: ReadonlyArray<{ topic: number; prior: ItemModel }>;
  /** By topic index: its prerequisites (indices) and its subject. */
  topics: ReadonlyArray<{ parents: readonly number[]; subject: number }>;
  /** One entry per answer: student index, item index, outcome (CORRECT, WRONG, DONT_KNOW). */
  student: Int32Array;
  item: Int32Array;
  outcome: Uint8Array;
}

export interface TopicFit {
  /** Added to the student's log-odds of knowing the topic once its prerequisites are known. */
  offset: number;
  /** P(known | a prerequisite not known). */
  leak: number;
  /** Students with answers on it. */
  students: number;
}

export interface FitResult {
  items: ItemModel[];
  /** Answers each item's fit rests on. */
  answers: Int32Array;
  topics: TopicFit[];
  /** The pooled leak, for topics without their own evidence. */
  leak: number;
  rounds: number;
}

export const PRIOR_ANSWERS = 20;
const ROUNDS = 50;
export const DEFAULT_LEAK = 0.05;
const LEAK_PRIOR = 30;
const OFFSET_PRIOR = 20;
const ABILITY_VARIANCE = 4;
const EASINESS_VARIANCE = 2;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const logit = (p: number) => Math.log(p / (1 - p));

/** Answers grouped by student and topic: each group is one E-step posterior. */
function groups(data: FitData) {
  const n = data.item.length;
  const T = data.topics.length;
  const SHIFT = 2 ** Math.ceil(Math.log2(n + 1));
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) keys[k] = (data.student[k]! * T + data.items[data.item[k]!]!.topic) * SHIFT + k;
  keys.sort();
  const order = new Int32Array(n);
  const starts: number[] = [];
  let last = -1;
  for (let k = 0; k < n; k++) {
    const key = keys[k]!;
    order[k] = key % SHIFT;
    const group = Math.floor(key / SHIFT);
    if (group !== last) {
      starts.push(k);
      last = group;
    }
  }
  starts.push(n);
  const count = starts.length - 1;
  const student = new Int32Array(count);
  const topic = new Int32Array(count);
  for (let g = 0; g < count; g++) {
    const first = order[starts[g]!]!;
    student[g] = data.student[first]!;
    topic[g] = data.items[data.item[first]!]!.topic;
  }
  return { order, starts: Int32Array.from(starts), student, topic, count };
}

/** Topic indices with every prerequisite before the topics that need it (a cycle's rest go last). */
function prerequisiteOrder(topics: FitData['topics']): Int32Array {
  const T = topics.length;
  const indegree = Int32Array.from(topics, (t) => t.parents.length);
  const children: number[][] = topics.map(() => []);
  topics.forEach((t, i) => t.parents.forEach((p) => children[p]!.push(i)));
  const order: number[] = [];
  for (let i = 0; i < T; i++) if (indegree[i] === 0) order.push(i);
  for (let k = 0; k < order.length; k++)
    for (const c of children[order[k]!]!) if (--indegree[c]! === 0) order.push(c);
  const placed = new Set(order);
  for (let i = 0; i < T; i++) if (!placed.has(i)) order.push(i);
  return Int32Array.from(order);
}

export function fitItems(data: FitData): FitResult {
  const S = data.students;
  const T = data.topics.length;
  const I = data.items.length;
  const g = groups(data);
  const order = prerequisiteOrder(data.topics);
  const items = data.items.map((it) => bounded(it.prior));
  const answers = new Int32Array(I);
  for (let k = 0; k < data.item.length; k++) answers[data.item[k]!]! += 1;
  /** Per student and topic: its group of answers, or −1. */
  const groupOf = new Int32Array(S * T).fill(-1);
  for (let k = 0; k < g.count; k++) groupOf[g.student[k]! * T + g.topic[k]!] = k;

  // Abilities start from each student's share right, easiness at 0, the leak at its default.
  const ability = new Float64Array(S);
  {
    const right = new Float64Array(S);
    const all = new Float64Array(S);
    for (let k = 0; k < data.student.length; k++) {
      all[data.student[k]!]! += 1;
      if (data.outcome[k] === CORRECT) right[data.student[k]!]! += 1;
    }
    for (let s = 0; s < S; s++) ability[s] = logit((right[s]! + 1) / (all[s]! + 2));
  }
  const easiness = new Float64Array(T);
  const leaks = new Float64Array(T).fill(DEFAULT_LEAK);
  let leak = DEFAULT_LEAK;
  const evidence = new Float64Array(g.count);
  const known = new Float64Array(T);
  const logKnown = new Float64Array(I * 3);
  const logUnknown = new Float64Array(I * 3);
  const students = new Int32Array(T);
  for (let k = 0; k < g.count; k++) students[g.topic[k]!]! += 1;

  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < I; i++) {
      const it = items[i]!;
      logKnown[i * 3 + CORRECT] = Math.log((1 - it.dontKnowKnown) * (1 - it.slip));
      logKnown[i * 3 + WRONG] = Math.log((1 - it.dontKnowKnown) * it.slip);
      logKnown[i * 3 + DONT_KNOW] = Math.log(it.dontKnowKnown);
      logUnknown[i * 3 + CORRECT] = Math.log((1 - it.dontKnowUnknown) * it.guess);
      logUnknown[i * 3 + WRONG] = Math.log((1 - it.dontKnowUnknown) * (1 - it.guess));
      logUnknown[i * 3 + DONT_KNOW] = Math.log(it.dontKnowUnknown);
    }
    for (let k = 0; k < g.count; k++) {
      let l = 0;
      for (let a = g.starts[k]!; a < g.starts[k + 1]!; a++) {
        const idx = data.item[g.order[a]!]! * 3 + data.outcome[g.order[a]!]!;
        l += logKnown[idx]! - logUnknown[idx]!;
      }
      evidence[k] = Math.min(30, Math.max(-30, l));
    }
    const nKnown = new Float64Array(I * 3);
    const nUnknown = new Float64Array(I * 3);
    const gradA = new Float64Array(S);
    const hessA = new Float64Array(S);
    const gradC = new Float64Array(T);
    const hessC = new Float64Array(T);
    const leakKnown = new Float64Array(T);
    const leakAll = new Float64Array(T);
    for (let s = 0; s < S; s++) {
      // In prerequisite order: ready = all prerequisites known (as far as this student's answers say), then
      // known = ready and learnt, or not ready and known anyway (the leak), weighed by the topic's answers.
      for (const t of order) {
        let ready = 1;
        for (const p of data.topics[t]!.parents) ready *= known[p]!;
        const b = sigmoid(ability[s]! + easiness[t]!);
        const lk = leaks[t]!;
        const prior = ready * b + (1 - ready) * lk;
        const k = groupOf[s * T + t]!;
        if (k < 0) {
          known[t] = prior;
          continue;
        }
        const L1 = Math.exp(evidence[k]!);
        const D = prior * L1 + (1 - prior);
        const post = (prior * L1) / D;
        known[t] = post;
        const readyKnown = (ready * b * L1) / D;
        const readyAll = (ready * (b * L1 + 1 - b)) / D;
        gradA[s]! += readyKnown - readyAll * b;
        hessA[s]! += readyAll * b * (1 - b);
        gradC[t]! += readyKnown - readyAll * b;
        hessC[t]! += readyAll * b * (1 - b);
        leakKnown[t]! += ((1 - ready) * lk * L1) / D;
        leakAll[t]! += ((1 - ready) * (lk * L1 + 1 - lk)) / D;
        for (let a = g.starts[k]!; a < g.starts[k + 1]!; a++) {
          const idx = data.item[g.order[a]!]! * 3 + data.outcome[g.order[a]!]!;
          nKnown[idx]! += post;
          nUnknown[idx]! += 1 - post;
        }
      }
    }
    for (let s = 0; s < S; s++)
      ability[s]! += (gradA[s]! - ability[s]! / ABILITY_VARIANCE) / (hessA[s]! + 1 / ABILITY_VARIANCE);
    for (let t = 0; t < T; t++)
      easiness[t]! += (gradC[t]! - easiness[t]! / EASINESS_VARIANCE) / (hessC[t]! + 1 / EASINESS_VARIANCE);
    const sum = (xs: Float64Array) => xs.reduce((a, b) => a + b, 0);
    leak = clampLeak((sum(leakKnown) + LEAK_PRIOR * DEFAULT_LEAK) / (sum(leakAll) + LEAK_PRIOR));
    for (let t = 0; t < T; t++)
      leaks[t] = clampLeak((leakKnown[t]! + LEAK_PRIOR * leak) / (leakAll[t]! + LEAK_PRIOR));
    for (let i = 0; i < I; i++) {
      const p = data.items[i]!.prior;
      const [kc, kw, kd] = [nKnown[i * 3]!, nKnown[i * 3 + 1]!, nKnown[i * 3 + 2]!];
      const [uc, uw, ud] = [nUnknown[i * 3]!, nUnknown[i * 3 + 1]!, nUnknown[i * 3 + 2]!];
      const P = PRIOR_ANSWERS;
      items[i] = bounded({
        slip: (kw + P * p.slip) / (kc + kw + P),
        guess: (uc + P * p.guess) / (uc + uw + P),
        dontKnowKnown: (kd + P * p.dontKnowKnown) / (kc + kw + kd + P),
        dontKnowUnknown: (ud + P * p.dontKnowUnknown) / (uc + uw + ud + P),
      });
    }
  }

  // Per subject, the topics' easiness shrunk toward the subject's mean by how many students they rest on;
  // centred, since the student's own ability is the diagnostic's θ.
  const subjectMean = new Map<number, { sum: number; n: number }>();
  data.topics.forEach((topic, t) => {
    const m = subjectMean.get(topic.subject) ?? { sum: 0, n: 0 };
    m.sum += easiness[t]! * students[t]!;
    m.n += students[t]!;
    subjectMean.set(topic.subject, m);
  });
  const shrunk = Array.from(easiness, (c, t) => {
    const m = subjectMean.get(data.topics[t]!.subject)!;
    const mean = m.n > 0 ? m.sum / m.n : 0;
    return mean + ((c - mean) * students[t]!) / (students[t]! + OFFSET_PRIOR);
  });
  const centre = shrunk.reduce((a, b) => a + b, 0) / Math.max(1, T);
  const topics = shrunk.map((x, t) => ({ offset: x - centre, leak: leaks[t]!, students: students[t]! }));
  return { items, answers, topics, leak, rounds: ROUNDS };
}

const clampLeak = (x: number) => Math.min(0.3, Math.max(0.005, x));

import { ExactBelief } from './exact-belief.ts';
import {
  DEFAULT_DONT_KNOW_KNOWN,
  DEFAULT_DONT_KNOW_UNKNOWN,
  OUTCOMES,
  outcomeChances,
  type ItemModel,
  type Outcome,
} from './item-model.ts';
import { MASTERED, NOT_MASTERED } from './mastery-levels.ts';
import { compileGraph, KnowledgeSampler, type Belief, type TopicNode } from './knowledge-space.ts';

/**
 * The adaptive diagnostic: which question next, when to stop, and what the answers say per micro topic.
 * Pure and synchronous; the attempt engine replays an attempt's answers through it on each request.
 *
 * The model: a knowledge state (a down-set of the prerequisite graph, `knowledge-space.ts`), and on top of it
 * a leak: a topic outside the state may be known anyway (learnt out of order) with a small fitted chance,
 * judged on that topic's own answers. An answer has three outcomes, right, wrong and "I don't know", each with
 * its chance for a knower and a non-knower (`item-model.ts`, fitted per question by `item-fit.ts`).
 */

export type { TopicNode } from './knowledge-space.ts';

export interface DiagnosticItem {
  id: number;
  /** The micro topic it tests. */
  topic: number;
  /** P(wrong | known, answered) and P(right | not known, answered): fitted, or its type's defaults. */
  slip: number;
  guess: number;
  /** P("I don't know" | known) and P("I don't know" | not known); the defaults when absent. */
  dontKnowKnown?: number;
  dontKnowUnknown?: number;
}

export type Response = Outcome;

/** A topic's fitted prior: `offset` moves the student's log-odds of knowing it once ready; `leak` is P(known anyway). */
export interface TopicModel {
  offset: number;
  leak: number;
}

export interface DiagnosticOptions {
  /** Same seed, same answers: same belief and same questions (the seed matters only when sampling). */
  seed?: number;
  /** Compute the belief exactly when the graph is small enough (the default); false: always sample. */
  exact?: boolean;
  /** Stop once the expected share of topics classified right reaches this (and `minAnswers` are in). */
  target?: number;
  /** Never stop on confidence before this many answers: an early belief is sure of too little evidence. */
  minAnswers?: number;
  /** Stop after this many answers whatever the belief. */
  cap?: number;
  /** Fitted priors by topic id; topics without one get offset 0 and `leak`. */
  topicModels?: ReadonlyMap<number, TopicModel>;
  /** P(a topic is known without its prerequisites), where no topic model says otherwise. */
  leak?: number;
  chains?: number;
  /** Sweeps per chain after each answer (the first `burn` are discarded). */
  burn?: number;
  sweeps?: number;
}

export const DEFAULT_CAP = 25;
export const DEFAULT_TARGET = 0.95;
export const MIN_ANSWERS = 15;
export const DEFAULT_LEAK = 0.05;
/** Suggest a topic only when its prerequisites are known with at least this probability. */
export const READY = 0.9;
/** Up to this many topics, the sampler runs more chains and sweeps. */
const SMALL_GRAPH = 120;
/** Items compared by the look ahead (the most informative ones). */
const LOOKAHEAD = 6;

export type DiagnosticLevel = 'mastered' | 'not_mastered' | 'not_sure';

export interface TopicOutcome {
  id: number;
  /** P(mastered). */
  p: number;
  level: DiagnosticLevel;
}

export interface DiagnosticOutcome {
  topics: TopicOutcome[];
  /** The expected share of topics whose classification (p ≥ ½) is right: mean of max(p, 1 − p). */
  confidence: number;
  /** Not mastered (P ≤ NOT_MASTERED), prerequisites known: where to start learning, in prerequisite order. */
  readyToLearn: number[];
}

export function levelFor(p: number): DiagnosticLevel {
  if (p >= MASTERED) return 'mastered';
  if (p <= NOT_MASTERED) return 'not_mastered';
  return 'not_sure';
}

const entropy = (ps: readonly number[]) => ps.reduce((h, p) => (p > 0 ? h - p * Math.log2(p) : h), 0);

/**
 * Expected information an answer to the item gives about its topic being in the knowledge state (the answer
 * depends on the state only through its topic): I(outcome; in state), from the topic's marginal `p` and
 * `leak`, the chance a student outside the state knows it anyway given the answers so far.
 */
export function informationGain(p: number, item: ItemModel, leak = 0): number {
  const known = OUTCOMES.map((o) => outcomeChances(item, o));
  const inState = known.map((c) => c.known);
  const outside = known.map((c) => leak * c.known + (1 - leak) * c.unknown);
  const answer = inState.map((k, i) => p * k + (1 - p) * outside[i]!);
  return entropy(answer) - p * entropy(inState) - (1 - p) * entropy(outside);
}

type Item = ItemModel & { id: number; topic: number; index: number };

export class DiagnosticEngine {
  private readonly sampler: KnowledgeSampler;
  /** Set when the graph's states are few enough to sum over: then the belief is exact, whatever the seed. */
  private readonly exact: ExactBelief | null;
  private readonly items: Map<number, Item>;
  private readonly asked = new Set<number>();
  private readonly options: Required<Omit<DiagnosticOptions, 'topicModels'>>;
  /** Per topic index: log P(its answers | known), log P(its answers | not known), and P(known anyway). */
  private readonly logKnown: Float64Array;
  private readonly logUnknown: Float64Array;
  private readonly leak: Float64Array;
  private current: Belief | null = null;
  private answers = 0;

  constructor(
    topics: readonly TopicNode[],
    items: readonly DiagnosticItem[],
    options: DiagnosticOptions = {},
  ) {
    const { topicModels, ...rest } = options;
    const graph = compileGraph(topics);
    // A school-sized graph gets more samples (a steadier belief); a large one keeps each answer fast.
    const small = graph.ids.length <= SMALL_GRAPH;
    this.options = {
      seed: 1,
      exact: true,
      target: DEFAULT_TARGET,
      minAnswers: MIN_ANSWERS,
      cap: DEFAULT_CAP,
      leak: DEFAULT_LEAK,
      chains: small ? 6 : 4,
      burn: 3,
      sweeps: small ? 12 : 8,
      ...rest,
    };
    const n = graph.ids.length;
    this.items = new Map(
      items
        .filter((it) => graph.indexOf.has(it.topic))
        .map((it) => [
          it.id,
          {
            id: it.id,
            topic: it.topic,
            index: graph.indexOf.get(it.topic)!,
            slip: it.slip,
            guess: it.guess,
            dontKnowKnown: it.dontKnowKnown ?? DEFAULT_DONT_KNOW_KNOWN,
            dontKnowUnknown: it.dontKnowUnknown ?? DEFAULT_DONT_KNOW_UNKNOWN,
          },
        ]),
    );
    this.logKnown = new Float64Array(n);
    this.logUnknown = new Float64Array(n);
    this.leak = Float64Array.from(graph.ids, (id) => topicModels?.get(id)?.leak ?? this.options.leak);
    const offsets = Float64Array.from(graph.ids, (id) => topicModels?.get(id)?.offset ?? 0);
    this.sampler = new KnowledgeSampler(graph, {
      seed: this.options.seed,
      chains: this.options.chains,
      offsets,
    });
    this.exact = this.options.exact ? ExactBelief.forGraph(graph, offsets) : null;
  }

  /** Sampled when first needed: a replayed attempt observes its answers first and samples once. */
  private get belief(): Belief {
    return (this.current ??= this.exact
      ? this.exact.belief(this.sampler.logRatio)
      : this.sampler.run(this.options.burn * 4, this.options.sweeps));
  }

  get answered(): number {
    return this.answers;
  }

  /**
   * A topic's evidence for the state: "in the state" explains its answers as a knower's; "outside" as a
   * knower's with chance `leak` (known without its prerequisites) and a non-knower's otherwise.
   */
  private ratioOf(i: number, logKnown: number, logUnknown: number): { ratio: number; leakAfter: number } {
    const leak = this.leak[i]!;
    const a = Math.log(leak) + logKnown;
    const b = Math.log(1 - leak) + logUnknown;
    const max = Math.max(a, b);
    const logOutside = max + Math.log(Math.exp(a - max) + Math.exp(b - max));
    return { ratio: logKnown - logOutside, leakAfter: Math.exp(a - logOutside) };
  }

  /** P(known anyway | outside the state, its answers), per topic index. */
  private leakKnown(): Float64Array {
    return Float64Array.from(
      this.leak,
      (_, i) => this.ratioOf(i, this.logKnown[i]!, this.logUnknown[i]!).leakAfter,
    );
  }

  /** Adds answers to the evidence; the belief moves once, after the last. Unknown items are ignored. */
  observe(answers: ReadonlyArray<{ item: number; response: Response }>): void {
    let any = false;
    for (const { item, response } of answers) {
      const it = this.items.get(item);
      if (!it || this.asked.has(item)) continue;
      this.asked.add(item);
      this.answers += 1;
      any = true;
      const chance = outcomeChances(it, response);
      this.logKnown[it.index]! += Math.log(chance.known);
      this.logUnknown[it.index]! += Math.log(chance.unknown);
      this.sampler.logRatio[it.index] = this.ratioOf(
        it.index,
        this.logKnown[it.index]!,
        this.logUnknown[it.index]!,
      ).ratio;
    }
    // Exact: worked out when next needed.
    if (any && this.exact) this.current = null;
    // A longer batch (a replayed attempt) moved the belief further: let the chains travel further too.
    else if (any)
      this.current = this.sampler.run(
        this.options.burn * (this.current ? Math.min(answers.length, 8) : 8),
        this.options.sweeps,
      );
  }

  /** P(known) per topic index: in the state, or outside it and known anyway. */
  private knownMarginals(): Float64Array {
    const leak = this.leakKnown();
    return Float64Array.from(this.belief.known, (p, i) => p + (1 - p) * leak[i]!);
  }

  /** The expected share of topics classified right. */
  confidence(): number {
    const known = this.knownMarginals();
    let sum = 0;
    for (const p of known) sum += Math.max(p, 1 - p);
    return sum / Math.max(1, known.length);
  }

  /** The stop rule: enough answers and a sure enough belief, or the cap is reached, or nothing is left. */
  done(): boolean {
    return (
      this.answers >= this.options.cap ||
      this.asked.size === this.items.size ||
      (this.answers >= this.options.minAnswers && this.confidence() >= this.options.target)
    );
  }

  /** The next item to ask (the most informative unasked one), or null once the stop rule says stop. */
  next(): number | null {
    return this.done() ? null : this.best();
  }

  /**
   * The best unasked item regardless of the stop rule. The few most informative about the state are
   * compared by a look ahead through the belief: the one whose answer, whichever of its outcomes, is
   * expected to leave the fewest topics misclassified. Ties go to the earliest item.
   */
  best(): number | null {
    const shortlist = this.ranked().slice(0, LOOKAHEAD);
    if (shortlist.length <= 1) return shortlist[0] ?? null;
    const leak = this.leakKnown();
    let bestId = shortlist[0]!;
    let bestError = Infinity;
    for (const id of shortlist) {
      const error = this.expectedError(this.items.get(id)!, leak);
      if (error < bestError - 1e-9) {
        bestError = error;
        bestId = id;
      }
    }
    return bestId;
  }

  /** Per outcome of `item`: how its topic's evidence moves, and the chance of the outcome outside the state. */
  private outcomesOf(item: Item, leak: Float64Array) {
    const i = item.index;
    const before = this.sampler.logRatio[i]!;
    return OUTCOMES.map((o) => {
      const c = outcomeChances(item, o);
      const after = this.ratioOf(
        i,
        this.logKnown[i]! + Math.log(c.known),
        this.logUnknown[i]! + Math.log(c.unknown),
      );
      return {
        delta: after.ratio - before,
        factor: leak[i]! * c.known + (1 - leak[i]!) * c.unknown,
        leakAfter: after.leakAfter,
        known: c.known,
      };
    });
  }

  /** Σ over topics of the expected chance of misclassifying it after answering `item`. */
  private expectedError(item: Item, leak: Float64Array): number {
    const outcomes = this.outcomesOf(item, leak);
    if (this.exact) return this.exact.expectedError(item.index, outcomes, leak);
    const { samples } = this.belief;
    const n = this.belief.known.length;
    let total = 0;
    for (const o of outcomes) {
      // The sampled states reweighed by this outcome: in the state, a knower's chance; outside, `factor`.
      const mass = new Float64Array(n);
      let weight = 0;
      for (const x of samples) {
        const w = x[item.index] ? o.known : o.factor;
        weight += w;
        for (let j = 0; j < n; j++) if (x[j]) mass[j]! += w;
      }
      // P(outcome) × Σ min(p, 1 − p), with p = P(in state) + P(outside) × P(known anyway).
      for (let j = 0; j < n; j++) {
        const r = j === item.index ? o.leakAfter : leak[j]!;
        const known = mass[j]! + (weight - mass[j]!) * r;
        total += Math.min(known, weight - known);
      }
    }
    return total / samples.length;
  }

  /** Unasked items, most informative first. */
  ranked(): number[] {
    const leak = this.leakKnown();
    return [...this.items.values()]
      .filter((it) => !this.asked.has(it.id))
      .map((it) => ({ id: it.id, gain: informationGain(this.belief.known[it.index]!, it, leak[it.index]!) }))
      .sort((a, b) => b.gain - a.gain)
      .map((x) => x.id);
  }

  /**
   * What a client offline should answer next, without the server to choose: the most informative item of
   * each topic first (a topic's second item says less than another topic's first, and the offline order
   * cannot learn from the first answer), then the rest, each part by information.
   */
  plan(): number[] {
    const ranked = this.ranked();
    const seen = new Set<number>();
    const first: number[] = [];
    const rest: number[] = [];
    for (const id of ranked) {
      const topic = this.items.get(id)!.topic;
      (seen.has(topic) ? rest : first).push(id);
      seen.add(topic);
    }
    return [...first, ...rest];
  }

  result(): DiagnosticOutcome {
    const { ids } = this.sampler.graph;
    const { ready } = this.belief;
    const known = this.knownMarginals();
    const topics = ids.map((id, i) => ({ id, p: known[i]!, level: levelFor(known[i]!) }));
    // Prerequisites known: all in the state together, or (at least) each known, in the state or anyway.
    const { parents } = this.sampler.graph;
    const prerequisitesKnown = (i: number) => {
      let each = 1;
      for (const p of parents[i]!) each *= known[p]!;
      return Math.max(ready[i]!, each);
    };
    return {
      topics,
      confidence: this.confidence(),
      readyToLearn: ids.filter((_, i) => known[i]! <= NOT_MASTERED && prerequisitesKnown(i) >= READY),
    };
  }
}

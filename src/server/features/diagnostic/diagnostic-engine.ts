import { MASTERED, NOT_MASTERED } from '../learning/mastery-model.ts';
import { ExactBelief } from './exact-belief.ts';
import { compileGraph, KnowledgeSampler, type Belief, type TopicNode } from './knowledge-space.ts';

/**
 * The adaptive diagnostic: which question next, when to stop, and what the answers say per micro topic.
 * Pure and synchronous; the attempt engine replays an attempt's answers through it on each request.
 */

export type { TopicNode } from './knowledge-space.ts';

export interface DiagnosticItem {
  id: number;
  /** The micro topic it tests. */
  topic: number;
  /** P(wrong | known) and P(right | not known): `itemParams` of its content. */
  slip: number;
  guess: number;
}

/** "I don't know" is evidence of not knowing, without the chance of a guess. */
export type Response = 'correct' | 'wrong' | 'dont_know';

export interface DiagnosticOptions {
  /** Same seed, same answers: same belief and same questions (the seed matters only when sampling). */
  seed?: number;
  /** Compute the belief exactly when the graph is small enough (the default); false: always sample. */
  exact?: boolean;
  /** Stop once the expected share of topics classified right reaches this. */
  target?: number;
  /** Stop after this many answers whatever the belief. */
  cap?: number;
  chains?: number;
  /** Sweeps per chain after each answer (the first `burn` are discarded). */
  burn?: number;
  sweeps?: number;
}

export const DEFAULT_CAP = 25;
export const DEFAULT_TARGET = 0.95;
/** Suggest a topic only when its prerequisites are known with at least this probability. */
export const READY = 0.9;
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
  /** Not mastered, prerequisites mastered: where to start learning, in prerequisite order. */
  readyToLearn: number[];
}

export function levelFor(p: number): DiagnosticLevel {
  if (p >= MASTERED) return 'mastered';
  if (p <= NOT_MASTERED) return 'not_mastered';
  return 'not_sure';
}

const entropy = (p: number) => (p <= 0 || p >= 1 ? 0 : -p * Math.log2(p) - (1 - p) * Math.log2(1 - p));

/**
 * Expected information an answer to the item gives about the whole knowledge state. The answer depends on
 * the state only through the item's topic, so this is I(answer; topic known), from the topic's marginal.
 */
export function informationGain(p: number, item: Pick<DiagnosticItem, 'slip' | 'guess'>): number {
  const right = p * (1 - item.slip) + (1 - p) * item.guess;
  return entropy(right) - p * entropy(1 - item.slip) - (1 - p) * entropy(item.guess);
}

export class DiagnosticEngine {
  private readonly sampler: KnowledgeSampler;
  /** Set when the graph's states are few enough to sum over: then the belief is exact, whatever the seed. */
  private readonly exact: ExactBelief | null;
  private readonly items: Map<number, DiagnosticItem & { index: number }>;
  private readonly asked = new Set<number>();
  private readonly options: Required<DiagnosticOptions>;
  private current: Belief | null = null;
  private answers = 0;

  constructor(
    topics: readonly TopicNode[],
    items: readonly DiagnosticItem[],
    options: DiagnosticOptions = {},
  ) {
    this.options = {
      seed: 1,
      exact: true,
      target: DEFAULT_TARGET,
      cap: DEFAULT_CAP,
      chains: 4,
      burn: 3,
      sweeps: 8,
      ...options,
    };
    const graph = compileGraph(topics);
    this.items = new Map(
      items
        .filter((it) => graph.indexOf.has(it.topic))
        .map((it) => [it.id, { ...it, index: graph.indexOf.get(it.topic)! }]),
    );
    this.sampler = new KnowledgeSampler(graph, { seed: this.options.seed, chains: this.options.chains });
    this.exact = this.options.exact ? ExactBelief.forGraph(graph) : null;
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

  /** Adds answers to the evidence; the belief moves once, after the last. Unknown items are ignored. */
  observe(answers: ReadonlyArray<{ item: number; response: Response }>): void {
    let any = false;
    for (const { item, response } of answers) {
      const it = this.items.get(item);
      if (!it || this.asked.has(item)) continue;
      this.asked.add(item);
      this.answers += 1;
      any = true;
      // A guess of 0 (short answer) would make one right answer proof beyond any slip of the grader.
      const guess = response === 'dont_know' ? 0 : Math.max(it.guess, 0.001);
      this.sampler.logRatio[it.index]! +=
        response === 'correct' ? Math.log((1 - it.slip) / guess) : Math.log(it.slip / (1 - guess));
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

  /** The expected share of topics classified right. */
  confidence(): number {
    let sum = 0;
    for (const p of this.belief.known) sum += Math.max(p, 1 - p);
    return sum / Math.max(1, this.belief.known.length);
  }

  /** The stop rule: the belief is sure enough, or the cap is reached. */
  done(): boolean {
    return (
      this.answers >= this.options.cap ||
      this.confidence() >= this.options.target ||
      this.asked.size === this.items.size
    );
  }

  /** The next item to ask (the most informative unasked one), or null once the stop rule says stop. */
  next(): number | null {
    return this.done() ? null : this.best();
  }

  /**
   * The best unasked item regardless of the stop rule. The few most informative about the state are
   * compared by a look ahead through the sampled states: the one whose answer, either way, is expected to
   * leave the fewest topics misclassified. Ties go to the earliest item.
   */
  best(): number | null {
    const shortlist = this.ranked().slice(0, LOOKAHEAD);
    if (shortlist.length <= 1) return shortlist[0] ?? null;
    let bestId = shortlist[0]!;
    let bestError = Infinity;
    for (const id of shortlist) {
      const error = this.expectedError(this.items.get(id)!);
      if (error < bestError - 1e-9) {
        bestError = error;
        bestId = id;
      }
    }
    return bestId;
  }

  /** Σ over topics of the expected chance of misclassifying it after answering `item`. */
  private expectedError(item: DiagnosticItem & { index: number }): number {
    const { samples } = this.belief;
    if (this.exact) return this.exact.expectedError(item.index, item);
    const n = this.belief.known.length;
    // Either answer at once: weights of each sampled state if it comes right (1) or wrong (0).
    const mass1 = new Float64Array(n);
    const mass0 = new Float64Array(n);
    let weight1 = 0;
    let weight0 = 0;
    for (const x of samples) {
      const w1 = x[item.index] ? 1 - item.slip : item.guess;
      const w0 = 1 - w1;
      weight1 += w1;
      weight0 += w0;
      for (let j = 0; j < n; j++)
        if (x[j]) {
          mass1[j]! += w1;
          mass0[j]! += w0;
        }
    }
    // P(answer) × Σ min(p, 1 − p) = Σ min(mass, weight − mass) / samples.
    let total = 0;
    for (let j = 0; j < n; j++)
      total += Math.min(mass1[j]!, weight1 - mass1[j]!) + Math.min(mass0[j]!, weight0 - mass0[j]!);
    return total / samples.length;
  }

  /** Unasked items, most informative first: what a client offline should answer next. */
  ranked(): number[] {
    return [...this.items.values()]
      .filter((it) => !this.asked.has(it.id))
      .map((it) => ({ id: it.id, gain: informationGain(this.belief.known[it.index]!, it) }))
      .sort((a, b) => b.gain - a.gain)
      .map((x) => x.id);
  }

  result(): DiagnosticOutcome {
    const { ids } = this.sampler.graph;
    const { known, ready } = this.belief;
    const topics = ids.map((id, i) => ({ id, p: known[i]!, level: levelFor(known[i]!) }));
    return {
      topics,
      confidence: this.confidence(),
      readyToLearn: ids.filter((_, i) => known[i]! < MASTERED && ready[i]! >= READY),
    };
  }
}

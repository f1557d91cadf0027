/**
 * A belief over a student's knowledge state on a prerequisite graph, for the adaptive diagnostic.
 *
 * A state is a down-set of the graph: a topic is in it only if all its prerequisites are. The prior is the
 * way a school expects knowledge to grow: topics are learnt in prerequisite order, and a student learns each
 * topic they are ready for with the same unknown chance θ (uniform prior), moved per topic by a fitted offset
 * (some topics come easier), so a strong student knows deep topics and a beginner only roots. The engine adds
 * the leak on top (a topic known outside the state, `diagnostic-engine.ts`). Exact inference sums over every
 * down-set (exponential), so we sample.
 *
 * The sampler works on the generative coins, not on the state: each topic has a coin z ("would know it once
 * ready"), and the state is {topics whose coin and whose prerequisites' states are all set}. Flipping one
 * coin adds or removes a topic together with the part of its subtree it unlocks, so the chain crosses the
 * graph in one move where single-topic flips would have to climb a chain of prerequisites one at a time.
 * Each coin is drawn from its exact conditional (Gibbs), θ from its Beta conditional (on a grid when topics
 * have offsets); several chains run
 * side by side, warm-started between answers, from a seeded generator: the same answers give the same belief.
 */

export interface TopicNode {
  id: number;
  /** Ids of its prerequisites; those outside the graph are ignored. */
  prerequisites: readonly number[];
}

/** The graph in index form, ordered so that every prerequisite comes before the topics that need it. */
export interface CompiledGraph {
  ids: number[];
  indexOf: Map<number, number>;
  parents: Int32Array[];
  children: Int32Array[];
  /** For each topic, every topic that depends on it (directly or not), in prerequisite order. */
  descendants: Int32Array[];
  /** For each topic, every topic it needs (directly or not). */
  ancestors: Int32Array[];
}

export function compileGraph(topics: readonly TopicNode[]): CompiledGraph {
  const known = new Set(topics.map((t) => t.id));
  const pending = new Map(
    topics.map((t) => [t.id, t.prerequisites.filter((p) => known.has(p) && p !== t.id)]),
  );
  const dependants = new Map<number, number[]>(topics.map((t) => [t.id, []]));
  for (const [id, ps] of pending) for (const p of ps) dependants.get(p)!.push(id);
  // Kahn's order; ties keep the input order so the compiled graph (and thus the sampler) is deterministic.
  const indegree = new Map([...pending].map(([id, ps]) => [id, new Set(ps).size]));
  const ids: number[] = [];
  const queue = topics.filter((t) => indegree.get(t.id) === 0).map((t) => t.id);
  for (let k = 0; k < queue.length; k++) {
    const id = queue[k]!;
    ids.push(id);
    for (const d of new Set(dependants.get(id)!)) {
      const left = indegree.get(d)! - 1;
      indegree.set(d, left);
      if (left === 0) queue.push(d);
    }
  }
  if (ids.length !== topics.length) throw new Error('The prerequisite graph has a cycle.');
  const indexOf = new Map(ids.map((id, i) => [id, i]));
  const toIndex = (xs: Iterable<number>) =>
    Int32Array.from(new Set([...xs].map((x) => indexOf.get(x)!))).sort();
  const parents = ids.map((id) => toIndex(pending.get(id)!));
  const children = ids.map((id) => toIndex(dependants.get(id)!));
  const descendants = ids.map((_, i) => {
    const seen = new Set<number>();
    const stack = [...children[i]!];
    while (stack.length) {
      const c = stack.pop()!;
      if (seen.has(c)) continue;
      seen.add(c);
      stack.push(...children[c]!);
    }
    return Int32Array.from(seen).sort();
  });
  const ancestors: Int32Array[] = [];
  // In prerequisite order, a topic's ancestors are its parents and theirs, all computed already.
  for (let i = 0; i < ids.length; i++) {
    const all = new Set<number>();
    for (const p of parents[i]!) {
      all.add(p);
      for (const a of ancestors[p]!) all.add(a);
    }
    ancestors.push(Int32Array.from(all).sort());
  }
  return { ids, indexOf, parents, children, descendants, ancestors };
}

/** mulberry32: small, fast and seedable (Math.random is neither seedable nor reproducible). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Block moves per sweep and chain. */
const BLOCK_MOVES = 3;

interface Chain {
  z: Uint8Array;
  x: Uint8Array;
  theta: number;
}

export interface Belief {
  /** P(topic known), by topic index. */
  known: Float64Array;
  /** P(all its prerequisites known), by topic index. */
  ready: Float64Array;
  /** The states the chains visited (one per sweep and chain): the joint, for looking ahead. */
  samples: Uint8Array[];
}

export class KnowledgeSampler {
  readonly graph: CompiledGraph;
  /** log P(evidence | known) − log P(evidence | not known), by topic index. */
  readonly logRatio: Float64Array;
  private readonly chains: Chain[];
  private readonly random: () => number;
  private readonly inD: Uint8Array;
  private readonly changed: Int32Array;
  private readonly scratchX: Uint8Array;
  /** Topics with answers: where block moves start. */
  private evidence: number[] = [];

  /** Per topic, added to logit θ: how much easier (+) or harder (−) it is to know once ready (fitted). */
  readonly offsets: Float64Array;
  private readonly withOffsets: boolean;

  constructor(graph: CompiledGraph, opts: { seed: number; chains: number; offsets?: Float64Array }) {
    this.graph = graph;
    const n = graph.ids.length;
    this.logRatio = new Float64Array(n);
    this.offsets = opts.offsets ?? new Float64Array(n);
    this.withOffsets = this.offsets.some((o) => o !== 0);
    this.random = seededRandom(opts.seed);
    this.inD = new Uint8Array(n);
    this.changed = new Int32Array(n);
    this.scratchX = new Uint8Array(n);
    // Chains start spread over the range of students: from knowing nothing to knowing everything.
    this.chains = Array.from({ length: opts.chains }, (_, c) => {
      const theta = (c + 0.5) / opts.chains;
      const z = new Uint8Array(n).map((_, i) => (this.random() < this.chance(theta, i) ? 1 : 0));
      const chain = { z, x: new Uint8Array(n), theta };
      this.rebuild(chain);
      return chain;
    });
  }

  /** P(coin i set | θ) by topic, per θ met (the grid's and the chains' starting values). */
  private readonly chances = new Map<number, Float64Array>();

  /** P(coin i set | θ): θ itself, moved by the topic's offset. */
  private chance(theta: number, i: number): number {
    if (!this.withOffsets) return theta;
    let table = this.chances.get(theta);
    if (!table) {
      const base = Math.log(theta / (1 - theta));
      table = this.offsets.map((o) => 1 / (1 + Math.exp(-(base + o))));
      this.chances.set(theta, table);
    }
    return table[i]!;
  }

  /**
   * θ from its conditional given the coins when topics have offsets (no conjugate form), on a fine grid:
   * log P(θ | z) = Σ_i log P(z_i | θ) = Σ_i log P(clear | θ) + Σ_{i set} log(P(set | θ) / P(clear | θ)).
   */
  private thetaOnGrid(z: Uint8Array): number {
    const table = (this.grid ??= gridTable(this.offsets));
    const n = z.length;
    const logs = new Float64Array(GRID.length);
    let max = -Infinity;
    for (let g = 0; g < GRID.length; g++) {
      let l = table.clear[g]!;
      const row = g * n;
      for (let i = 0; i < n; i++) if (z[i]) l += table.set[row + i]!;
      logs[g] = l;
      if (l > max) max = l;
    }
    let total = 0;
    for (let g = 0; g < GRID.length; g++) total += logs[g] = Math.exp(logs[g]! - max);
    let u = this.random() * total;
    for (let g = 0; g < GRID.length; g++) if ((u -= logs[g]!) <= 0) return GRID[g]!;
    return GRID[GRID.length - 1]!;
  }

  private grid: { clear: Float64Array; set: Float64Array } | null = null;

  private rebuild(chain: Chain): void {
    const { parents } = this.graph;
    for (let i = 0; i < chain.x.length; i++) {
      let on = chain.z[i]!;
      for (const p of parents[i]!) if (!chain.x[p]) on = 0;
      chain.x[i] = on;
    }
  }

  private eligible(x: Uint8Array, i: number): boolean {
    for (const p of this.graph.parents[i]!) if (!x[p]) return false;
    return true;
  }

  /**
   * Topics that are known with coin i set but not with it cleared, given the other coins. Their count is
   * returned; they are listed in `this.changed`.
   */
  private unlocked(chain: Chain, i: number): number {
    const { descendants, parents } = this.graph;
    const { x, z } = chain;
    let count = 0;
    this.changed[count++] = i;
    if (x[i]) {
      // Every known topic below i needs i.
      for (const d of descendants[i]!) if (x[d]) this.changed[count++] = d;
      return count;
    }
    this.inD[i] = 1;
    for (const d of descendants[i]!) {
      if (!z[d]) continue;
      let on = true;
      for (const p of parents[d]!) if (!x[p] && !this.inD[p]) on = false;
      if (on) {
        this.inD[d] = 1;
        this.changed[count++] = d;
      }
    }
    for (let k = 0; k < count; k++) this.inD[this.changed[k]!] = 0;
    return count;
  }

  /**
   * A block move for topic i and all it needs, S: "up" sets every coin of S (the whole path to i at once,
   * which single flips would only reach by chance, one coin at a time), "down" redraws them from the prior
   * when they are all set. Metropolis–Hastings with exactly these two proposals keeps the posterior: up
   * from c is accepted with θ^|S|·L(all set)/L(c), down with the inverse.
   */
  private blockMove(chain: Chain, i: number): void {
    const { ancestors } = this.graph;
    const { z, x } = chain;
    const set = [...ancestors[i]!, i];
    const allSet = set.every((j) => z[j] === 1);
    const up = this.random() < 0.5;
    if (up === allSet) return;
    const before = set.map((j) => z[j]!);
    for (const j of set) z[j] = up ? 1 : this.random() < this.chance(chain.theta, j) ? 1 : 0;
    const proposed = this.scratchX;
    let delta = 0;
    for (let k = 0; k < x.length; k++) {
      let on = z[k]!;
      for (const p of this.graph.parents[k]!) if (!proposed[p]) on = 0;
      proposed[k] = on;
      if (on !== x[k]) delta += on ? this.logRatio[k]! : -this.logRatio[k]!;
    }
    let logPath = 0;
    for (const j of set) logPath += Math.log(this.chance(chain.theta, j));
    const logAccept = up ? logPath + delta : delta - logPath;
    if (Math.log(this.random()) < logAccept) x.set(proposed);
    else set.forEach((j, k) => (z[j] = before[k]!));
  }

  /** One Gibbs sweep of a chain; adds P(known) (Rao-Blackwellised) and readiness to the sums. */
  private sweep(chain: Chain, known: Float64Array, ready: Float64Array): void {
    const { x, z } = chain;
    // Block moves on topics with evidence (chosen regardless of the state, so the move stays reversible).
    for (let b = 0; b < BLOCK_MOVES && this.evidence.length; b++)
      this.blockMove(chain, this.evidence[Math.floor(this.random() * this.evidence.length)]!);
    const priorLogOdds = Math.log(chain.theta / (1 - chain.theta));
    let on = 0;
    for (let i = 0; i < x.length; i++) {
      if (!this.eligible(x, i)) {
        z[i] = this.random() < this.chance(chain.theta, i) ? 1 : 0;
        on += z[i]!;
        continue;
      }
      const count = this.unlocked(chain, i);
      let logOdds = priorLogOdds + this.offsets[i]!;
      for (let k = 0; k < count; k++) logOdds += this.logRatio[this.changed[k]!]!;
      const p = 1 / (1 + Math.exp(-logOdds));
      const next = this.random() < p ? 1 : 0;
      if (next !== x[i]) for (let k = 0; k < count; k++) x[this.changed[k]!] = next;
      z[i] = next;
      on += next;
      known[i]! += p;
      ready[i]! += 1;
    }
    chain.theta = this.withOffsets ? this.thetaOnGrid(z) : sampleBeta(1 + on, 1 + x.length - on, this.random);
  }

  /** Runs `burn` sweeps per chain, then `sweeps` more whose averages form the belief. */
  run(burn: number, sweeps: number): Belief {
    const n = this.graph.ids.length;
    this.evidence = [...this.logRatio.keys()].filter((i) => this.logRatio[i] !== 0);
    const known = new Float64Array(n);
    const ready = new Float64Array(n);
    const scratchK = new Float64Array(n);
    const scratchR = new Float64Array(n);
    const samples: Uint8Array[] = [];
    for (const chain of this.chains) {
      for (let s = 0; s < burn; s++) this.sweep(chain, scratchK, scratchR);
      for (let s = 0; s < sweeps; s++) {
        this.sweep(chain, known, ready);
        samples.push(chain.x.slice());
      }
    }
    const total = this.chains.length * sweeps;
    for (let i = 0; i < n; i++) {
      known[i]! /= total;
      ready[i]! /= total;
    }
    // The true marginals never rank a topic above its prerequisites; sampling noise may, so undo that.
    for (let i = n - 1; i >= 0; i--)
      for (const p of this.graph.parents[i]!) known[p] = Math.max(known[p]!, known[i]!);
    return { known, ready, samples };
  }
}

const GRID = Array.from({ length: 49 }, (_, k) => (k + 0.5) / 49);

/** Per grid θ: Σ_i log P(clear | θ), and per topic log(P(set | θ) / P(clear | θ)) (row-major, θ × topic). */
function gridTable(offsets: Float64Array): { clear: Float64Array; set: Float64Array } {
  const n = offsets.length;
  const clear = new Float64Array(GRID.length);
  const set = new Float64Array(GRID.length * n);
  GRID.forEach((theta, g) => {
    const base = Math.log(theta / (1 - theta));
    for (let i = 0; i < n; i++) {
      const a = base + offsets[i]!;
      // log σ(−a), stably; log σ(a) − log σ(−a) = a.
      clear[g]! -= a > 0 ? a + Math.log1p(Math.exp(-a)) : Math.log1p(Math.exp(a));
      set[g * n + i] = a;
    }
  });
  return { clear, set };
}

/** Gamma(k) for a whole k: a sum of k exponentials (k ≤ the topics + 1, drawn once per sweep). */
function sampleGamma(k: number, random: () => number): number {
  let sum = 0;
  for (let i = 0; i < k; i++) sum -= Math.log(1 - random());
  return sum;
}

function sampleBeta(a: number, b: number, random: () => number): number {
  const x = sampleGamma(a, random);
  const t = x / (x + sampleGamma(b, random));
  return Math.min(1 - 1e-6, Math.max(1e-6, t));
}

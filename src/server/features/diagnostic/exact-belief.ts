import { gaussLegendre } from './gauss-legendre.ts';
import type { Belief, CompiledGraph } from './knowledge-space.ts';

/**
 * The belief computed exactly, for graphs whose knowledge states can be counted cheaply. The sampler's
 * estimate depends on its seed (each attempt has its own), so two students with the same answers could be
 * shown different next questions and results; summing instead gives the one true answer, whatever the seed.
 *
 * Under the sampler's prior (θ uniform; a student ready for a topic knows it with chance σ(logit θ + its
 * fitted offset)) a state's weight is the product over its known topics of that chance and over the topics
 * it is ready for but does not know of one minus it. Given θ, the graph's connected parts are independent, so
 * each part's down-sets are summed on their own (a few dozen states where the whole graph has thousands), and
 * θ is integrated by Gauss–Legendre quadrature. Without offsets every quantity is a polynomial in θ of degree
 * at most the number of topics, so ⌈(n + 1) / 2⌉ nodes integrate it exactly; with them, nearly.
 */

/** Work per belief (states × quadrature nodes) above which the sampler is used instead. */
export const EXACT_BUDGET = 1 << 15;

interface Part {
  /** Its topics (graph indices), prerequisites first. */
  topics: Int32Array;
  /** Per state, per topic of the part (row-major): known. */
  known: Uint8Array;
  /** Per state, per topic of the part: all its prerequisites known. */
  ready: Uint8Array;
  /** Per state: k log θ + f log(1 − θ), per quadrature node (row-major, state × node). */
  logPrior: Float64Array;
  states: number;
}

const logSumExp = (xs: Float64Array, from: number, to: number, stride: number): number => {
  let max = -Infinity;
  for (let k = from; k < to; k += stride) if (xs[k]! > max) max = xs[k]!;
  let sum = 0;
  for (let k = from; k < to; k += stride) sum += Math.exp(xs[k]! - max);
  return max + Math.log(sum);
};

interface Space {
  n: number;
  parts: Part[];
  partOf: Int32Array;
  nodes: number;
  logWeights: Float64Array;
}

const spaces = new Map<string, Space | null>();

function spaceOf(graph: CompiledGraph, parts: Part[], nodes: number, offsets: Float64Array): Space {
  const n = graph.ids.length;
  const partOf = new Int32Array(n);
  parts.forEach((p, c) => p.topics.forEach((i) => (partOf[i] = c)));
  const q = gaussLegendre(nodes);
  const logWeights = q.weights.map(Math.log);
  // log P(coin set | θ) and log P(coin clear | θ), per topic and node: θ moved by the topic's offset.
  const logOn = new Float64Array(n * nodes);
  const logOff = new Float64Array(n * nodes);
  for (let i = 0; i < n; i++)
    for (let g = 0; g < nodes; g++) {
      const a = Math.log(q.nodes[g]! / (1 - q.nodes[g]!)) + offsets[i]!;
      logOn[i * nodes + g] = -Math.log1p(Math.exp(-a));
      logOff[i * nodes + g] = -Math.log1p(Math.exp(a));
    }
  for (const p of parts) {
    const m = p.topics.length;
    for (let s = 0; s < p.states; s++)
      for (let g = 0; g < nodes; g++) {
        let l = 0;
        for (let j = 0; j < m; j++) {
          const i = p.topics[j]!;
          if (p.known[s * m + j]) l += logOn[i * nodes + g]!;
          else if (p.ready[s * m + j]) l += logOff[i * nodes + g]!;
        }
        p.logPrior[s * nodes + g] = l;
      }
  }
  return { n, parts, partOf, nodes, logWeights };
}

/** The graph's parts and their states, or null when they have too many states for the budget. */
function buildSpace(graph: CompiledGraph, budget: number, offsets: Float64Array): Space | null {
  const n = graph.ids.length;
  const nodes = Math.ceil((n + 1) / 2) + 1;
  const limit = Math.floor(budget / nodes);
  // Connected parts (prerequisite edges either way), each listed in the graph's prerequisite order.
  const root = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => (root[i] === i ? i : (root[i] = find(root[i]!)));
  for (let i = 0; i < n; i++) for (const p of graph.parents[i]!) root[find(i)] = find(p);
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) (groups.get(find(i)) ?? groups.set(find(i), []).get(find(i))!).push(i);
  const parts: Part[] = [];
  let total = 0;
  for (const topics of groups.values()) {
    const local = new Map(topics.map((i, j) => [i, j]));
    const parents = topics.map((i) => [...graph.parents[i]!].map((p) => local.get(p)!));
    const states: Uint8Array[] = [];
    const x = new Uint8Array(topics.length);
    const visit = (j: number): boolean => {
      if (j === topics.length) {
        states.push(x.slice());
        return total + states.length <= limit;
      }
      x[j] = 0;
      if (!visit(j + 1)) return false;
      if (parents[j]!.every((p) => x[p])) {
        x[j] = 1;
        const ok = visit(j + 1);
        x[j] = 0;
        return ok;
      }
      return true;
    };
    if (!visit(0)) return null;
    total += states.length;
    const m = topics.length;
    const known = new Uint8Array(states.length * m);
    const ready = new Uint8Array(states.length * m);
    states.forEach((s, k) => {
      known.set(s, k * m);
      for (let j = 0; j < m; j++) ready[k * m + j] = parents[j]!.every((p) => s[p]) ? 1 : 0;
    });
    parts.push({
      topics: Int32Array.from(topics),
      known,
      ready,
      logPrior: new Float64Array(states.length * nodes),
      states: states.length,
    });
  }
  return spaceOf(graph, parts, nodes, offsets);
}

export class ExactBelief {
  private readonly parts: Part[];
  private readonly partOf: Int32Array;
  private readonly nodes: number;
  private readonly logWeights: Float64Array;
  private readonly n: number;
  /** The last belief's pieces, for the look ahead: log Z of each part per node, and per topic per node. */
  private logZ: Float64Array[] = [];
  private given: Float64Array[] = [];
  private posterior: Float64Array = new Float64Array(0);
  private logRatio: Float64Array = new Float64Array(0);

  constructor(space: Space) {
    ({
      n: this.n,
      parts: this.parts,
      partOf: this.partOf,
      nodes: this.nodes,
      logWeights: this.logWeights,
    } = space);
  }

  /**
   * The exact belief's machinery, or null when the graph's parts have too many states for the budget. The
   * states depend on the graph only, and every save of an attempt replays the same graph: they are kept.
   */
  static forGraph(graph: CompiledGraph, offsets = new Float64Array(graph.ids.length)): ExactBelief | null {
    const key = `${graph.parents.map((ps) => ps.join(',')).join(';')}|${offsets.join(',')}`;
    let space = spaces.get(key);
    if (space === undefined) {
      space = buildSpace(graph, EXACT_BUDGET, offsets);
      spaces.set(key, space);
      // A handful of diagnostics at a time: forget the oldest graph beyond that.
      if (spaces.size > 16) spaces.delete(spaces.keys().next().value!);
    }
    return space && new ExactBelief(space);
  }

  /** log Z of a part at every node, with the evidence `logRatio` (plus `extra` on one topic, for looking ahead). */
  private partLogZ(p: Part, logRatio: Float64Array, extra?: { topic: number; delta: number }): Float64Array {
    const m = p.topics.length;
    const G = this.nodes;
    const terms = new Float64Array(p.states * G);
    for (let s = 0; s < p.states; s++) {
      let l = 0;
      for (let j = 0; j < m; j++)
        if (p.known[s * m + j]) {
          l += logRatio[p.topics[j]!]!;
          if (extra && p.topics[j] === extra.topic) l += extra.delta;
        }
      for (let g = 0; g < G; g++) terms[s * G + g] = l + p.logPrior[s * G + g]!;
    }
    const out = new Float64Array(G);
    for (let g = 0; g < G; g++) out[g] = logSumExp(terms, g, terms.length, G);
    // Keep the terms for the marginals: stored after the log Zs.
    this.lastTerms = terms;
    return out;
  }

  private lastTerms = new Float64Array(0);

  /** Per topic of the part, per node: P(known | θ), and P(ready | θ), from the last `partLogZ`'s terms. */
  private partMarginals(p: Part, logZ: Float64Array): { known: Float64Array; ready: Float64Array } {
    const m = p.topics.length;
    const G = this.nodes;
    const known = new Float64Array(m * G);
    const ready = new Float64Array(m * G);
    const terms = this.lastTerms;
    for (let s = 0; s < p.states; s++)
      for (let g = 0; g < G; g++) {
        const q = Math.exp(terms[s * G + g]! - logZ[g]!);
        for (let j = 0; j < m; j++) {
          if (p.known[s * m + j]) known[j * G + g]! += q;
          if (p.ready[s * m + j]) ready[j * G + g]! += q;
        }
      }
    return { known, ready };
  }

  /** The posterior over the quadrature nodes from each part's log Z. */
  private nodePosterior(logZ: Float64Array[]): Float64Array {
    const logPost = this.nodeLog(logZ);
    const norm = logSumExp(logPost, 0, this.nodes, 1);
    return logPost.map((l) => Math.exp(l - norm));
  }

  belief(logRatio: Float64Array): Belief {
    const G = this.nodes;
    this.logRatio = logRatio.slice();
    this.logZ = [];
    const conditional: Array<{ known: Float64Array; ready: Float64Array }> = [];
    for (const p of this.parts) {
      const z = this.partLogZ(p, logRatio);
      this.logZ.push(z);
      conditional.push(this.partMarginals(p, z));
    }
    this.posterior = this.nodePosterior(this.logZ);
    this.given = conditional.map((c) => c.known);
    const known = new Float64Array(this.n);
    const ready = new Float64Array(this.n);
    this.parts.forEach((p, c) =>
      p.topics.forEach((i, j) => {
        for (let g = 0; g < G; g++) {
          known[i]! += this.posterior[g]! * conditional[c]!.known[j * G + g]!;
          ready[i]! += this.posterior[g]! * conditional[c]!.ready[j * G + g]!;
        }
      }),
    );
    for (let i = 0; i < this.n; i++) {
      known[i] = Math.min(1, known[i]!);
      ready[i] = Math.min(1, ready[i]!);
    }
    return { known, ready, samples: [] };
  }

  /**
   * Σ over topics of the chance of misclassifying it once an item on `topic` is answered, averaged over the
   * item's outcomes, exactly (the look ahead the sampler estimates from its states). Uses the last `belief`.
   * Each outcome moves the topic's evidence by `delta` and the evidence of "not known" by `factor` (its
   * chance relative to before); topics are judged on "known", `leakKnown` turning "not in the state" into
   * "known anyway" (`leakAfter` for the answered topic under that outcome).
   */
  expectedError(
    topic: number,
    outcomes: ReadonlyArray<{ delta: number; factor: number; leakAfter: number }>,
    leakKnown: Float64Array,
  ): number {
    const G = this.nodes;
    const c = this.partOf[topic]!;
    const part = this.parts[c]!;
    const before = logSumExp(this.nodeLog(this.logZ), 0, G, 1);
    let total = 0;
    for (const { delta, factor, leakAfter } of outcomes) {
      const z = this.partLogZ(part, this.logRatio, { topic, delta });
      const changed = this.partMarginals(part, z).known;
      const logZ = this.logZ.map((old, k) => (k === c ? z : old));
      // P(this outcome) = its chance given "not known" × Z(with it) / Z(without).
      const chance = factor * Math.exp(logSumExp(this.nodeLog(logZ), 0, G, 1) - before);
      const post = this.nodePosterior(logZ);
      let error = 0;
      this.parts.forEach((p, k) =>
        p.topics.forEach((i, j) => {
          const given = k === c ? changed : this.given[k]!;
          let pj = 0;
          for (let g = 0; g < G; g++) pj += post[g]! * given[j * G + g]!;
          const r = i === topic ? leakAfter : leakKnown[i]!;
          const py = pj + (1 - pj) * r;
          error += Math.min(py, 1 - py);
        }),
      );
      total += chance * error;
    }
    return total;
  }

  /** log(prior weight × Π parts' Z) at each node. */
  private nodeLog(logZ: Float64Array[]): Float64Array {
    const out = new Float64Array(this.nodes);
    for (let g = 0; g < this.nodes; g++) {
      let l = this.logWeights[g]!;
      for (const z of logZ) l += z[g]!;
      out[g] = l;
    }
    return out;
  }
}

import type { KnowledgeGraph, MicroTopic } from '../../../shared/contracts/knowledge-graph.ts';

/** A micro topic with where it sits in the tree, in teaching order. */
export type TopicNode = MicroTopic & {
  subject_id: number;
  subject_name: string;
  subject_index: number;
  sub_topic_name: string;
  /** Position in the teaching order of the whole graph (subject, sub topic, micro topic). */
  order: number;
};

export function flattenTopics(graph: KnowledgeGraph): TopicNode[] {
  const nodes: TopicNode[] = [];
  graph.subjects.forEach((subject, subjectIndex) => {
    for (const subTopic of subject.sub_topics) {
      for (const micro of subTopic.micro_topics) {
        nodes.push({
          ...micro,
          subject_id: subject.id,
          subject_name: subject.name,
          subject_index: subjectIndex,
          sub_topic_name: subTopic.name,
          order: nodes.length,
        });
      }
    }
  });
  return nodes;
}

/**
 * Layer of every topic: 0 without prerequisites, otherwise one more than its deepest prerequisite
 * (the longest prerequisite chain). Unknown prerequisites are ignored; a cycle, which the server refuses,
 * cannot make this loop: a topic met again on its own chain counts as depth 0 there.
 */
export function layerTopics(
  topics: readonly { id: number; prerequisite_ids: readonly number[] }[],
): Map<number, number> {
  const byId = new Map(topics.map((t) => [t.id, t]));
  const layers = new Map<number, number>();
  const onPath = new Set<number>();
  const depth = (id: number): number => {
    const known = layers.get(id);
    if (known !== undefined) return known;
    if (onPath.has(id)) return 0;
    onPath.add(id);
    let layer = 0;
    for (const pre of byId.get(id)?.prerequisite_ids ?? []) {
      if (byId.has(pre)) layer = Math.max(layer, depth(pre) + 1);
    }
    onPath.delete(id);
    layers.set(id, layer);
    return layer;
  };
  for (const t of topics) depth(t.id);
  return layers;
}

/** Every topic reachable by following `next` from `start` (not including start). */
function reach(start: number, next: ReadonlyMap<number, readonly number[]>): Set<number> {
  const seen = new Set<number>();
  const stack = [...(next.get(start) ?? [])];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id) || id === start) continue;
    seen.add(id);
    stack.push(...(next.get(id) ?? []));
  }
  return seen;
}

export type Relations = {
  /** Direct prerequisites and direct dependents of each topic. */
  prerequisites: Map<number, number[]>;
  dependents: Map<number, number[]>;
};

export function relationsOf(topics: readonly TopicNode[]): Relations {
  const ids = new Set(topics.map((t) => t.id));
  const prerequisites = new Map<number, number[]>();
  const dependents = new Map<number, number[]>();
  for (const t of topics) {
    const pres = t.prerequisite_ids.filter((p) => ids.has(p));
    prerequisites.set(t.id, pres);
    for (const p of pres) dependents.set(p, [...(dependents.get(p) ?? []), t.id]);
  }
  return { prerequisites, dependents };
}

/** All prerequisites (transitively) and all dependents (transitively) of one topic. */
export function lineageOf(id: number, relations: Relations): { before: Set<number>; after: Set<number> } {
  return { before: reach(id, relations.prerequisites), after: reach(id, relations.dependents) };
}

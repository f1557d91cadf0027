import { graphOrder } from './graph-order.ts';

/** Where a topic stands for a student: mastered, ready to learn (every prerequisite mastered), or not yet. */
export type TopicReadiness = 'known' | 'ready' | 'not_yet';

export interface Readiness {
  of: Map<number, TopicReadiness>;
  /** The prerequisites a "not yet" topic waits for, by name. */
  waitsFor: Map<number, string[]>;
  /** The ready topics in graph order (prerequisites first, then the catalogue's order). */
  ready: number[];
  all_mastered: boolean;
}

interface Graph {
  microTopics: ReadonlyArray<{ id: number; name: string }>;
  edges: ReadonlyArray<{ micro_topic_id: number; prerequisite_id: number }>;
}

/**
 * Ready to learn: not mastered, and every prerequisite mastered. The pathway lists these, the dashboard counts
 * them and the diagnostic's results name them; all three read this one rule.
 */
export function readinessFrom(graph: Graph, views: ReadonlyMap<number, { level: string }>): Readiness {
  const prerequisites = new Map<number, number[]>();
  for (const e of graph.edges)
    (
      prerequisites.get(e.micro_topic_id) ?? prerequisites.set(e.micro_topic_id, []).get(e.micro_topic_id)!
    ).push(e.prerequisite_id);
  const mastered = (id: number) => views.get(id)?.level === 'mastered';
  const names = new Map(graph.microTopics.map((m) => [m.id, m.name]));
  const of = new Map<number, TopicReadiness>();
  const waitsFor = new Map<number, string[]>();
  for (const m of graph.microTopics) {
    const missing = (prerequisites.get(m.id) ?? []).filter((p) => !mastered(p));
    of.set(m.id, mastered(m.id) ? 'known' : missing.length === 0 ? 'ready' : 'not_yet');
    if (!mastered(m.id) && missing.length > 0)
      waitsFor.set(
        m.id,
        missing.map((p) => names.get(p) ?? ''),
      );
  }
  const ready = graphOrder(
    graph.microTopics.map((m) => m.id),
    prerequisites,
  ).filter((id) => of.get(id) === 'ready');
  return {
    of,
    waitsFor,
    ready,
    all_mastered: graph.microTopics.length > 0 && graph.microTopics.every((m) => mastered(m.id)),
  };
}

import type { DiagnosticResults } from '../../../shared/contracts/attempts.ts';
import type { KnowledgeGraph } from '../../../shared/contracts/knowledge-graph.ts';
import { isMastered, masteryOf } from '../quiz/index.ts';

// The diagnostic sets a starting point, in the words of the learning pathway, never pass or fail:
// - known: the topic is mastered;
// - ready to learn: not yet mastered, and nothing it builds on was found missing;
// - not yet: it builds on a topic the diagnostic found not mastered, which comes first.

export type Readiness = 'known' | 'ready' | 'not_yet';

type Topic = DiagnosticResults['subjects'][number]['micro_topics'][number];

/** Mastered by the adaptive engine's verdict when there is one, else by the share of right answers. */
function known(topic: Topic): boolean {
  return topic.level ? topic.level === 'mastered' : isMastered(topic);
}

/** Found not mastered: a verdict, or a share below the mark (a topic never asked says nothing). */
function missing(topic: Topic): boolean {
  if (topic.level) return topic.level === 'not_mastered';
  const mastery = masteryOf(topic);
  return mastery !== null && !isMastered(topic);
}

export interface ReadinessResult {
  of: Map<number, Readiness>;
  /** The micro topics each "not yet" one waits for (by name). */
  waitsFor: Map<number, string[]>;
}

/**
 * Each topic's readiness. Prerequisites come from the knowledge graph (null when it could not be read:
 * then nothing counts as waiting, and every topic not known is ready to learn).
 */
export function readinessOf(results: DiagnosticResults, graph: KnowledgeGraph | null): ReadinessResult {
  const topics = results.subjects.flatMap((s) => s.micro_topics);
  const byId = new Map(topics.map((t) => [t.micro_topic_id, t]));
  const prerequisites = new Map<number, number[]>();
  for (const subject of graph?.subjects ?? [])
    for (const sub of subject.sub_topics)
      for (const micro of sub.micro_topics) prerequisites.set(micro.id, micro.prerequisite_ids);
  const of = new Map<number, Readiness>();
  const waitsFor = new Map<number, string[]>();
  for (const topic of topics) {
    if (known(topic)) {
      of.set(topic.micro_topic_id, 'known');
      continue;
    }
    const first = (prerequisites.get(topic.micro_topic_id) ?? [])
      .map((id) => byId.get(id))
      .filter((p): p is Topic => p !== undefined && missing(p));
    of.set(topic.micro_topic_id, first.length > 0 ? 'not_yet' : 'ready');
    if (first.length > 0)
      waitsFor.set(
        topic.micro_topic_id,
        first.map((p) => p.micro_topic_name),
      );
  }
  return { of, waitsFor };
}

/** The topics to practise now: those ready to learn, the least mastered first. */
export function practiseFirst(results: DiagnosticResults, readiness: ReadinessResult): number[] {
  return results.subjects
    .flatMap((s) => s.micro_topics)
    .filter((t) => readiness.of.get(t.micro_topic_id) === 'ready')
    .map((t, index) => ({
      id: t.micro_topic_id,
      index,
      mastery: t.probability !== undefined ? t.probability * 100 : (masteryOf(t) ?? 0),
    }))
    .sort((a, b) => a.mastery - b.mastery || a.index - b.index)
    .map((t) => t.id);
}

import type { DiagnosticResults } from '../../../shared/contracts/attempts.ts';
import { masteryOf } from '../quiz/index.ts';

// The diagnostic sets a starting point, in the words of the learning pathway, never pass or fail:
// - known: the topic is mastered;
// - ready to learn: not yet mastered, and everything it builds on is;
// - locked ("not_yet" in the contract): it builds on a topic not mastered yet, which comes first.
// The server decides each by the pathway's own rule (src/server/features/learning/readiness.ts), so this
// screen, the dashboard and the pathway count the same topics as ready.

export type Readiness = 'known' | 'ready' | 'not_yet';

export interface ReadinessResult {
  of: Map<number, Readiness>;
  /** The micro topics each locked one waits for (by name). */
  waitsFor: Map<number, string[]>;
  /** Every topic the student is ready to learn, the diagnostic's and the rest: the pathway's count. */
  readyCount: number;
}

/** Each topic's readiness as the server gave it; a topic it said nothing of counts as ready to learn. */
export function readinessOf(results: DiagnosticResults): ReadinessResult {
  const topics = results.subjects.flatMap((s) => s.micro_topics);
  const of = new Map<number, Readiness>();
  const waitsFor = new Map<number, string[]>();
  for (const topic of topics) {
    of.set(topic.micro_topic_id, topic.readiness ?? 'ready');
    if (topic.waits_for?.length) waitsFor.set(topic.micro_topic_id, topic.waits_for);
  }
  const readyHere = [...of.values()].filter((r) => r === 'ready').length;
  return { of, waitsFor, readyCount: results.ready_count ?? readyHere };
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

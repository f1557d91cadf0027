import type { KnowledgeGraph } from '../../../shared/contracts/knowledge-graph.ts';
import type { LearningPathway, LearningProfile } from '../../../shared/contracts/learning.ts';
import { practisableTopics } from './components/topic-picker.tsx';

/** Test Yourself's one-button start: how many questions it draws. */
export const QUICK_COUNT = 5;

export interface QuickTopics {
  /** Whose topics these are, in the button's words: "your ready topics". */
  what: string;
  ids: number[];
  names: string[];
}

export const READY = 'your ready topics';

/** At most this many of the weakest topics, so a five-question practice stays on a few. */
const WEAKEST = 5;

/**
 * What the one button practises: the pathway's ready micro topics (the same list the pathway shows), as far
 * as they have questions; without any, the student's weakest topics from the learning profile; without
 * those (nothing known yet, or offline), any topic with questions.
 */
export function quickTopics(
  graph: KnowledgeGraph,
  pathway: LearningPathway | null,
  profile: LearningProfile | null,
): QuickTopics | null {
  const practisable = practisableTopics(graph);
  const pick = (what: string, ids: readonly number[]): QuickTopics | null => {
    const usable = [...new Set(ids)].filter((id) => practisable.has(id));
    if (usable.length === 0) return null;
    return { what, ids: usable, names: usable.map((id) => practisable.get(id)!.name) };
  };
  const weakest = (profile?.subjects ?? [])
    .flatMap((s) => s.sub_topics.flatMap((t) => t.micro_topics))
    .filter((m) => (m.level !== 'mastered' || m.due_for_recheck) && practisable.has(m.id))
    .sort((a, b) => a.mastery - b.mastery)
    .slice(0, WEAKEST)
    .map((m) => m.id);
  return (
    pick(READY, pathway?.ready.map((s) => s.micro_topic_id) ?? []) ??
    pick('your weakest topics', weakest) ??
    pick('a mix of topics', [...practisable.keys()])
  );
}

/** "Attachment, Routines and 3 more". */
export function namesText(names: readonly string[], shown = 3): string {
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

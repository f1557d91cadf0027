import { MASTERY_PERCENT } from '../../../shared/constants.ts';
import { percentOf } from '../../lib/format.ts';

// "What next" after a result: which topics to practise. A topic is weak when its share of right answers is
// below the mastery mark; while the review policy withholds the per-topic tallies, none is known to be.

export interface TopicTally {
  micro_topic_id: number;
  micro_topic_name: string;
  /** null while the review policy withholds it. */
  correct: number | null;
  total: number;
}

/** The topic's share of right answers, or null when it is not known (withheld, or no questions). */
export function masteryOf(topic: TopicTally): number | null {
  return topic.correct === null || topic.total === 0 ? null : percentOf(topic.correct, topic.total);
}

export function isMastered(topic: TopicTally): boolean {
  const mastery = masteryOf(topic);
  return mastery !== null && mastery >= MASTERY_PERCENT;
}

export function isWeak(topic: TopicTally): boolean {
  const mastery = masteryOf(topic);
  return mastery !== null && mastery < MASTERY_PERCENT;
}

/** The topics to practise next: below the mastery mark, the weakest first (ties keep the result's order). */
export function weakTopics<T extends TopicTally>(topics: readonly T[]): T[] {
  return topics
    .map((topic, index) => ({ topic, index, mastery: masteryOf(topic) }))
    .filter(({ topic }) => isWeak(topic))
    .sort((a, b) => (a.mastery ?? 0) - (b.mastery ?? 0) || a.index - b.index)
    .map(({ topic }) => topic);
}

/** The micro topic ids of a `?topics=12,15` query: whole positive numbers, each once, in order. */
export function topicIdsFromQuery(value: string | null): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
  return [...new Set(ids)];
}

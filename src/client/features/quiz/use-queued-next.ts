import { useCallback } from 'react';
import type { MyAssessment } from '../../../shared/contracts/assessments.ts';
import { useLoad } from '../../lib/use-async.ts';
import { fetchMyAssessments } from './quiz.api.ts';

export interface QueuedNext {
  id: number;
  /** Its details for the start's stakes; null when the list could not be read. */
  item: MyAssessment | null;
  /** The quizzes after it. */
  rest: number[];
}

/**
 * The next quiz of a queue the student can still take (one used up or closed since the queue was made is
 * skipped), with the ones after it. Null: nothing left to take.
 */
export function useQueuedNext(queue: readonly number[]): QueuedNext | null {
  const key = queue.join(',');
  const load = useCallback(
    (signal: AbortSignal) => (key ? fetchMyAssessments('quiz', signal) : Promise.resolve([])),
    [key],
  );
  const { data, error } = useLoad(load);
  const ids = key ? key.split(',').map(Number) : [];
  if (ids.length === 0) return null;
  if (!data) return error ? { id: ids[0]!, item: null, rest: ids.slice(1) } : null;
  const takeable = ids.filter((id) => {
    const item = data.find((a) => a.id === id);
    return item !== undefined && (item.can_start || item.state === 'in_progress');
  });
  const [first, ...rest] = takeable;
  if (first === undefined) return null;
  return { id: first, item: data.find((a) => a.id === first) ?? null, rest };
}

import { PATHS } from '../../shell/paths.ts';
import { parseQueue } from './attempt-view.ts';

// A queue of quizzes (the learning pathway's Start): /quiz/{first}/{rest}. After each quiz its result shows,
// with the next quiz as the main action; the rest of the queue rides along in the result's `?next=`.

export const queueResultPath = (attemptId: string, queue: string) =>
  `${PATHS.quizResult(attemptId)}?next=${parseQueue(queue).join(',')}`;

/** The quizzes still queued after a result, from its `?next=` (none: not in a queue). */
export const queueFromQuery = (value: string | null): number[] => parseQueue(value ?? undefined);

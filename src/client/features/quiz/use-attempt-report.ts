import { useCallback, useEffect } from 'react';
import { ApiError, userMessage } from '../../lib/http.ts';
import { pendingEntries } from '../../lib/outbox.ts';
import { useLoad } from '../../lib/use-async.ts';
import { isNetworkFailure } from './quiz.api.ts';
import { isSubmitEntry, useSyncStatus } from './quiz-sync.ts';

export type ReportOutcome<T> =
  | { kind: 'ready'; value: T }
  /** Submitted offline: the submission waits in the outbox, so there is no result yet. */
  | { kind: 'waiting' }
  /** The server has nothing to show (not submitted yet, or not this student's attempt). */
  | { kind: 'missing'; message: string };

/**
 * Loads something that exists once an attempt is submitted (its result or analysis). While the submission
 * still waits in the outbox it says so, and loads again as soon as the submission is delivered.
 */
export function useAttemptReport<T>(
  attemptId: string,
  fetcher: (attemptId: string, signal: AbortSignal) => Promise<T>,
) {
  const load = useCallback(
    async (signal: AbortSignal): Promise<ReportOutcome<T>> => {
      try {
        return { kind: 'ready', value: await fetcher(attemptId, signal) };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
          const waiting = await pendingEntries((e) => isSubmitEntry(e, attemptId));
          return waiting.length > 0 ? { kind: 'waiting' } : { kind: 'missing', message: userMessage(error) };
        }
        if (isNetworkFailure(error, signal)) {
          const waiting = await pendingEntries((e) => isSubmitEntry(e, attemptId));
          if (waiting.length > 0) return { kind: 'waiting' };
        }
        throw error;
      }
    },
    [attemptId, fetcher],
  );
  const state = useLoad(load);
  const { entries } = useSyncStatus(attemptId);
  const submitWaiting = entries.some((e) => isSubmitEntry(e, attemptId));
  const { reload } = state;
  const waiting = state.data?.kind === 'waiting';
  useEffect(() => {
    if (waiting && !submitWaiting) reload();
  }, [waiting, submitWaiting, reload]);
  return state;
}

import { useCallback, useState } from 'react';
import type { MyAssessment } from '../../../shared/contracts/assessments.ts';
import { attemptIdFor, loadStoredAttempt } from '../../lib/attempt-store.ts';
import { useLoad } from '../../lib/use-async.ts';
import { fetchMyAssessments } from './quiz.api.ts';

export type Gate =
  /** Nothing is at stake yet, or the student already agreed: open (or resume) the attempt. */
  | { kind: 'go' }
  /** A timed attempt would start now: ask first, with the stakes. */
  | { kind: 'ask'; item: MyAssessment };

/**
 * Whether opening /quiz/{id} may start the attempt at once. Every way in (the pathway and its queue, the
 * dashboard, a result's "What next", a bookmark) passes here, so a timed attempt never starts its clock
 * unasked. An attempt already running (on this device or another) resumes without a question; so does
 * anything the server will refuse anyway, and anything we cannot look up (offline: nothing can start).
 */
async function gateFor(assessmentId: number, userId: number, signal: AbortSignal): Promise<Gate> {
  const known = await attemptIdFor(userId, assessmentId);
  const stored = known ? await loadStoredAttempt(known) : undefined;
  if (stored?.attempt.status === 'in_progress') return { kind: 'go' };
  // The /quiz/ route runs quizzes and exams (and the diagnostic, which its own start screen asks for).
  const lists = await Promise.all([
    fetchMyAssessments('quiz', signal),
    fetchMyAssessments('exam', signal),
  ]).catch(() => null);
  const item = lists?.flat().find((a) => a.id === assessmentId);
  if (!item || item.state === 'in_progress' || !item.can_start || item.time_limit_minutes === null)
    return { kind: 'go' };
  return { kind: 'ask', item };
}

export function useStartGate(assessmentId: number | null, userId: number | null, confirmed: boolean) {
  const [agreed, setAgreed] = useState(confirmed);
  const load = useCallback(
    (signal: AbortSignal) => gateFor(assessmentId ?? 0, userId ?? 0, signal),
    [assessmentId, userId],
  );
  const state = useLoad(!agreed && assessmentId !== null && userId !== null ? load : null);
  const gate: Gate | null = agreed ? { kind: 'go' } : (state.data ?? (state.error ? { kind: 'go' } : null));
  return { gate, agree: () => setAgreed(true) };
}

import type { MyAssessment } from '../../../shared/contracts/assessments.ts';
import { attemptIdFor, loadStoredAttempt } from '../../lib/attempt-store.ts';
import { pendingEntries } from '../../lib/outbox.ts';
import { isSubmitEntry } from './quiz-sync.ts';
import type { StudentAssessment } from './assessment-state.ts';
import { isAnswered } from './attempt-view.ts';

// Offline, the lists come from the last copy the server gave, which can be older than what the student did
// on this device since: a quiz started (or submitted) here must not be offered as "Start" again.

/** The latest attempt this device holds for an assessment. */
export interface LocalAttempt {
  attemptId: string;
  status: 'in_progress' | 'submitted';
  /** Server time. */
  startedAt: string;
  deadlineAt: string | null;
  clockOffsetMs: number;
  /** The submission waits in the outbox. */
  submitWaiting: boolean;
  /** Questions answered, of how many, as this device last saw the attempt. */
  answered: number;
  questions: number;
}

export async function loadLocalAttempts(
  userId: number | null,
  assessmentIds: readonly number[],
): Promise<Map<number, LocalAttempt>> {
  const found = new Map<number, LocalAttempt>();
  if (userId === null) return found;
  const pending = await pendingEntries((e) => e.meta.type === 'submit');
  await Promise.all(
    assessmentIds.map(async (assessmentId) => {
      const attemptId = await attemptIdFor(userId, assessmentId);
      const stored = attemptId ? await loadStoredAttempt(attemptId) : undefined;
      if (!attemptId || !stored) return;
      found.set(assessmentId, {
        attemptId,
        status: stored.attempt.status,
        startedAt: stored.attempt.started_at,
        deadlineAt: stored.attempt.deadline_at,
        clockOffsetMs: stored.clockOffsetMs,
        submitWaiting: pending.some((e) => isSubmitEntry(e, attemptId)),
        answered: stored.attempt.answers.filter(isAnswered).length,
        // The adaptive diagnostic asks at most its cap of the pool it holds.
        questions: Math.min(stored.attempt.adaptive?.cap ?? Infinity, stored.attempt.questions.length),
      });
    }),
  );
  return found;
}

/**
 * The server's view of one assessment, corrected by the attempt on this device when the server's view does
 * not know it yet (an old copy read offline, or a submission still in the outbox).
 */
export function withLocal(
  item: MyAssessment,
  local: LocalAttempt | undefined,
  now: number = Date.now(),
): StudentAssessment {
  const onDevice = local?.status === 'in_progress' && local.attemptId === item.in_progress_attempt_id;
  const base: StudentAssessment = {
    ...item,
    submit_waiting: false,
    on_device: onDevice,
    answered: onDevice ? { done: local.answered, of: local.questions } : undefined,
  };
  if (!local) return base;
  // The server has it submitted already, or has seen a later attempt (another device): the server wins.
  if (item.last_attempt_id === local.attemptId) return base;
  if (item.last_submitted_at !== null && local.startedAt <= item.last_submitted_at) return base;
  if (item.state === 'in_progress' && item.in_progress_attempt_id !== local.attemptId) return base;
  if (local.status === 'in_progress' && !local.submitWaiting && onDevice) return base;

  const counted = item.in_progress_attempt_id === local.attemptId;
  const attemptsUsed = counted ? item.attempts_used : item.attempts_used + 1;
  const attemptsLeft = item.attempts_allowed === null || attemptsUsed < item.attempts_allowed;
  if (local.submitWaiting) {
    return {
      ...base,
      state: 'submitted',
      in_progress_attempt_id: null,
      seconds_left: null,
      attempts_used: attemptsUsed,
      can_start: false,
      submit_waiting: true,
    };
  }
  if (local.status === 'in_progress') {
    const deadline = local.deadlineAt ? Date.parse(local.deadlineAt) : null;
    return {
      ...base,
      state: 'in_progress',
      in_progress_attempt_id: local.attemptId,
      seconds_left:
        deadline === null ? null : Math.max(0, Math.round((deadline - (now + local.clockOffsetMs)) / 1000)),
      attempts_used: attemptsUsed,
      can_start: false,
      on_device: true,
      answered: { done: local.answered, of: local.questions },
    };
  }
  // Submitted and delivered since the copy was taken: a result to review, a retake only if attempts remain.
  return {
    ...base,
    state: item.state === 'closed' ? 'closed' : 'submitted',
    in_progress_attempt_id: null,
    seconds_left: null,
    attempts_used: attemptsUsed,
    last_attempt_id: local.attemptId,
    can_start: item.state !== 'closed' && item.state !== 'scheduled' && attemptsLeft,
  };
}

/** The lists as the student should see them: each assessment merged with this device's attempt. */
export async function mergeLocalAttempts(
  userId: number | null,
  items: readonly MyAssessment[],
): Promise<StudentAssessment[]> {
  const local = await loadLocalAttempts(
    userId,
    items.map((i) => i.id),
  );
  const now = Date.now();
  return items.map((item) => withLocal(item, local.get(item.id), now));
}

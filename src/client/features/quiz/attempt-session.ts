import type { Attempt } from '../../../shared/contracts/attempts.ts';
import {
  attemptIdFor,
  loadStoredAttempt,
  rememberAttemptFor,
  saveStoredAttempt,
} from '../../lib/attempt-store.ts';
import type { StoredAttempt } from '../../lib/attempt-store.ts';
import { ApiError, userMessage } from '../../lib/http.ts';
import { drain, pendingEntries } from '../../lib/outbox.ts';
import type { OutboxEntry } from '../../lib/outbox.ts';
import { mergeAnswers, startPosition } from './attempt-view.ts';
import type { AnswerMap } from './attempt-view.ts';
import { fetchAttempt, isNetworkFailure, newAttemptId, startAttempt } from './quiz.api.ts';
import { isSubmitEntry } from './quiz-sync.ts';
import { clockOffset } from './timer.ts';

/** Everything the taking screen needs to show an attempt. */
export interface SessionData {
  attempt: Attempt;
  answers: AnswerMap;
  position: number;
  clockOffsetMs: number;
  /** Shown from this device's copy because the server could not be reached. */
  fromDevice: boolean;
  /** A submission made offline is waiting in the outbox. */
  submitPending: boolean;
}

export type OpenOutcome =
  | { kind: 'ready'; data: SessionData }
  /** The attempt is already submitted: its result is the place to be. */
  | { kind: 'submitted'; attemptId: string }
  /** The server refused (closed, not open yet, attempts used up, not visible). */
  | { kind: 'blocked'; message: string }
  /** Offline and this device has never seen the attempt. */
  | { kind: 'unavailable' };

async function pendingOf(attemptId: string) {
  return pendingEntries((e) => e.meta.attemptId === attemptId);
}

/** The attempt as this device last saw it, with the writes the server does not have yet. */
async function fromDevice(stored: StoredAttempt): Promise<SessionData> {
  const pending = await pendingOf(stored.attempt.id);
  return {
    attempt: stored.attempt,
    answers: mergeAnswers(stored.attempt.answers, pending),
    position: stored.position,
    clockOffsetMs: stored.clockOffsetMs,
    fromDevice: true,
    submitPending: pending.some((e) => isSubmitEntry(e, stored.attempt.id)),
  };
}

/** A fresh copy from the server, merged with pending writes, remembered for offline use. */
async function fromServer(
  attempt: Attempt,
  sentAt: number,
  receivedAt: number,
  earlier: readonly OutboxEntry[] = [],
): Promise<SessionData> {
  const [pending, stored] = await Promise.all([pendingOf(attempt.id), loadStoredAttempt(attempt.id)]);
  // Writes pending before the request may have been delivered after the server answered it: keep them too.
  const answers = mergeAnswers(attempt.answers, [
    ...earlier.filter((e) => e.meta.attemptId === attempt.id),
    ...pending,
  ]);
  const offset = clockOffset(attempt.server_now, sentAt, receivedAt);
  const lastAnswer = Math.max(0, ...attempt.answers.map((a) => Date.parse(a.answered_at ?? '') || 0));
  // This device moved since the last answer reached the server: its place is the more recent one.
  const position =
    stored && stored.positionAt + offset > lastAnswer
      ? Math.min(stored.position, Math.max(attempt.questions.length - 1, 0))
      : startPosition(
          attempt.questions,
          attempt.position,
          attempt.next_question_id,
          attempt.answers.length > 0,
        );
  const data: SessionData = {
    attempt: { ...attempt, answers: Object.values(answers) },
    answers,
    position,
    clockOffsetMs: offset,
    fromDevice: false,
    submitPending: pending.some((e) => isSubmitEntry(e, attempt.id)),
  };
  await saveStoredAttempt({
    attempt: data.attempt,
    clockOffsetMs: offset,
    position,
    positionAt: stored?.positionAt ?? Date.now(),
  });
  return data;
}

/**
 * Opens the student's attempt at an assessment: resumes the one in progress (here or on another device),
 * or starts a new one with a UUID of our own. Offline, the copy on this device answers.
 */
export async function openAssessment(
  assessmentId: number,
  userId: number,
  signal?: AbortSignal,
): Promise<OpenOutcome> {
  const knownId = await attemptIdFor(userId, assessmentId);
  const stored = knownId ? await loadStoredAttempt(knownId) : undefined;
  if (stored) {
    const local = await fromDevice(stored);
    // Submitted offline: nothing to start; the screen waits for the outbox to deliver it.
    if (local.submitPending) {
      void drain();
      return { kind: 'ready', data: local };
    }
  }
  const resume = stored?.attempt.status === 'in_progress';
  const id = resume && knownId ? knownId : newAttemptId();
  const sentAt = Date.now();
  const earlier = knownId ? await pendingOf(knownId) : [];
  try {
    // Writes made offline go out now, alongside (not before) the read: a slow network must not hold the screen.
    void drain();
    const attempt = await startAttempt(id, assessmentId, signal);
    if (attempt.status === 'submitted') return { kind: 'submitted', attemptId: attempt.id };
    await rememberAttemptFor(userId, assessmentId, attempt.id);
    return { kind: 'ready', data: await fromServer(attempt, sentAt, Date.now(), earlier) };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) {
      return { kind: 'blocked', message: userMessage(error) };
    }
    if (!isNetworkFailure(error, signal)) throw error;
    if (stored && resume) return { kind: 'ready', data: await fromDevice(stored) };
    return { kind: 'unavailable' };
  }
}

/** Opens an attempt by its id (a Test Yourself practice resumed after a reload). */
export async function openAttempt(attemptId: string, signal?: AbortSignal): Promise<OpenOutcome> {
  const sentAt = Date.now();
  const earlier = await pendingOf(attemptId);
  try {
    void drain();
    const attempt = await fetchAttempt(attemptId, signal);
    return { kind: 'ready', data: await fromServer(attempt, sentAt, Date.now(), earlier) };
  } catch (error) {
    if (!isNetworkFailure(error, signal)) throw error;
    const stored = await loadStoredAttempt(attemptId);
    return stored ? { kind: 'ready', data: await fromDevice(stored) } : { kind: 'unavailable' };
  }
}

/** Takes an attempt the server just created (a new practice) into a session. */
export async function adoptAttempt(
  attempt: Attempt,
  sentAt: number,
  receivedAt: number,
): Promise<SessionData> {
  return fromServer(attempt, sentAt, receivedAt);
}

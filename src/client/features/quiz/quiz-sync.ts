import { useSyncExternalStore } from 'react';
import { subscribeKey } from 'valtio/vanilla/utils';
import type { SaveAnswerBody } from '../../../shared/contracts/attempts.ts';
import { ATTEMPT_PATHS } from '../../../shared/api-paths.ts';
import { showToast } from '../../components/toast.tsx';
import { markStoredSubmitted } from '../../lib/attempt-store.ts';
import {
  configureOutbox,
  drain,
  enqueue,
  outboxSnapshot,
  setBodyAtSend,
  subscribeOutbox,
  subscribeOutboxSnapshot,
} from '../../lib/outbox.ts';
import type { OutboxEntry } from '../../lib/outbox.ts';
import { authState } from '../../shell/session.ts';
import { refreshUser } from '../auth/index.ts';

// Quiz answers and submissions go through the outbox (lib/outbox.ts); this module says how to address
// them and reacts to what the server made of them, whichever screen is open when they are delivered.

export const answerKey = (attemptId: string, questionId: number) => `answer:${attemptId}:${questionId}`;
export const submitKey = (attemptId: string) => `submit:${attemptId}`;

export const isAnswerEntry = (entry: OutboxEntry, attemptId: string) =>
  entry.meta.type === 'answer' && entry.meta.attemptId === attemptId;
export const isSubmitEntry = (entry: OutboxEntry, attemptId: string) => entry.key === submitKey(attemptId);

/** How many of an attempt's answers are among these writes (the outbox's, waiting to be sent). */
export const waitingAnswers = (entries: readonly OutboxEntry[], attemptId: string) =>
  entries.filter((e) => isAnswerEntry(e, attemptId)).length;

export function queueAnswer(attemptId: string, questionId: number, body: SaveAnswerBody): Promise<void> {
  return enqueue({
    key: answerKey(attemptId, questionId),
    method: 'PUT',
    path: ATTEMPT_PATHS.answer(attemptId, questionId),
    body,
    version: body.answered_at,
    meta: { type: 'answer', attemptId, questionId },
  });
}

export function queueSubmit(attemptId: string, attemptKind: string, submittedAt: string): Promise<void> {
  return enqueue({
    key: submitKey(attemptId),
    method: 'POST',
    path: ATTEMPT_PATHS.submit(attemptId),
    body: { submitted_at: submittedAt },
    version: submittedAt,
    meta: { type: 'submit', attemptId, attemptKind },
  });
}

let started = false;

/**
 * Addresses the outbox to the signed-in person and reacts to what the server made of quiz writes, once. It runs
 * when this module loads; a screen that needs only the outbox ready (Retry in Settings) calls it by name.
 */
export function startQuizSync(): void {
  if (started) return;
  started = true;
  configureOutbox({ currentUserId: () => authState.user?.id ?? null });
  // Each answer tells the server how many of the attempt's answers are still waiting on this device behind
  // it (staff see it in the live view), as it is sent: a replay after a while offline says how many are left.
  setBodyAtSend((entry, behind) =>
    entry.meta.type === 'answer'
      ? { ...entry.body, outbox: waitingAnswers(behind, String(entry.meta.attemptId)) }
      : entry.body,
  );
  // Signing in (again) is a start too: writes that waited for this person go out now.
  subscribeKey(authState, 'user', () => void drain());

  subscribeOutbox((event) => {
    const { entry } = event;
    if (event.type === 'rejected') {
      showToast({
        title: entry.meta.type === 'submit' ? 'Not submitted' : 'An answer was not saved',
        message: event.message,
        type: 'error',
      });
      return;
    }
    if (entry.meta.type !== 'submit') return;
    const attemptId = String(entry.meta.attemptId);
    void markStoredSubmitted(attemptId, new Date().toISOString());
    // A submitted diagnostic unlocks the student menu: the user record says so without a new login.
    if (entry.meta.attemptKind === 'diagnostic') void refreshUser();
  });
}
startQuizSync();

/** Delivers whatever waited in the outbox when the app starts (a reload, a closed tab, a crash). */
export function drainOnStart(): void {
  if (authState.user) void drain();
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

export interface SyncStatus {
  online: boolean;
  /** Writes of this attempt (or of all attempts) that the server does not have yet. */
  pending: number;
  entries: readonly OutboxEntry[];
}

export function useSyncStatus(attemptId?: string): SyncStatus {
  const snapshot = useSyncExternalStore(subscribeOutboxSnapshot, outboxSnapshot);
  const online = useOnline();
  const entries = attemptId
    ? snapshot.entries.filter((e) => e.meta.attemptId === attemptId)
    : snapshot.entries;
  return { online: online && !snapshot.unreachable, pending: entries.length, entries };
}

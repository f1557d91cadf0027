import { useCallback, useSyncExternalStore } from 'react';
import { storeDeadline } from '../../lib/attempt-store.ts';

// The deadline of each attempt as the server last gave it. Extra time given while an attempt runs (an
// override, a standing multiplier: issue 27) moves the deadline on the server; every answer the server sends
// that carries one (a save's reply, a refetch of the attempt, a heartbeat) comes through `adoptDeadline`, and
// the countdown follows at once, without a reload. The device's copy follows too, for a reload offline.

type Listener = () => void;
const deadlines = new Map<string, string | null>();
const listeners = new Map<string, Set<Listener>>();

/**
 * Takes the server's word on when this attempt's time is up (null: untimed). The one way in for any reply
 * that carries the attempt's deadline: the save-answer reply, GET /api/attempts/{id}, and the heartbeat.
 */
export function adoptDeadline(attemptId: string, deadlineAt: string | null): void {
  if (deadlines.has(attemptId) && deadlines.get(attemptId) === deadlineAt) return;
  deadlines.set(attemptId, deadlineAt);
  for (const listener of listeners.get(attemptId) ?? []) listener();
  void storeDeadline(attemptId, deadlineAt);
}

/**
 * A runner opening the attempt: its copy fresh from the server is the latest word (a deadline adopted by an
 * earlier screen of the same attempt may be older); the device's copy only when nothing newer came. Quiet:
 * called while the runner first renders, before its countdown reads the deadline.
 */
export function seedDeadline(attemptId: string, deadlineAt: string | null, fromDevice: boolean): void {
  if (!fromDevice || !deadlines.has(attemptId)) deadlines.set(attemptId, deadlineAt);
}

function subscribe(attemptId: string, listener: Listener): () => void {
  const set = listeners.get(attemptId) ?? listeners.set(attemptId, new Set()).get(attemptId)!;
  set.add(listener);
  return () => {
    set.delete(listener);
    if (!set.size) listeners.delete(attemptId);
  };
}

/** The attempt's deadline as last adopted, else `initial` (the attempt as it was opened). */
export function useDeadline(attemptId: string, initial: string | null): string | null {
  const sub = useCallback((listener: Listener) => subscribe(attemptId, listener), [attemptId]);
  const read = () => (deadlines.has(attemptId) ? deadlines.get(attemptId)! : initial);
  return useSyncExternalStore(sub, read, read);
}

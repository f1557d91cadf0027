import { useSyncExternalStore } from 'react';
import { outboxSnapshot, subscribeOutboxSnapshot } from './outbox.ts';
import type { OutboxEntry } from './outbox.ts';
import { useOnline } from './use-online.ts';

/**
 * The writes of `userId` still waiting in the outbox: another person's writes on a shared tablet are
 * theirs to see. Writes made signed out (userId null) go out with whoever signs in, so they count too.
 */
export function pendingOf(entries: readonly OutboxEntry[], userId: number | null): OutboxEntry[] {
  if (userId === null) return [];
  return entries.filter((entry) => entry.userId === userId || entry.userId === null);
}

export interface ConnectionState {
  /** The browser is online and the last try to send reached the server. */
  online: boolean;
  /** This person's writes the server does not have yet, oldest first. */
  pending: OutboxEntry[];
}

/** What the outbox says for `userId`, live: the one source of truth for "waiting to sync". */
export function useConnection(userId: number | null): ConnectionState {
  const snapshot = useSyncExternalStore(subscribeOutboxSnapshot, outboxSnapshot, outboxSnapshot);
  const online = useOnline();
  return { online: online && !snapshot.unreachable, pending: pendingOf(snapshot.entries, userId) };
}

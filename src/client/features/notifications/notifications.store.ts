import { useEffect } from 'react';
import { proxy, subscribe, useSnapshot } from 'valtio';
import {
  NOTIFICATION_COUNT_KEY,
  NOTIFICATION_POLL_MIN_MS,
  NOTIFICATION_POLL_STOP_MS,
} from '../../../shared/constants.ts';
import type { Notification } from '../../../shared/contracts/notifications.ts';
import { errorMessage, isAbortError } from '../../lib/http.ts';
import type { QueryParams } from '../../lib/http.ts';
import { readEither, writeBoth } from '../../lib/storage.ts';
import { authState, useAuth } from '../../shell/session.ts';
import { fetchNotifications, fetchUnseenCount, markNotificationsSeen } from './notifications.api.ts';

function storedCount(): number {
  const value = Number(readEither(NOTIFICATION_COUNT_KEY));
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

export const notificationsState = proxy<{ list: Notification[]; unseenCount: number }>({
  list: [],
  unseenCount: storedCount(),
});

/** Sets the count and mirrors it to session and local storage (spec section 3). */
export function setUnseenCount(count: number): void {
  notificationsState.unseenCount = count;
  writeBoth(NOTIFICATION_COUNT_KEY, String(count));
}

// A different (or no) user must not inherit the previous user's notifications.
let lastUserId = authState.user?.id ?? null;
subscribe(authState, () => {
  const userId = authState.user?.id ?? null;
  if (userId === lastUserId) return;
  lastUserId = userId;
  notificationsState.list = [];
  notificationsState.unseenCount = 0;
});

function currentUserId(): number {
  const id = authState.user?.id;
  if (id === undefined) throw new Error('Log in to see notifications.');
  return id;
}

/** Spec section 8: a failed count is only logged; the badge keeps its last value. */
export async function loadUnseenCount(signal?: AbortSignal): Promise<void> {
  try {
    setUnseenCount(await fetchUnseenCount(currentUserId(), signal));
  } catch (error) {
    if (!isAbortError(error)) console.error(errorMessage(error));
  }
}

export async function loadNotifications(
  params: QueryParams = {},
  signal?: AbortSignal,
): Promise<Notification[]> {
  try {
    const list = await fetchNotifications(currentUserId(), params, signal);
    notificationsState.list = list;
    return list;
  } catch (error) {
    if (!isAbortError(error)) console.error(errorMessage(error));
    throw error;
  }
}

export async function markAsSeen(ids: number[], signal?: AbortSignal): Promise<void> {
  if (ids.length === 0) return;
  try {
    const answer = await markNotificationsSeen(ids, signal);
    if (!answer) return;
    const seen = new Set(ids);
    for (const notification of notificationsState.list) {
      if (seen.has(notification.id)) notification.seen = 1;
    }
    setUnseenCount(notificationsState.list.filter((notification) => notification.seen === 0).length);
  } catch (error) {
    if (!isAbortError(error)) console.error(errorMessage(error));
    throw error;
  }
}

/**
 * Polls the unseen count while the caller is mounted: at once, then every `intervalMs` (never more
 * often than every 30 s), and not at all after 3 minutes. Unmounting cancels the call in flight.
 */
export function useNotificationPolling(intervalMs: number = NOTIFICATION_POLL_MIN_MS): void {
  const userId = useAuth().user?.id ?? null;
  const period = Math.max(intervalMs, NOTIFICATION_POLL_MIN_MS);
  useEffect(() => {
    if (userId === null) return;
    const controller = new AbortController();
    void loadUnseenCount(controller.signal);
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
      // Counting ticks rather than racing a second timer makes "after 3 minutes" exact.
      if (ticks * period >= NOTIFICATION_POLL_STOP_MS) {
        clearInterval(timer);
        return;
      }
      void loadUnseenCount(controller.signal);
    }, period);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [userId, period]);
}

export function useUnseenCount(): number {
  return useSnapshot(notificationsState).unseenCount;
}

export function useNotificationList(): readonly Notification[] {
  return useSnapshot(notificationsState).list;
}

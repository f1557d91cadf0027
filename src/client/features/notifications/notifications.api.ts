import { NOTIFICATION_PATHS } from '../../../shared/api-paths.ts';
import type { Notification } from '../../../shared/contracts/notifications.ts';
import { getJson, postJson } from '../../lib/http.ts';
import type { QueryParams } from '../../lib/http.ts';

// Spec section 7: none of the notification calls is cached, and all can be cancelled.

export async function fetchUnseenCount(userId: number, signal?: AbortSignal): Promise<number> {
  const { count } = await getJson<{ count: number }>(NOTIFICATION_PATHS.unseenCount, {
    query: { user_id: userId },
    cache: false,
    signal,
  });
  return count;
}

export async function fetchNotifications(
  userId: number,
  params: QueryParams = {},
  signal?: AbortSignal,
): Promise<Notification[]> {
  const { data } = await getJson<{ data: Notification[] }>(NOTIFICATION_PATHS.list, {
    query: { ...params, user_id: userId },
    cache: false,
    signal,
  });
  return data;
}

/** Resolves with the server's raw answer: the spec treats any truthy answer as success. */
export function markNotificationsSeen(ids: number[], signal?: AbortSignal): Promise<unknown> {
  return postJson(NOTIFICATION_PATHS.markAsSeen, { ids }, { signal });
}

import {
  NOTIFICATION_PATHS,
  markAsSeenBodySchema,
  markAsSeenResponseSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  unseenCountResponseSchema,
} from '../../../shared/contracts/notifications.ts';
import { forbidden } from '../../plugins/errors.ts';
import type { Authed, Route } from '../../plugins/routes.ts';
import type { NotificationsService } from './notifications.service.ts';

/** The spec's calls carry user_id; a user reads only their own notifications. */
function ownUserId(auth: Authed, userId: number): number {
  if (auth.user.id !== userId) throw forbidden('You can only read your own notifications.');
  return userId;
}

export function notificationsRoutes(route: Route, notifications: NotificationsService): void {
  route({
    method: 'GET',
    url: NOTIFICATION_PATHS.list,
    access: 'user',
    summary: 'The own notifications, newest first',
    query: notificationsQuerySchema,
    response: notificationsResponseSchema,
    handler: async ({ query, auth }) => ({
      data: await notifications.list(ownUserId(auth, query.user_id), {
        seen: query.seen === undefined ? undefined : Number(query.seen),
        limit: query.limit,
      }),
    }),
  });
  route({
    method: 'GET',
    url: NOTIFICATION_PATHS.unseenCount,
    access: 'user',
    summary: 'How many of the own notifications are unseen',
    query: notificationsQuerySchema,
    response: unseenCountResponseSchema,
    handler: async ({ query, auth }) => ({
      count: await notifications.unseenCount(ownUserId(auth, query.user_id)),
    }),
  });
  route({
    method: 'POST',
    url: NOTIFICATION_PATHS.markAsSeen,
    access: 'user',
    summary: 'Mark own notifications as seen; ids of others are ignored',
    body: markAsSeenBodySchema,
    response: markAsSeenResponseSchema,
    handler: async ({ body, auth }) => ({ updated: await notifications.markSeen(auth.user.id, body.ids) }),
  });
}

import { idParamSchema } from '../../../shared/contracts/common.ts';
import {
  LIVE_PATHS,
  liveAfterQuerySchema,
  liveDetailResponseSchema,
  liveListResponseSchema,
  liveMessageBodySchema,
  liveMessageParamsSchema,
  liveMessageResponseSchema,
  liveMessagesResponseSchema,
} from '../../../shared/contracts/live.ts';
import type { Route } from '../../plugins/routes.ts';
import { eventStreamSink } from './stream-kit.ts';
import type { LiveService } from './live.service.ts';

/** Live discussions: the sessions a caller may join, each one's thread, and its event stream. */
export function liveRoutes(route: Route, live: LiveService): void {
  route({
    method: 'GET',
    url: LIVE_PATHS.list,
    access: 'user',
    summary: 'Published live discussions for the caller’s school (or every school): upcoming, live, past',
    response: liveListResponseSchema,
    handler: ({ auth }) => live.list(auth),
  });
  route({
    method: 'GET',
    url: LIVE_PATHS.one(':id'),
    access: 'user',
    summary: 'One live discussion with its thread’s latest messages (removed ones without their text)',
    params: idParamSchema,
    response: liveDetailResponseSchema,
    handler: ({ params, auth }) => live.get(auth, params.id),
  });
  route({
    method: 'GET',
    url: LIVE_PATHS.messages(':id'),
    access: 'user',
    summary: 'The messages after an id: what a reconnecting client missed',
    params: idParamSchema,
    query: liveAfterQuerySchema,
    response: liveMessagesResponseSchema,
    handler: async ({ params, query, auth }) => ({ data: await live.after(auth, params.id, query.after) }),
  });
  route({
    method: 'POST',
    url: LIVE_PATHS.messages(':id'),
    access: 'user',
    status: 201,
    summary:
      'Write in a live discussion (plain text; idempotent on client_id; while it is open; 30 a minute)',
    params: idParamSchema,
    body: liveMessageBodySchema,
    response: liveMessageResponseSchema,
    handler: async ({ params, body, auth }) => ({ message: await live.post(auth, params.id, body) }),
  });
  route({
    method: 'DELETE',
    url: LIVE_PATHS.message(':id', ':messageId'),
    access: 'user',
    summary: 'Remove a message (moderators: admins, teachers of a school the session is for)',
    params: liveMessageParamsSchema,
    handler: ({ params, auth }) => live.remove(auth, params.id, params.messageId),
  });
  route({
    method: 'GET',
    url: LIVE_PATHS.stream(':id'),
    access: 'user',
    summary:
      'Server-sent events: the messages after ?after= or Last-Event-ID, then new messages and removals live',
    params: idParamSchema,
    query: liveAfterQuerySchema,
    sendsReply: true,
    handler: async ({ params, query, auth, request, reply }) => {
      const attach = await live.openStream(auth, params.id);
      const lastEventId = Number(request.headers['last-event-id']);
      const after =
        Number.isInteger(lastEventId) && lastEventId > 0 && lastEventId <= 2_147_483_647
          ? Math.max(lastEventId, query.after)
          : query.after;
      const sink = eventStreamSink(reply);
      try {
        await attach(sink, after);
      } catch (err) {
        request.log.warn({ err }, 'live: a stream failed to start');
      }
    },
  });
}

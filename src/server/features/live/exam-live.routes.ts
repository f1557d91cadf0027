import { idParamSchema } from '../../../shared/contracts/common.ts';
import { EXAM_LIVE_PATHS, examLiveResponseSchema } from '../../../shared/contracts/exam-live.ts';
import { type Route, STAFF } from '../../plugins/routes.ts';
import type { ExamLiveService } from './exam-live.service.ts';
import { eventStreamSink } from './stream-kit.ts';

/** The live view of an exam in progress (staff who may follow the assessment), and its event stream. */
export function examLiveRoutes(route: Route, live: ExamLiveService): void {
  route({
    method: 'GET',
    url: EXAM_LIVE_PATHS.view(':id'),
    access: STAFF,
    summary:
      'Live view of an assessment: each student who may take it (a teacher: their schools’), their state, sync and time',
    params: idParamSchema,
    response: examLiveResponseSchema,
    handler: ({ params, auth }) => live.view(auth, params.id),
  });
  route({
    method: 'GET',
    url: EXAM_LIVE_PATHS.stream(':id'),
    access: STAFF,
    summary:
      'Server-sent events (Accept: text/event-stream): `ready`, then `rows` (students whose rows changed, about once a second); `end` once closed',
    params: idParamSchema,
    sendsReply: true,
    handler: async ({ params, auth, request, reply }) => {
      const accept = request.headers.accept ?? '';
      const attach = await live.openStream(auth, params.id, accept.includes('text/event-stream'));
      const sink = eventStreamSink(reply);
      try {
        await attach(sink);
      } catch (err) {
        request.log.warn({ err }, 'live view: a stream failed to start');
      }
    },
  });
}

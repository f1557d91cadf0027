import { idParamSchema } from '../../../shared/contracts/common.ts';
import {
  CONTENT_PATHS,
  contentBodySchema,
  contentItemParamsSchema,
  contentItemResponseSchema,
  contentKindParamsSchema,
  contentListQuerySchema,
  contentListResponseSchema,
  lectureResponseSchema,
  lecturesResponseSchema,
  readResponseSchema,
  topicFilterQuerySchema,
  videoProgressBodySchema,
  videoProgressResponseSchema,
  videoResponseSchema,
  videosResponseSchema,
} from '../../../shared/contracts/content.ts';
import { type Route, STAFF } from '../../plugins/routes.ts';
import type { ContentService } from './content.service.ts';

/**
 * Lectures, videos and live discussions: one back-office API by kind (only admins manage lectures; teachers
 * manage the other kinds for their own schools), and the reading side of lectures and videos.
 */
export function contentRoutes(route: Route, content: ContentService): void {
  route({
    method: 'GET',
    url: CONTENT_PATHS.admin(':kind'),
    access: STAFF,
    summary: 'Lectures, videos or live discussions to manage (a teacher: those of their schools)',
    params: contentKindParamsSchema,
    query: contentListQuerySchema,
    response: contentListResponseSchema,
    handler: ({ params, query, auth }) => content.list(auth, params.kind, query),
  });
  route({
    method: 'POST',
    url: CONTENT_PATHS.admin(':kind'),
    access: STAFF,
    status: 201,
    summary: 'Add a lecture (admins), video or live discussion',
    params: contentKindParamsSchema,
    body: contentBodySchema,
    response: contentItemResponseSchema,
    handler: async ({ params, body, auth }) => ({ item: await content.create(auth, params.kind, body) }),
  });
  route({
    method: 'GET',
    url: CONTENT_PATHS.adminOne(':kind', ':id'),
    access: STAFF,
    summary: 'One lecture, video or live discussion to edit',
    params: contentItemParamsSchema,
    response: contentItemResponseSchema,
    handler: async ({ params, auth }) => ({ item: await content.get(auth, params.kind, params.id) }),
  });
  route({
    method: 'PUT',
    url: CONTENT_PATHS.adminOne(':kind', ':id'),
    access: STAFF,
    summary: 'Change a lecture, video or live discussion',
    params: contentItemParamsSchema,
    body: contentBodySchema,
    response: contentItemResponseSchema,
    handler: async ({ params, body, auth }) => ({
      item: await content.update(auth, params.kind, params.id, body),
    }),
  });
  route({
    method: 'DELETE',
    url: CONTENT_PATHS.adminOne(':kind', ':id'),
    access: STAFF,
    summary: 'Delete a lecture, video or live discussion (with its progress records)',
    params: contentItemParamsSchema,
    handler: ({ params, auth }) => content.remove(auth, params.kind, params.id),
  });

  route({
    method: 'GET',
    url: CONTENT_PATHS.lectures,
    access: 'user',
    summary:
      'Published lectures for the caller’s school, by subject, sub topic or micro topic, with read state',
    query: topicFilterQuerySchema,
    response: lecturesResponseSchema,
    handler: async ({ query, auth }) => ({ data: await content.lectures(auth, query) }),
  });
  route({
    method: 'GET',
    url: CONTENT_PATHS.lecture(':id'),
    access: 'user',
    summary: 'One lecture to read: its text, attachments (signed links) and topics',
    params: idParamSchema,
    response: lectureResponseSchema,
    handler: async ({ params, auth }) => ({ lecture: await content.lecture(auth, params.id) }),
  });
  route({
    method: 'PUT',
    url: CONTENT_PATHS.lectureRead(':id'),
    access: 'user',
    summary: 'Mark a lecture read (idempotent: the first reading’s time stays)',
    params: idParamSchema,
    response: readResponseSchema,
    handler: ({ params, auth }) => content.markRead(auth, params.id),
  });
  route({
    method: 'GET',
    url: CONTENT_PATHS.videos,
    access: 'user',
    summary: 'Published videos for the caller’s school, with how much of each was watched',
    query: topicFilterQuerySchema,
    response: videosResponseSchema,
    handler: async ({ query, auth }) => ({ data: await content.videos(auth, query) }),
  });
  route({
    method: 'GET',
    url: CONTENT_PATHS.video(':id'),
    access: 'user',
    summary: 'One video to play: a signed address, the saved position and the watched intervals',
    params: idParamSchema,
    response: videoResponseSchema,
    handler: async ({ params, auth }) => ({ video: await content.video(auth, params.id) }),
  });
  route({
    method: 'PUT',
    url: CONTENT_PATHS.videoProgress(':id'),
    access: 'user',
    summary: 'Record where the player is and what was really played (merged; replays change nothing)',
    params: idParamSchema,
    body: videoProgressBodySchema,
    response: videoProgressResponseSchema,
    handler: async ({ params, body, auth }) => ({
      progress: await content.saveProgress(auth, params.id, body),
    }),
  });
}

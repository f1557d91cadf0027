import { idParamSchema } from '../../../shared/contracts/common.ts';
import {
  ANNOUNCEMENT_PATHS,
  announcementBodySchema,
  announcementResponseSchema,
  announcementsQuerySchema,
  announcementsResponseSchema,
  currentAnnouncementsResponseSchema,
} from '../../../shared/contracts/announcements.ts';
import { type Route, STAFF } from '../../plugins/routes.ts';
import type { AnnouncementsService } from './announcements.service.ts';

/** Staff write announcements in the back office; anyone signed in reads the current ones meant for them. */
export function announcementsRoutes(route: Route, announcements: AnnouncementsService): void {
  route({
    method: 'GET',
    url: ANNOUNCEMENT_PATHS.list,
    access: STAFF,
    summary: 'Announcements, latest publish time first: all (admin) or the own (teacher)',
    query: announcementsQuerySchema,
    response: announcementsResponseSchema,
    handler: ({ query, auth }) => announcements.list(auth, query),
  });
  route({
    method: 'POST',
    url: ANNOUNCEMENT_PATHS.list,
    access: STAFF,
    status: 201,
    summary: 'Write an announcement; published now (notifying its audience) or at publish_at',
    body: announcementBodySchema,
    response: announcementResponseSchema,
    handler: async ({ body, auth }) => ({ announcement: await announcements.create(auth, body) }),
  });
  route({
    method: 'GET',
    url: ANNOUNCEMENT_PATHS.one(':id'),
    access: STAFF,
    summary: 'One announcement (admin: any; teacher: the own)',
    params: idParamSchema,
    response: announcementResponseSchema,
    handler: async ({ params, auth }) => ({ announcement: await announcements.get(auth, params.id) }),
  });
  route({
    method: 'PUT',
    url: ANNOUNCEMENT_PATHS.one(':id'),
    access: STAFF,
    summary: 'Change an announcement; a published one is not notified again',
    params: idParamSchema,
    body: announcementBodySchema,
    response: announcementResponseSchema,
    handler: async ({ params, body, auth }) => ({
      announcement: await announcements.update(auth, params.id, body),
    }),
  });
  route({
    method: 'DELETE',
    url: ANNOUNCEMENT_PATHS.one(':id'),
    access: STAFF,
    summary: 'Delete an announcement (notifications already sent stay)',
    params: idParamSchema,
    handler: ({ params, auth }) => announcements.remove(auth, params.id),
  });
  route({
    method: 'GET',
    url: ANNOUNCEMENT_PATHS.current,
    access: 'user',
    summary: 'The published, unexpired announcements meant for the caller, newest first',
    response: currentAnnouncementsResponseSchema,
    handler: async ({ auth }) => ({ data: await announcements.current(auth) }),
  });
}

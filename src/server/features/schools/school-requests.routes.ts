import { idParamSchema } from '../../../shared/contracts/common.ts';
import {
  SCHOOL_REQUEST_PATHS,
  schoolRequestResponseSchema,
  schoolRequestsQuerySchema,
  schoolRequestsResponseSchema,
} from '../../../shared/contracts/school-requests.ts';
import { type Route, STAFF } from '../../plugins/routes.ts';
import type { SchoolRequestsService } from './school-requests.service.ts';

/** Requests to join a school: admins decide any, teachers only those for their own schools. */
export function schoolRequestsRoutes(route: Route, requests: SchoolRequestsService): void {
  route({
    method: 'GET',
    url: SCHOOL_REQUEST_PATHS.list,
    access: STAFF,
    summary: 'Requests to join or move to a school (teachers: their own schools), newest first',
    query: schoolRequestsQuerySchema,
    response: schoolRequestsResponseSchema,
    handler: ({ query, auth }) => requests.list(auth, query),
  });
  route({
    method: 'POST',
    url: SCHOOL_REQUEST_PATHS.approve(':id'),
    access: STAFF,
    summary: 'Approve a request: the student moves into the school and is told so',
    params: idParamSchema,
    response: schoolRequestResponseSchema,
    handler: async ({ params, auth }) => ({ request: await requests.approve(auth, params.id) }),
  });
  route({
    method: 'POST',
    url: SCHOOL_REQUEST_PATHS.deny(':id'),
    access: STAFF,
    summary: 'Deny a request: the student stays where they are and is told so',
    params: idParamSchema,
    response: schoolRequestResponseSchema,
    handler: async ({ params, auth }) => ({ request: await requests.deny(auth, params.id) }),
  });
}

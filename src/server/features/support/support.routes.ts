import { idParamSchema } from '../../../shared/contracts/common.ts';
import {
  SUPPORT_PATHS,
  createTicketBodySchema,
  ticketMessageBodySchema,
  ticketResponseSchema,
  ticketStatusBodySchema,
  ticketsQuerySchema,
  ticketsResponseSchema,
} from '../../../shared/contracts/support.ts';
import { type Route, STAFF } from '../../plugins/routes.ts';
import type { SupportService } from './support.service.ts';

/** Support requests: anyone signed in opens and follows their own; staff answer those of their reach. */
export function supportRoutes(route: Route, support: SupportService): void {
  route({
    method: 'POST',
    url: SUPPORT_PATHS.tickets,
    access: 'user',
    status: 201,
    summary: 'Open a support request with its first message (10 a day per user)',
    body: createTicketBodySchema,
    response: ticketResponseSchema,
    handler: async ({ body, auth }) => ({ ticket: await support.create(auth, body) }),
  });
  route({
    method: 'GET',
    url: SUPPORT_PATHS.tickets,
    access: 'user',
    summary: 'Support requests, most recently active first: the own; staff also those they answer',
    query: ticketsQuerySchema,
    response: ticketsResponseSchema,
    handler: ({ query, auth }) => support.list(auth, query),
  });
  route({
    method: 'GET',
    url: SUPPORT_PATHS.ticket(':id'),
    access: 'user',
    summary: 'One support request with its conversation (the owner, or staff who answer it)',
    params: idParamSchema,
    response: ticketResponseSchema,
    handler: async ({ params, auth }) => ({ ticket: await support.get(auth, params.id) }),
  });
  route({
    method: 'POST',
    url: SUPPORT_PATHS.messages(':id'),
    access: 'user',
    status: 201,
    summary: 'Write on a support request; a staff reply notifies and e-mails the owner',
    params: idParamSchema,
    body: ticketMessageBodySchema,
    response: ticketResponseSchema,
    handler: async ({ params, body, auth }) => ({ ticket: await support.reply(auth, params.id, body) }),
  });
  route({
    method: 'PUT',
    url: SUPPORT_PATHS.status(':id'),
    access: STAFF,
    summary: 'Close or reopen a support request (staff who answer it)',
    params: idParamSchema,
    body: ticketStatusBodySchema,
    response: ticketResponseSchema,
    handler: async ({ params, body, auth }) => ({ ticket: await support.setStatus(auth, params.id, body) }),
  });
}

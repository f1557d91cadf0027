import {
  SUPPORT_PATHS,
  ticketResponseSchema,
  ticketsResponseSchema,
  type CreateTicketBody,
  type SupportStatus,
  type SupportTicket,
  type SupportTicketDetail,
} from '../../../shared/contracts/support.ts';
import { getJson, postJson, putJson } from '../../lib/http.ts';

export type TicketPage = { data: SupportTicket[]; total: number };

// A conversation: someone may have answered a minute ago, so none of these come from the 5-minute cache.

export async function fetchTickets(
  query: { status?: SupportStatus; search?: string; perPage: number },
  signal?: AbortSignal,
): Promise<TicketPage> {
  const { data, meta } = await getJson(SUPPORT_PATHS.tickets, {
    query: { status: query.status, search: query.search || undefined, per_page: query.perPage },
    signal,
    schema: ticketsResponseSchema,
    cache: false,
  });
  return { data, total: meta.total };
}

export async function fetchTicket(id: number, signal?: AbortSignal): Promise<SupportTicketDetail> {
  return (await getJson(SUPPORT_PATHS.ticket(id), { signal, schema: ticketResponseSchema, cache: false }))
    .ticket;
}

export async function openTicket(body: CreateTicketBody): Promise<SupportTicketDetail> {
  return (await postJson(SUPPORT_PATHS.tickets, body, { schema: ticketResponseSchema })).ticket;
}

export async function replyToTicket(id: number, message: string): Promise<SupportTicketDetail> {
  return (await postJson(SUPPORT_PATHS.messages(id), { message }, { schema: ticketResponseSchema })).ticket;
}

export async function setTicketStatus(id: number, status: 'open' | 'closed'): Promise<SupportTicketDetail> {
  return (await putJson(SUPPORT_PATHS.status(id), { status }, { schema: ticketResponseSchema })).ticket;
}

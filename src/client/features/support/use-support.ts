import { useCallback } from 'react';
import type { SupportStatus, SupportTicketDetail } from '../../../shared/contracts/support.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchTicket, fetchTickets } from './support.api.ts';
import type { TicketPage } from './support.api.ts';

/** More than this is a backlog: the list says how many there are and the filters narrow it. */
export const TICKETS_SHOWN = 50;

/** The caller's tickets (staff: every ticket they answer), most recently active first. */
export function useTickets(filter: { status?: SupportStatus; search?: string }): LoadState<TicketPage> {
  const { status, search } = filter;
  const load = useCallback(
    (signal: AbortSignal) => fetchTickets({ status, search, perPage: TICKETS_SHOWN }, signal),
    [status, search],
  );
  return useLoad(load);
}

/** One ticket with its conversation; null loads nothing. */
export function useTicket(id: number | null): LoadState<SupportTicketDetail> {
  const load = useCallback((signal: AbortSignal) => fetchTicket(id!, signal), [id]);
  return useLoad(id === null ? null : load);
}

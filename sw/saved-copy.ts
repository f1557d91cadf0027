import type { WorkboxPlugin } from 'workbox-core';
import { NETWORK_FIRST_MODE, SAVED_COPY_HEADER } from '../src/shared/fresh-reads.ts';

// The worker's copies of /api GETs are kept a week for the train, and may answer only when the network
// cannot (or when the page did not ask for fresh data); each says so, so the page shows it as saved earlier
// and never keeps it in its 5-minute cache as fresh (src/shared/fresh-reads.ts).

/** The page asks for the network first: its own 5-minute cache had nothing fresh (lib/http.ts getJson). */
export function asksNetworkFirst(request: Request): boolean {
  return request.cache === NETWORK_FIRST_MODE;
}

/** `response` as a copy saved earlier: the same body, with SAVED_COPY_HEADER naming when it was produced. */
export function asSavedCopy(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(SAVED_COPY_HEADER, headers.get('Date') ?? 'saved');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Marks every answer a strategy takes from its cache; the network's answers pass unmarked. */
export const markSavedCopies: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse ? asSavedCopy(cachedResponse) : cachedResponse,
};

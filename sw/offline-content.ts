import type { RouteHandlerCallback, RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core';
import type { Strategy } from 'workbox-strategies';
import {
  isFileBytesPath,
  OFFLINE_CACHE_NAME,
  OFFLINE_SESSION_PATH,
  offlineCacheKey,
  parseByteRange,
  sessionDigest,
} from '../src/shared/offline-content-keys.ts';
import type { OfflineSession } from '../src/shared/offline-content-keys.ts';
import { asSavedCopy } from './saved-copy.ts';

/**
 * Items a student made "available offline" (src/client/lib/offline-content.ts stores them in
 * OFFLINE_CACHE_NAME). The worker answers from that cache — file bytes at once, API answers when the
 * network fails — but only to the session the page registered, never to the next person on the device.
 */

function isSession(value: unknown): value is OfflineSession {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.userId === 'number' && typeof v.digest === 'string';
}

/** Whose saved items `request` may be answered from: none without a session, or with another session's token. */
async function offlineUserOf(request: Request): Promise<number | null> {
  if (!(await caches.has(OFFLINE_CACHE_NAME))) return null;
  const cache = await caches.open(OFFLINE_CACHE_NAME);
  const entry = await cache.match(new URL(OFFLINE_SESSION_PATH, self.location.origin).href);
  if (!entry) return null;
  const session: unknown = await entry.json().catch(() => null);
  if (!isSession(session)) return null;
  // A signed file URL carries no token (a <video>, pdf.js): the registered session is the one on screen.
  const authorization = request.headers.get('Authorization');
  if (authorization !== null && (await sessionDigest(authorization)) !== session.digest) return null;
  return session.userId;
}

/** A 206 for the part a Range request asks of a saved whole body (a video seeking offline). */
async function partOf(saved: Response, rangeHeader: string): Promise<Response> {
  const body = await saved.blob();
  const range = parseByteRange(rangeHeader, body.size);
  const headers = new Headers(saved.headers);
  if (range === null) {
    headers.set('Content-Length', String(body.size));
    return new Response(body, { status: 200, headers });
  }
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${body.size}` } });
  }
  const part = body.slice(range.start, range.end + 1);
  headers.set('Content-Range', `bytes ${range.start}-${range.end}/${body.size}`);
  headers.set('Content-Length', String(part.size));
  return new Response(part, { status: 206, statusText: 'Partial Content', headers });
}

/** The saved copy that answers `request` for its session, if there is one. */
export async function matchOffline(request: Request): Promise<Response | undefined> {
  try {
    const userId = await offlineUserOf(request);
    if (userId === null) return undefined;
    const cache = await caches.open(OFFLINE_CACHE_NAME);
    const saved = await cache.match(offlineCacheKey(request.url, userId));
    if (!saved) return undefined;
    const range = request.headers.get('Range');
    return range ? await partOf(saved, range) : saved;
  } catch {
    // A broken offline cache costs only the network's answer.
    return undefined;
  }
}

/** Logout: nobody is served saved items until the next sign-in registers again. The items stay. */
export async function forgetOfflineSession(): Promise<void> {
  if (!(await caches.has(OFFLINE_CACHE_NAME))) return;
  const cache = await caches.open(OFFLINE_CACHE_NAME);
  await cache.delete(new URL(OFFLINE_SESSION_PATH, self.location.origin).href);
}

/** GET `/api/files/12` (signed or with the token): its bytes never change, so a saved copy answers first. */
export function isFileBytesRequest(url: URL, request: Request): boolean {
  return (
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    isFileBytesPath(url.pathname) &&
    // The page asked for the network itself (saving an item fetches with no-store).
    request.cache !== 'no-store' &&
    request.cache !== 'reload'
  );
}

/** Cache first from the saved items, else `fallback` exactly as before. */
export function savedFileFirst(fallback: Strategy): RouteHandlerCallback {
  return async (options: RouteHandlerCallbackOptions) => {
    const request = options.request instanceof Request ? options.request : new Request(options.request);
    return (await matchOffline(request)) ?? fallback.handle({ event: options.event, request });
  };
}

/**
 * For the API's stale-while-revalidate route: when neither the network nor its own cache (7 days, 500
 * entries) can answer, a saved lecture or video answer still does, however old.
 */
export const savedAnswerOnFailure: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const saved = await matchOffline(request);
    // Old data like the worker's own copies: the page shows it as saved earlier, never as fresh.
    return saved ? asSavedCopy(saved) : undefined;
  },
};

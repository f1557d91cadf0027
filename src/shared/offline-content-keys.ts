import { API_BASE } from './constants.ts';

/**
 * "Available offline" (issue 8 item 5): what the page stores and what the service worker answers from,
 * named once so both sides agree. Shared with the worker, so: no zod, no DOM beyond URL and crypto.
 */

/** A cache of its own: the worker's cleanup of outdated precaches and the logout purge never touch it. */
export const OFFLINE_CACHE_NAME = 'pb-offline-v1';

/** Entries are per user: the same saved lecture is kept once per person who saved it. */
export const OFFLINE_USER_PARAM = '__pb_offline_user';

// The per-user API cache's own marker (sw/api-cache-key.ts): never part of what a screen asked for.
const SW_USER_PARAM = '__sw_user';

/**
 * Who may be served saved items right now. The page writes it (user id and a digest of its bearer token);
 * the worker deletes it on logout, so the next person on a shared tablet is never served someone else's
 * saved items, while the items themselves stay for their owner's next sign-in.
 */
export const OFFLINE_SESSION_PATH = '/__pb_offline/session';

export interface OfflineSession {
  userId: number;
  /** sessionDigest(`Bearer ${token}`) of the session that wrote it. */
  digest: string;
}

const FILE_BYTES = new RegExp(`^${API_BASE}/files/\\d+$`);

/** `/api/files/12`: a file's bytes, which never change for one id. */
export function isFileBytesPath(pathname: string): boolean {
  return FILE_BYTES.test(pathname);
}

/**
 * The key an offline copy of `url` is stored under for `userId`. A file's signature (`?expires=&signature=`)
 * changes every few hours while its bytes never do, so a file URL loses its query; an API answer keeps
 * path and query (sorted, so `?a=1&b=2` and `?b=2&a=1` are one answer).
 */
export function offlineCacheKey(url: string | URL, userId: number, base?: string): string {
  const source = new URL(url, base);
  const key = new URL(source.origin + source.pathname);
  if (!isFileBytesPath(source.pathname)) {
    // forEach, not spreading: the worker's library has no iterable URLSearchParams.
    const params: Array<[string, string]> = [];
    source.searchParams.forEach((value, name) => {
      if (name !== SW_USER_PARAM && name !== OFFLINE_USER_PARAM) params.push([name, value]);
    });
    params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [name, value] of params) key.searchParams.append(name, value);
  }
  key.searchParams.set(OFFLINE_USER_PARAM, String(userId));
  return key.href;
}

/** A short, one-way name for a bearer token, as the worker's API cache uses (sw/api-cache-key.ts). */
export async function sessionDigest(authorization: string): Promise<string> {
  const bytes = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization)),
  );
  return Array.from(bytes.subarray(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * The single range a `Range: bytes=…` header asks of a body of `size` bytes: null when it is not a
 * byte range we serve (several ranges, another unit: the whole body is answered), 'unsatisfiable' for 416.
 */
export function parseByteRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

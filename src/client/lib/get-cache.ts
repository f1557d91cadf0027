import { clear, createStore, delMany, del, entries, get, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import { GET_CACHE_TTL_MS } from '../../shared/constants.ts';
import { affectedResources, readsUnder, resourcePrefix } from '../../shared/fresh-reads.ts';

// The spec's 5-minute GET cache, kept in IndexedDB so it survives reloads and flaky Wi-Fi. Entries are
// keyed by user as well as URL: two people sharing a classroom tablet must never see each other's data.

interface CacheEntry {
  url: string;
  storedAt: number;
  /** When the server produced `data` (its Date header), if known; older entries lack it. */
  producedAt?: number;
  data: unknown;
}

export interface CachedBody {
  data: unknown;
  /** When the server produced the body: its Date header if it was known, else when it was stored. */
  producedAt: number;
}

let store: UseStore | null = null;
function cacheStore(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  store ??= createStore('pathbuilder-get-cache', 'responses');
  return store;
}

let now: () => number = () => Date.now();
/** Lets tests move time without faking the timers IndexedDB itself relies on. */
export function setCacheClock(clock: () => number): void {
  now = clock;
}

function cacheKey(url: string, userId: number | null): string {
  return `${userId ?? 'guest'} ${url}`;
}

/** The cached body of `url` for `userId`, or undefined when absent or older than GET_CACHE_TTL_MS. */
export async function readCached(url: string, userId: number | null): Promise<unknown> {
  return (await readCachedEntry(url, userId))?.data;
}

/** Like readCached, with the time the server produced the body. */
export async function readCachedEntry(url: string, userId: number | null): Promise<CachedBody | undefined> {
  const db = cacheStore();
  if (!db) return undefined;
  const key = cacheKey(url, userId);
  try {
    const entry = await get<CacheEntry>(key, db);
    if (!entry) return undefined;
    if (now() - entry.storedAt < GET_CACHE_TTL_MS)
      return { data: entry.data, producedAt: Math.min(entry.producedAt ?? entry.storedAt, entry.storedAt) };
    await del(key, db);
  } catch {
    // A broken cache must only cost a network round trip.
  }
  return undefined;
}

/** `producedAt` is when the server produced `data` (its Date header); without it, now. */
export async function writeCached(
  url: string,
  userId: number | null,
  data: unknown,
  producedAt?: number,
): Promise<void> {
  const db = cacheStore();
  if (!db) return;
  try {
    await set(cacheKey(url, userId), { url, storedAt: now(), producedAt, data } satisfies CacheEntry, db);
  } catch {
    // Same as above: caching is an optimisation.
  }
}

export { resourcePrefix };

function pathOf(url: string, base: string): string {
  const withoutBase = url.startsWith(base) ? url.slice(base.length) : url;
  return withoutBase.startsWith('/') ? withoutBase : `/${withoutBase}`;
}

/**
 * Drops every cached GET (of every user) that a write to `path` may have changed: those under its own
 * resource and under the resources it also moves (shared/fresh-reads.ts: a lecture read shows in /my).
 */
export async function invalidateResource(path: string, base: string): Promise<void> {
  const db = cacheStore();
  if (!db) return;
  const prefixes = affectedResources(path);
  try {
    const all = await entries<string, CacheEntry>(db);
    const stale = all
      .filter(([, entry]) => readsUnder(pathOf(entry.url, base), prefixes))
      .map(([key]) => key);
    if (stale.length > 0) await delMany(stale, db);
  } catch {
    // If the cache cannot be read it cannot serve stale data either.
  }
}

export async function clearGetCache(): Promise<void> {
  const db = cacheStore();
  if (!db) return;
  try {
    await clear(db);
  } catch {
    // Nothing more to do; logout proceeds.
  }
}

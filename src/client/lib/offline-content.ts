import { createStore, del, entries, get, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import {
  OFFLINE_CACHE_NAME,
  OFFLINE_SESSION_PATH,
  offlineCacheKey,
  sessionDigest,
} from '../../shared/offline-content-keys.ts';
import type { OfflineSession } from '../../shared/offline-content-keys.ts';
import { currentToken, currentUserId, onAuthChange } from './auth-source.ts';
import { userMessage } from './user-message.ts';

/**
 * "Available offline" (issue 8 item 5): a lecture, video or file a student keeps on the device. The bytes
 * go into a Cache Storage cache of their own (the service worker answers from it: sw/offline-content.ts);
 * the index of what is saved, how big and since when lives in IndexedDB.
 */
export interface OfflineItem {
  /** 'file:12' | 'lecture:3' | 'video:5' */
  key: string;
  kind: 'file' | 'lecture' | 'video';
  title: string;
  /** Same-origin URLs to keep: API JSON GETs and file URLs (which may carry ?expires=&signature=). */
  urls: string[];
  /** The in-app route that opens it. */
  openPath: string;
}

/**
 * The keys items are saved under (the video, lecture and file pages save under these same forms), for the
 * lists that badge what is saved.
 */
export const offlineKeys = {
  video: (id: number) => `video:${id}`,
  lecture: (id: number) => `lecture:${id}`,
  /** A resource (its id, not its file's). */
  file: (resourceId: number) => `file:${resourceId}`,
} as const;

export interface SavedOfflineItem extends OfflineItem {
  bytes: number;
  saved_at: string;
}

interface IndexRecord extends SavedOfflineItem {
  userId: number;
  /** What this item put in the cache; another item of the same person may share some (an attachment). */
  cacheKeys: string[];
}

let store: UseStore | null = null;
function indexStore(): UseStore {
  store ??= createStore('pathbuilder-offline', 'items');
  return store;
}

const recordKey = (userId: number, key: string) => `${userId} ${key}`;

function cacheStorage(): CacheStorage {
  if (typeof caches === 'undefined') throw new Error('This browser cannot keep items for offline use.');
  return caches;
}

function signedIn(): { userId: number; token: string } {
  const userId = currentUserId();
  const token = currentToken();
  if (userId === null || !token) throw new Error('Log in to keep items for offline use.');
  return { userId, token };
}

const sessionUrl = () => new URL(OFFLINE_SESSION_PATH, window.location.origin).href;

async function writeSession(userId: number | null, token: string | null): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(OFFLINE_CACHE_NAME);
    if (userId === null || !token) {
      await cache.delete(sessionUrl());
      return;
    }
    const session: OfflineSession = { userId, digest: await sessionDigest(`Bearer ${token}`) };
    // Not Response.json(): older phone browsers lack it.
    await cache.put(
      sessionUrl(),
      new Response(JSON.stringify(session), { headers: { 'Content-Type': 'application/json' } }),
    );
  } catch {
    // Without the entry, saved items only wait for the next time; nothing else depends on it.
  }
}

let registered: { session: string; done: Promise<void> } | null = null;

/**
 * Tells the service worker whose saved items it may serve: this session's user. Written at every sign-in
 * (and whenever this module is used); logging out removes it, here and in the worker (CLEAR_API_CACHE).
 * Once per session: every button of a list asks.
 */
export function registerOfflineSession(): Promise<void> {
  const userId = currentUserId();
  const token = currentToken();
  const session = userId !== null && token ? `${userId} ${token}` : '';
  if (registered?.session !== session) registered = { session, done: writeSession(userId, token) };
  return registered.done;
}

void registerOfflineSession();
onAuthChange(() => void registerOfflineSession());

const listeners = new Set<() => void>();
/** Runs `listener` whenever an item is saved or removed (every button and the Settings card stay in step). */
export function onOfflineChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((listener) => listener());

async function recordsOf(userId: number): Promise<IndexRecord[]> {
  const all = await entries<string, IndexRecord>(indexStore());
  return all.map(([, record]) => record).filter((record) => record.userId === userId);
}

/** The failure in words a student can act on. */
export function offlineErrorMessage(error: unknown): string {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'QuotaExceededError')
    return 'There is not enough space on this device. Remove other offline items in Settings and try again.';
  if (error instanceof TypeError) return 'No connection. Connect to the internet and try again.';
  return userMessage(error, { fallback: 'It could not be saved for offline use.' });
}

function failureOf(status: number): Error {
  if (status === 401 || status === 403) return new Error('You no longer have access to this item.');
  if (status === 404) return new Error('This item is no longer available.');
  return new Error(`The server could not send it (${status}). Try again later.`);
}

/** Fetches one URL and stores it under its offline key; returns its size in bytes. */
async function keepOne(
  cache: Cache,
  url: string,
  cacheKey: string,
  token: string,
  onBytes: (bytes: number) => void,
): Promise<number> {
  const absolute = new URL(url, window.location.origin);
  // A signed file URL needs no session (and must work the same when the worker replays it).
  const headers: HeadersInit = absolute.searchParams.has('signature')
    ? {}
    : { Authorization: `Bearer ${token}` };
  // no-store: fresh from the server, and not a second copy in the worker's API cache.
  const response = await fetch(absolute.href, { headers, cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw failureOf(response.status);
  let bytes = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      onBytes(bytes);
      controller.enqueue(chunk);
    },
  });
  const kept = new Headers(response.headers);
  // The body is stored decoded, so its transfer encoding and length no longer describe it.
  kept.delete('Content-Encoding');
  kept.delete('Content-Length');
  kept.set('Accept-Ranges', 'bytes');
  kept.set('X-Offline-Saved-At', new Date().toISOString());
  const body = response.body ? response.body.pipeThrough(counter) : null;
  await cache.put(cacheKey, new Response(body, { status: 200, headers: kept }));
  return bytes;
}

async function askForPersistence(): Promise<void> {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted()))
      await navigator.storage.persist();
  } catch {
    // The browser may refuse; the items are still kept, only less firmly.
  }
}

/**
 * Keeps every URL of `item` on the device for the signed-in user. All or nothing: a failure removes what this
 * call stored. `onProgress` hears the bytes received so far.
 */
export async function makeAvailableOffline(
  item: OfflineItem,
  onProgress?: (bytesSoFar: number) => void,
): Promise<{ bytes: number }> {
  const { userId, token } = signedIn();
  const cache = await cacheStorage().open(OFFLINE_CACHE_NAME);
  const records = await recordsOf(userId);
  // The first item saved asks the browser to keep this site's storage under pressure.
  if (records.length === 0) await askForPersistence();
  await registerOfflineSession();
  // On a failure, what other items (or an earlier save of this one) keep stays.
  const shared = new Set(records.flatMap((record) => record.cacheKeys));
  // One fetch per key: two URLs of one file (signed at different times) are one copy.
  const targets = new Map<string, string>();
  for (const url of item.urls) {
    const cacheKey = offlineCacheKey(url, userId, window.location.origin);
    if (!targets.has(cacheKey)) targets.set(cacheKey, url);
  }
  const cacheKeys = [...targets.keys()];
  const stored: string[] = [];
  let done = 0;
  try {
    for (const [cacheKey, url] of targets) {
      done += await keepOne(cache, url, cacheKey, token, (bytes) => onProgress?.(done + bytes));
      stored.push(cacheKey);
    }
  } catch (error) {
    await Promise.all(stored.filter((key) => !shared.has(key)).map((key) => cache.delete(key)));
    throw error;
  }
  const record: IndexRecord = {
    key: item.key,
    kind: item.kind,
    title: item.title,
    urls: item.urls,
    openPath: item.openPath,
    bytes: done,
    saved_at: new Date().toISOString(),
    userId,
    cacheKeys,
  };
  await set(recordKey(userId, item.key), record, indexStore());
  changed();
  return { bytes: done };
}

/** Removes one saved item of the signed-in user (bytes another of their items still uses stay). */
export async function removeOffline(key: string): Promise<void> {
  const { userId } = signedIn();
  const record = await get<IndexRecord>(recordKey(userId, key), indexStore());
  if (record) {
    const others = (await recordsOf(userId)).filter((other) => other.key !== key);
    const shared = new Set(others.flatMap((other) => other.cacheKeys));
    const cache = await cacheStorage().open(OFFLINE_CACHE_NAME);
    await Promise.all(record.cacheKeys.filter((k) => !shared.has(k)).map((k) => cache.delete(k)));
    await del(recordKey(userId, key), indexStore());
  }
  changed();
}

function toSaved(record: IndexRecord): SavedOfflineItem {
  const { key, kind, title, urls, openPath, bytes, saved_at } = record;
  return { key, kind, title, urls, openPath, bytes, saved_at };
}

/** The signed-in user's saved items, newest first (none when signed out). */
export async function listOffline(): Promise<SavedOfflineItem[]> {
  const userId = currentUserId();
  if (userId === null) return [];
  // What is listed as available must also be what the worker serves: this session is registered first.
  await registerOfflineSession();
  const records = await recordsOf(userId);
  records.sort((a, b) => (a.saved_at < b.saved_at ? 1 : a.saved_at > b.saved_at ? -1 : 0));
  return records.map(toSaved);
}

/** One saved item of the signed-in user, if saved. */
export async function findOffline(key: string): Promise<SavedOfflineItem | null> {
  const userId = currentUserId();
  if (userId === null) return null;
  await registerOfflineSession();
  const record = await get<IndexRecord>(recordKey(userId, key), indexStore());
  return record ? toSaved(record) : null;
}

/** What this site uses and may use on the device (navigator.storage.estimate()), when the browser says. */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate || estimate.quota === undefined) return null;
    return { usage: estimate.usage ?? 0, quota: estimate.quota };
  } catch {
    return null;
  }
}

/** "12 B", "512 KB", "3.2 MB", "1.4 GB" (1 KB = 1024 B, as file managers show). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

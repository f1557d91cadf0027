import { createStore, promisifyRequest, update, values } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import { ApiError, isAbortError, postJson, putJson, userMessage } from './http.ts';
import { holdReads } from './read-after-write.ts';

// Writes that must not be lost (quiz answers, submissions) wait here, in IndexedDB, until the server has
// them (DESIGN.md section 5). Each write carries what the server needs to apply it once: the client's own
// ids and the time it was made, so sending it twice, or late, changes nothing.

export type OutboxMeta = Readonly<Record<string, string | number | boolean | null>>;

export interface OutboxWrite {
  /** One pending write per key: a newer write with the same key replaces the older one. */
  key: string;
  method: 'PUT' | 'POST';
  path: string;
  body: object;
  /** ISO time the write was made; a write never replaces a pending one with a later version. */
  version: string;
  /** What the feature needs to react to the outcome (attempt id, question id, ...). */
  meta: OutboxMeta;
}

export interface OutboxEntry extends OutboxWrite {
  /** Tells this write apart from a later one under the same key. */
  id: string;
  /** Sending order: writes go out in the order they were made. */
  seq: number;
  userId: number | null;
}

export type OutboxEvent =
  | { type: 'sent'; entry: OutboxEntry; response: unknown }
  | { type: 'rejected'; entry: OutboxEntry; status: number; message: string };

export interface OutboxSnapshot {
  entries: readonly OutboxEntry[];
  /** The last attempt to send failed for want of a network (or server); cleared by the next success. */
  unreachable: boolean;
}

export interface DrainResult {
  sent: number;
  rejected: number;
  /** Entries still waiting (network down, signed out, or another person's writes). */
  waiting: number;
}

// The server refused these for good: retrying would get the same answer.
const FINAL_STATUSES = new Set([400, 403, 404, 409, 410, 422]);

let store: UseStore | null = null;
function outboxStore(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  store ??= createStore('pathbuilder-outbox', 'writes');
  return store;
}

let currentUser: () => number | null = () => null;
/** The longest wait between two tries while the server cannot be reached; 0 turns retrying off. */
let retryMs = 15_000;
const FIRST_RETRY_MS = 1_000;
/**
 * A send not answered by then is abandoned and counts as a network failure (DESIGN.md section 5: classroom
 * Wi-Fi often says "online" while nothing gets through). Shorter than the HTTP client's 30 s: a save is small,
 * and a student waiting on "Saving…" should see it retried, not stuck. The entry stays queued; sending it
 * again is safe, the server applies a write once by its ids.
 */
let sendTimeoutMs = 20_000;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let lastSeq = 0;
let snapshot: OutboxSnapshot = { entries: [], unreachable: false };
const snapshotListeners = new Set<() => void>();
const eventListeners = new Set<(event: OutboxEvent) => void>();

function newId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function nextSeq(): number {
  lastSeq = Math.max(Date.now(), lastSeq + 1);
  return lastSeq;
}

function sortEntries(list: OutboxEntry[]): OutboxEntry[] {
  return list.sort((a, b) => a.seq - b.seq);
}

function publish(next: Partial<OutboxSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  snapshotListeners.forEach((listener) => listener());
}

async function readAll(): Promise<OutboxEntry[]> {
  const db = outboxStore();
  if (!db) return [];
  const all = sortEntries(await values<OutboxEntry>(db));
  lastSeq = Math.max(lastSeq, ...all.map((e) => e.seq));
  return all;
}

async function refreshSnapshot(): Promise<OutboxEntry[]> {
  const all = await readAll();
  publish({ entries: all });
  return all;
}

/** Deletes the entry only if it is still the one that was sent: a newer write may have replaced it meanwhile. */
async function removeIfSame(entry: OutboxEntry): Promise<void> {
  const db = outboxStore();
  if (!db) return;
  await db('readwrite', (objects) => {
    const request = objects.get(entry.key);
    request.onsuccess = () => {
      if ((request.result as OutboxEntry | undefined)?.id === entry.id) objects.delete(entry.key);
    };
    return promisifyRequest(objects.transaction);
  });
}

/** The feature that owns the session tells the outbox whose writes may be sent now. */
export function configureOutbox(options: {
  currentUserId: () => number | null;
  /** The longest wait between retries (they start at one second and double). */
  retryMs?: number;
  /** How long one send may go unanswered before it is abandoned and retried (tests shorten it). */
  sendTimeoutMs?: number;
}): void {
  currentUser = options.currentUserId;
  if (options.retryMs !== undefined) retryMs = options.retryMs;
  if (options.sendTimeoutMs !== undefined) sendTimeoutMs = options.sendTimeoutMs;
  void drain();
}

/**
 * What a write's body becomes as it is sent, given the writes still waiting behind it (a feature adds what only
 * the moment of sending knows: the quiz tells the server how many answers are still on the device).
 */
type BodyAtSend = (entry: OutboxEntry, behind: readonly OutboxEntry[]) => object;
let bodyAtSend: BodyAtSend = (entry) => entry.body;
export function setBodyAtSend(decorate: BodyAtSend): void {
  bodyAtSend = decorate;
}

/** Stores the write first, then tries to send it. Resolves once it is safely in IndexedDB. */
export function enqueue(write: OutboxWrite): Promise<void> {
  const stored = storeWrite(write);
  // A read of what this write changes (the Videos list after watching) waits for the drain that sends it.
  void holdReads(
    write.path,
    stored.then(() => drain()),
  );
  return stored;
}

async function storeWrite(write: OutboxWrite): Promise<void> {
  const db = outboxStore();
  const entry: OutboxEntry = { ...write, id: newId(), seq: nextSeq(), userId: currentUser() };
  // Counted as waiting at once, before IndexedDB has it: "All answers saved" never shows while it is on its way.
  publish({ entries: sortEntries([...snapshot.entries.filter((e) => e.key !== write.key), entry]) });
  try {
    if (!db) throw new Error('IndexedDB is not available.');
    await update<OutboxEntry>(write.key, (old) => (old && old.version > write.version ? old : entry), db);
  } catch {
    // No usable IndexedDB (locked-down browser, full disk): send directly, as an app without an outbox would.
    await send(entry).catch(() => undefined);
    publish({ entries: snapshot.entries.filter((e) => e.id !== entry.id) });
    return;
  }
  await refreshSnapshot().catch(() => undefined);
}

export async function pendingEntries(filter?: (entry: OutboxEntry) => boolean): Promise<OutboxEntry[]> {
  const all = await readAll();
  return filter ? all.filter(filter) : all;
}

/**
 * Sends one entry, giving up after `sendTimeoutMs` with a TimeoutError: the request is aborted (the browser
 * drops the connection) and the drain stops waiting even if the abort is never heard.
 */
async function send(entry: OutboxEntry, body: object = entry.body): Promise<unknown> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new DOMException('The server did not answer in time.', 'TimeoutError');
      controller.abort(error);
      reject(error);
    }, sendTimeoutMs);
  });
  const options = { signal: controller.signal };
  const call =
    entry.method === 'PUT' ? putJson(entry.path, body, options) : postJson(entry.path, body, options);
  // The loser of the race below settles later (aborted): nobody waits for it any more.
  call.catch(() => undefined);
  try {
    return await Promise.race([call, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

function emit(event: OutboxEvent): void {
  for (const listener of eventListeners) {
    try {
      listener(event);
    } catch (error) {
      // One screen's failing reaction must not stop the writes of everyone else.
      console.error(error);
    }
  }
}

function scheduleRetry(): void {
  if (retryMs <= 0 || retryTimer !== null) return;
  // Soon at first (the 'online' event can come a moment before the network really works), then less often.
  const wait = Math.min(retryMs, FIRST_RETRY_MS * 2 ** failures);
  failures += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void drain();
  }, wait);
}

async function drainOnce(): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, rejected: 0, waiting: 0 };
  const user = currentUser();
  const all = await readAll();
  // Another person's writes on a shared device wait for that person; without a session nothing is sent.
  const mine = user === null ? [] : all.filter((e) => e.userId === user || e.userId === null);
  result.waiting = all.length - mine.length;
  // Nothing of ours left to send: an old failure says nothing about the network any more.
  if (mine.length === 0 && snapshot.unreachable) publish({ unreachable: false });
  for (const [index, entry] of mine.entries()) {
    // Signed out (or someone else signed in) during the drain: what is left waits for its owner.
    if (currentUser() !== user) {
      result.waiting += mine.length - index;
      break;
    }
    try {
      const response = await send(entry, bodyAtSend(entry, mine.slice(index + 1)));
      await removeIfSame(entry);
      result.sent += 1;
      failures = 0;
      publish({ unreachable: false });
      emit({ type: 'sent', entry, response });
    } catch (error) {
      if (error instanceof ApiError && FINAL_STATUSES.has(error.status)) {
        await removeIfSame(entry);
        result.rejected += 1;
        emit({ type: 'rejected', entry, status: error.status, message: userMessage(error) });
        continue;
      }
      // Offline, timed out, server trouble or signed out: keep this and everything after it, in order.
      if (!(error instanceof ApiError) || error.status >= 500 || isAbortError(error)) {
        publish({ unreachable: true });
      }
      scheduleRetry();
      result.waiting += mine.length - index;
      break;
    }
  }
  await refreshSnapshot();
  return result;
}

let running: Promise<DrainResult> | null = null;
let again = false;

/**
 * Sends every pending write of the signed-in user, oldest first. One drain runs at a time; a call during a
 * drain makes it run once more, and resolves when that run is over, with the totals of every run.
 */
export function drain(): Promise<DrainResult> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    const total: DrainResult = { sent: 0, rejected: 0, waiting: 0 };
    try {
      do {
        again = false;
        const run = await drainOnce();
        total.sent += run.sent;
        total.rejected += run.rejected;
        total.waiting = run.waiting;
      } while (again);
      return total;
    } catch {
      // IndexedDB failed under us: nothing can be sent from it now; the next trigger tries again.
      return total;
    } finally {
      running = null;
    }
  })();
  return running;
}

export function subscribeOutbox(listener: (event: OutboxEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/** For useSyncExternalStore: the pending writes and whether the server was reachable last time. */
export function subscribeOutboxSnapshot(listener: () => void): () => void {
  snapshotListeners.add(listener);
  return () => snapshotListeners.delete(listener);
}

export function outboxSnapshot(): OutboxSnapshot {
  return snapshot;
}

if (typeof window !== 'undefined') {
  // Back online, and at start (the module loads with the first screen that saves): send what waited.
  window.addEventListener('online', () => {
    failures = 0;
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    void drain();
  });
  void refreshSnapshot().catch(() => undefined);
}

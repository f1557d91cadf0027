import type { Authed } from '../../plugins/routes.ts';

/** An entry is served this long at most without asking the database again, whatever else happens. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  auth: Readonly<Authed>;
  sessionId: number;
  /** Epoch milliseconds. */
  expiresAt: number;
  cachedAt: number;
}

/**
 * Token hash → signed-in user, so most requests resolve their bearer token without a query. It is only as
 * good as its invalidation: the database reports every change that matters (migration 0006), and
 * auth-changes.repository.ts turns those reports into `clear` and `dropUser` calls. While nothing reports
 * (the listener is reconnecting), the cache is disabled and every request asks the database.
 */
export function createSessionCache() {
  const entries = new Map<string, CachedSession>();
  // Bumped by every invalidation, so a look-up that began before one cannot store what it read.
  let generation = 0;
  let enabled = false;
  /** Told of every invalidation: a user id, or null for "anyone" (open event streams check again). */
  const listeners = new Set<(userId: number | null) => void>();
  const tell = (userId: number | null) => listeners.forEach((listener) => listener(userId));

  function clear(): void {
    generation++;
    entries.clear();
    tell(null);
  }

  return {
    get(tokenHash: string, nowMs: number): CachedSession | undefined {
      if (!enabled) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      // The clock moving back (tests travel in time) counts as stale too.
      if (entry.expiresAt <= nowMs || nowMs - entry.cachedAt >= TTL_MS || nowMs < entry.cachedAt) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry;
    },
    /** Taken before reading the database; `set` stores only if nothing was invalidated since. */
    generation: () => generation,
    set(tokenHash: string, entry: CachedSession, since: number): void {
      if (!enabled || since !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, entry);
    },
    dropUser(userId: number): void {
      generation++;
      for (const [key, entry] of entries) if (entry.auth.user.id === userId) entries.delete(key);
      tell(userId);
    },
    onInvalidate(listener: (userId: number | null) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    clear,
    /** Turned off while changes cannot be heard; emptied either way, since changes may have been missed. */
    setEnabled(on: boolean): void {
      enabled = on;
      clear();
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;

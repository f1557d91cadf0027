import type { Db } from '../db/database.ts';
import { HttpError } from './errors.ts';

/**
 * A fixed-window counter kept in the database, so every API process behind a load balancer shares it.
 * Callers choose what to count: logins count failures (a class that logs in correctly is never
 * throttled), registration counts every attempt.
 */
export function createRateLimiter(db: Db, now: () => Date) {
  async function current(key: string) {
    const row = await db
      .selectFrom('rate_limits')
      .select(['hits', 'reset_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row || row.reset_at <= now().toISOString()) return null;
    return row;
  }
  function tooMany(resetAt: string): HttpError {
    const retryAfter = Math.max(1, Math.ceil((Date.parse(resetAt) - now().getTime()) / 1000));
    return new HttpError(429, `Too many attempts. Please try again in ${retryAfter} seconds.`, undefined, {
      'retry-after': String(retryAfter),
    });
  }
  /** One more hit, in one statement (so concurrent requests cannot all see the old count); the new count. */
  async function hit(
    key: string,
    windowMs: number,
    on: Db = db,
  ): Promise<{ hits: number; reset_at: string }> {
    const resetAt = new Date(now().getTime() + windowMs).toISOString();
    const nowIso = now().toISOString();
    const row = await on
      .insertInto('rate_limits')
      .values({ key, hits: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          // An expired window starts again at 1.
          hits: eb
            .case()
            .when('rate_limits.reset_at', '<=', nowIso)
            .then(1)
            .else(eb('rate_limits.hits', '+', 1))
            .end(),
          reset_at: eb
            .case()
            .when('rate_limits.reset_at', '<=', nowIso)
            .then(resetAt)
            .else(eb.ref('rate_limits.reset_at'))
            .end(),
        })),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { hits: Number(row.hits), reset_at: row.reset_at };
  }
  return {
    /** Throws 429 with Retry-After when any key is at its limit. */
    async check(limits: Array<{ key: string; max: number }>): Promise<void> {
      for (const { key, max } of limits) {
        const row = await current(key);
        if (row && row.hits >= max) throw tooMany(row.reset_at);
      }
    },
    /** The count in the current window (0 when there is none). */
    hits: async (key: string): Promise<number> => (await current(key))?.hits ?? 0,
    /** Throws the same 429 as check() for a key known to be at its limit. */
    async refuse(key: string): Promise<never> {
      const row = await current(key);
      throw tooMany(row?.reset_at ?? now().toISOString());
    },
    /** Whether the key is at its limit, without throwing. */
    async reached(key: string, max: number): Promise<boolean> {
      const row = await current(key);
      return row !== null && row.hits >= max;
    },
    /**
     * Counts this attempt and throws 429 if it is one too many. Counting first, then comparing, means a burst
     * of simultaneous requests cannot all slip in under the limit. With `on` (a transaction), the hit is part of
     * what it writes, in its one commit; a refusal then rolls back the transaction's work, its hit included.
     */
    async consume(key: string, max: number, windowMs: number, on?: Db): Promise<void> {
      const row = await hit(key, windowMs, on);
      if (row.hits > max) throw tooMany(row.reset_at);
    },
    /**
     * Counts this one and says whether it is still within `max` for the window, in one statement: of several
     * at once, exactly `max` are within (a look, then a hit, would let them all through together).
     */
    async within(key: string, max: number, windowMs: number): Promise<boolean> {
      return (await hit(key, windowMs)).hits <= max;
    },
    /** Gives back one hit that turned out not to count (a consumed attempt that succeeded). */
    refund: (key: string) =>
      db
        .updateTable('rate_limits')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('key', '=', key)
        .where('hits', '>', 0)
        .execute(),
    hit: async (key: string, windowMs: number): Promise<void> => {
      await hit(key, windowMs);
    },
    clear: (key: string) => db.deleteFrom('rate_limits').where('key', '=', key).execute(),
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

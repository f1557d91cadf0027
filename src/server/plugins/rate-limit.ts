import type { Db } from '../db/database.ts';
import { HttpError } from './errors.ts';

/**
 * A fixed-window counter kept in the database, so every API process behind a load balancer shares it.
 * Only failures are counted (a class that logs in correctly is never throttled).
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
  return {
    /** Throws 429 with Retry-After when any key is at its limit. */
    async check(limits: Array<{ key: string; max: number }>): Promise<void> {
      for (const { key, max } of limits) {
        const row = await current(key);
        if (row && row.hits >= max) {
          const retryAfter = Math.max(1, Math.ceil((Date.parse(row.reset_at) - now().getTime()) / 1000));
          throw new HttpError(
            429,
            `Too many attempts. Please try again in ${retryAfter} seconds.`,
            undefined,
            {
              'retry-after': String(retryAfter),
            },
          );
        }
      }
    },
    async hit(key: string, windowMs: number): Promise<void> {
      const resetAt = new Date(now().getTime() + windowMs).toISOString();
      const nowIso = now().toISOString();
      await db
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
        .execute();
    },
    clear: (key: string) => db.deleteFrom('rate_limits').where('key', '=', key).execute(),
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

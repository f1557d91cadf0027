import type { AppContext } from '../../context.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { AuthRepository } from './auth.repository.ts';
import { addressTag, sha256 } from './tokens.ts';

/** An address an account signed in from stays "known" this long after its last success. */
const KNOWN_ADDRESS_TTL_MS = 90 * 24 * 3600_000;
/** Past the account-wide ceiling, unknown addresses get one try per account this often. */
export const ACCOUNT_BACKOFF_MS = 5_000;

/**
 * Who may try a password, designed so a stranger can slow a guesser down but never lock the owner out:
 *
 * - (account, address) pair: `max` failures in the window, then 429 for that pair, even for the right
 *   password. This is what stops a guesser at one address; the owner elsewhere is unaffected. Attempts
 *   still in flight count too (in this process), so a burst of simultaneous guesses cannot overshoot,
 *   while simultaneous correct logins of one account are not refused.
 * - address: `10 × max` attempts (any accounts; a success gives its count back) in the window, then 429 —
 *   but only for accounts that have not signed in successfully from that address before. A class behind
 *   one school NAT keeps working when one pupil sprays guesses: every classmate who has logged in there is
 *   "known" at it.
 * - account, across addresses: past `10 × max` failures in the window, addresses the account is not known
 *   at get one try per account every ACCOUNT_BACKOFF_MS (429 with a short Retry-After in between). That
 *   slows a guesser spread over many addresses to a crawl, and only slows, never blocks, the owner on a
 *   new network; from a known address the owner is not slowed at all.
 *
 * Known addresses are kept as HMACs, not addresses, and forgotten after 90 days without a success.
 */
export function createLoginThrottle(ctx: AppContext, limiter: RateLimiter, repo: AuthRepository) {
  // Per pair key: the attempts being checked right now, and how many have finished (to spot a stale count).
  const inFlight = new Map<string, { running: Set<Promise<unknown>>; finished: number }>();

  /** Waits until failures plus attempts in flight leave room for one more, then takes that room. */
  async function admitPair(key: string, max: number, attempt: Promise<unknown>): Promise<void> {
    const slot = inFlight.get(key) ?? { running: new Set(), finished: 0 };
    inFlight.set(key, slot);
    for (;;) {
      const seen = slot.finished;
      const failures = await limiter.hits(key);
      if (failures >= max) {
        if (slot.running.size === 0) inFlight.delete(key);
        await limiter.refuse(key);
      }
      // Decided without an await in between, so two arrivals cannot both take the last room.
      if (slot.finished === seen && slot.running.size + failures < max) {
        slot.running.add(attempt);
        return;
      }
      if (slot.finished === seen) await Promise.race(slot.running);
    }
  }
  function leavePair(key: string, attempt: Promise<unknown>): void {
    const slot = inFlight.get(key);
    if (!slot) return;
    slot.running.delete(attempt);
    slot.finished++;
    if (slot.running.size === 0) inFlight.delete(key);
  }

  return {
    /**
     * Runs `check` (the password verification) if this attempt may be made, records its outcome, and
     * returns it; throws 429 when it may not.
     */
    async attempt(
      email: string,
      ip: string,
      userId: number | undefined,
      check: () => Promise<boolean>,
    ): Promise<boolean> {
      const { loginMaxFailures: max, loginWindowMs: windowMs } = ctx.config;
      // Hashed: an e-mail of 254 characters and an IPv6 address do not fit the key column together.
      const pairKey = `login:pair:${sha256(`${email}|${ip}`)}`;
      const accountKey = `login:account:${email}`;
      const addressKey = `login:address:${ip}`;
      const tag = addressTag(ctx.appKey, ip);
      let settle!: () => void;
      const done = new Promise<void>((resolve) => (settle = resolve));
      await admitPair(pairKey, max, done);
      try {
        // Asked for unknown e-mails too (no account has id 0), so both cost one query.
        const since = new Date(ctx.now().getTime() - KNOWN_ADDRESS_TTL_MS).toISOString();
        const known = await repo.knownAddress(userId ?? 0, tag, since);
        if (!known) {
          // Counted on arrival, so a burst of guesses at many accounts cannot all slip in under the limit.
          await limiter.consume(addressKey, max * 10, windowMs);
          if (await limiter.reached(accountKey, max * 10)) {
            await limiter.consume(`login:backoff:${email}`, 1, ACCOUNT_BACKOFF_MS);
          }
        }
        const ok = await check();
        if (ok) {
          await limiter.clear(pairKey);
          if (!known) await limiter.refund(addressKey);
          if (userId !== undefined) await repo.rememberAddress(userId, tag, ctx.now().toISOString());
        } else {
          await limiter.hit(pairKey, windowMs);
          if (known) await limiter.hit(addressKey, windowMs);
          await limiter.hit(accountKey, windowMs);
        }
        return ok;
      } finally {
        leavePair(pairKey, done);
        settle();
      }
    },
    /** Known addresses not used for KNOWN_ADDRESS_TTL_MS are forgotten (the hourly sweep). */
    forgetStale: () =>
      repo.forgetAddressesBefore(new Date(ctx.now().getTime() - KNOWN_ADDRESS_TTL_MS).toISOString()),
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

import { unprocessable } from '../../plugins/errors.ts';
import type { AttemptCore, Graded } from './attempt-core.ts';
import { conflict } from './attempt-core.ts';
import type { AttemptRow, AttemptQueries } from './attempts.repository.ts';
import { LATENCY_GRACE_MS } from './release.ts';

/** A device clock may run this far behind the server's. */
const CLOCK_SKEW_MS = 60_000;
/**
 * The client dates answers by the server's clock (it knows the offset), so a late answer dated this far
 * before the server last heard from the attempt is still taken as given offline: request timing jitter.
 */
const LAST_SEEN_TOLERANCE_MS = 5_000;

/**
 * The offline-grace rule. On time: it arrived by the deadline (plus network latency). Late arrivals count
 * only as answers given offline: dated before the deadline, delivered within the grace, and dated after the
 * last time the server heard from this attempt (a student who stayed online cannot claim to have been
 * offline). Anything else is refused.
 */
export function lateness(row: AttemptRow, t: number, answeredAt: number): 'on_time' | 'grace' {
  if (!row.deadline_at) return 'on_time';
  const deadline = Date.parse(row.deadline_at);
  if (t <= deadline + LATENCY_GRACE_MS) return 'on_time';
  const lastSeen = row.last_seen_at ? Date.parse(row.last_seen_at) : Date.parse(row.started_at);
  const offline =
    row.grace_until !== null &&
    t <= Date.parse(row.grace_until) &&
    answeredAt <= deadline + LATENCY_GRACE_MS &&
    answeredAt >= lastSeen - LAST_SEEN_TOLERANCE_MS;
  if (!offline) {
    throw conflict(
      answeredAt <= deadline + LATENCY_GRACE_MS && t <= Date.parse(row.grace_until ?? row.deadline_at)
        ? 'Time is up: this answer is dated before your device last reached the server, so it was not given offline.'
        : 'Time is up: answers given after the deadline are not accepted.',
    );
  }
  return 'grace';
}

/** When an answer was given: as the device dates it but never later than now, and not before the attempt began. */
export function answerTime(answeredAt: string, t: number, startedAt: string): number {
  const at = Math.min(Date.parse(answeredAt), t);
  if (at < Date.parse(startedAt) - CLOCK_SKEW_MS)
    throw unprocessable({ answered_at: ['The answer time is before the attempt started.'] });
  return at;
}

/** The attempt's time: the deadline and its grace run out, and when the server last heard from it. */
export function createAttemptClock(
  core: AttemptCore,
  grade: (row: AttemptRow, auto: boolean) => Promise<Graded | undefined>,
) {
  const { repo, now, iso } = core;

  async function finaliseIfExpired(row: AttemptRow): Promise<AttemptRow> {
    if (row.status === 'in_progress' && row.grace_until && row.grace_until < iso()) {
      await grade(row, true);
      return (await repo.find(row.id))!;
    }
    return row;
  }

  /** The server heard from the attempt while its time ran: a later "offline" answer dated before this is not. */
  async function touch(row: AttemptRow, r: Pick<AttemptQueries, 'update'> = repo): Promise<void> {
    const t = now().getTime();
    if (row.status !== 'in_progress') return;
    if (row.deadline_at && t > Date.parse(row.deadline_at) + LATENCY_GRACE_MS) return;
    await r.update(row.id, { last_seen_at: new Date(t).toISOString() });
  }

  /** Submits every attempt whose deadline and offline grace have passed. */
  async function sweepExpired(): Promise<number> {
    const expired = await repo.expiredOpen(iso());
    for (const { id } of expired) {
      const row = await repo.find(id);
      if (row) await grade(row, true);
    }
    return expired.length;
  }

  return { finaliseIfExpired, touch, sweepExpired };
}
export type AttemptClock = ReturnType<typeof createAttemptClock>;

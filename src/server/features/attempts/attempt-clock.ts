import { unprocessable } from '../../plugins/errors.ts';
import type { AttemptCore, Graded } from './attempt-core.ts';
import { conflict } from './attempt-core.ts';
import type { AttemptRow, AttemptQueries } from './attempts.repository.ts';
import { deadlineOf, retimedDeadline } from '../assessments/override-rules.ts';
import { graceUntil, LATENCY_GRACE_MS } from './release.ts';

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
  const { repo, now, iso, deps } = core;

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

  /**
   * The rules of attempts in progress changed (an override given, changed or removed; a standing multiplier
   * edited): each one's deadline and offline grace follow at once, from its start. Longer time applies as
   * is; shorter never ends before now (retimedDeadline). An attempt whose grace has already run out is
   * submitted as the sweep would, not revived. Answers the new deadline and grace of each attempt it moved.
   */
  async function retime(f: {
    assessmentId?: number;
    userId?: number;
    schoolId?: number;
  }): Promise<
    Array<{ id: string; user_id: number; deadline_at: string | null; grace_until: string | null }>
  > {
    const moved = [];
    for (const { id } of await repo.openAtAssessments(f)) {
      const first = await repo.find(id);
      if (!first?.assessment_id || (await finaliseIfExpired(first)).status !== 'in_progress') continue;
      const assessment = await deps.assessments.load(first.assessment_id).catch(() => null);
      if (!assessment) continue;
      const user = { id: first.user_id, school_id: await repo.schoolOfUser(first.user_id) };
      const rules = await deps.assessments.rulesFor(user, assessment);
      const changed = await repo.transaction(async (trx) => {
        // Locked: a save or submit running now sees the old deadline or the new one, never half of each.
        const row = await trx.findLocked(id);
        if (!row || row.status !== 'in_progress') return null;
        const t = now().getTime();
        const next = retimedDeadline(
          row.deadline_at ? Date.parse(row.deadline_at) : null,
          deadlineOf(Date.parse(row.started_at), rules),
          t,
        );
        const deadline_at = next === null ? null : new Date(next).toISOString();
        const grace_until = next === null ? null : graceUntil(next, assessment.offline_grace_minutes);
        if (deadline_at === row.deadline_at && grace_until === row.grace_until) return null;
        await trx.update(row.id, { deadline_at, grace_until });
        return { id: row.id, user_id: row.user_id, deadline_at, grace_until };
      });
      if (changed) moved.push(changed);
    }
    return moved;
  }

  return { finaliseIfExpired, touch, sweepExpired, retime };
}
export type AttemptClock = ReturnType<typeof createAttemptClock>;

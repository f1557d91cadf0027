import { sql } from 'kysely';

/**
 * What "active" means in every report, once: a student is active at each moment they started an attempt,
 * were last heard from in it (an answer saved) or submitted it, and on each day they answered a question
 * (the daily performance, whose day counts from its start). The Activity tab counts the students with a
 * moment in a period, the inactive list those without one since a cut-off, and the dashboard its week from
 * the same rows, so "active" and "inactive" always add up to the students in scope.
 *
 * Rows `(user_id, t)`, t an ISO time; with `from`, only those at or after it.
 */
export function activityMoments(from?: string) {
  const since = (col: string) => (from === undefined ? sql`` : sql`and ${sql.ref(col)} >= ${from}`);
  return sql`select a.user_id, a.started_at as t from attempts a where 1 = 1 ${since('a.started_at')}
    union all select a.user_id, a.last_seen_at from attempts a
      where a.last_seen_at is not null ${since('a.last_seen_at')}
    union all select a.user_id, a.submitted_at from attempts a
      where a.submitted_at is not null ${since('a.submitted_at')}
    union all select d.user_id, d.day || 'T00:00:00.000Z' from daily_performance d
      where d.questions_answered > 0 ${from === undefined ? sql`` : sql`and d.day >= ${from.slice(0, 10)}`}`;
}

import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { containsPattern, noneEmpty } from '../../plugins/paging.ts';
import { NO_PASSWORD } from '../users/admin-users.service.ts';

/** The schools a caller may see: undefined for an admin (every school), a teacher's list otherwise. */
export type Scope = number[] | undefined;

/** Attempts whose percent is a score to rank by: practice and the diagnostic measure something else. */
export const SCORED_KINDS = ['quiz', 'exam'] as const;

export const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
export const nOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The SQL pieces the reports' queries share: who counts as a student in scope, who is visible on a board,
 * the item tables' school filter, a name search and the per-student scores.
 */
export function reportSql(dialect: Dialect) {
  const scored = sql.join(SCORED_KINDS.map((k) => sql.lit(k)));
  /** Users who are active students, in scope (a teacher: of their schools). */
  const studentOf = (u: string, scope: Scope, schoolId?: number): RawBuilder<unknown> => {
    const ref = sql.ref;
    const parts = [
      sql`${ref(`${u}.is_admin`)} = 0`,
      sql`${ref(`${u}.is_teacher`)} = 0`,
      sql`${ref(`${u}.is_active`)} = 1`,
    ];
    if (scope) parts.push(sql`${ref(`${u}.school_id`)} in (${sql.join(noneEmpty(scope))})`);
    if (schoolId) parts.push(sql`${ref(`${u}.school_id`)} = ${schoolId}`);
    return sql.join(parts, sql` and `);
  };
  /**
   * On a board: not opted out, and signed in at least once. An invitation never taken up (the password never
   * chosen) is not a student taking part yet: ranked, they filled the bottom of every board with zeros.
   */
  const visible = (u: string) =>
    sql`${sql.ref(`${u}.password_hash`)} <> ${NO_PASSWORD}
      and not exists (select 1 from ranking_opt_outs o where o.user_id = ${sql.ref(`${u}.id`)})`;
  /** The item tables' school filter: a teacher's schools, and/or the one school asked for. */
  const schoolsOf = (scope: Scope, schoolId?: number) =>
    sql.join(
      [
        sql``,
        ...(scope ? [sql`school_id in (${sql.join(noneEmpty(scope))})`] : []),
        ...(schoolId ? [sql`school_id = ${schoolId}`] : []),
      ],
      sql` and `,
    );
  const like = (search: string) => containsPattern(search).toLowerCase();
  const lowerName = dialect === 'postgres' ? sql`lower(u.full_name)` : sql`u.full_name`;
  /** Per student: scored attempts, their mean percent (PostgreSQL's avg of integers is numeric: cast). */
  /** Per student: scored attempts and their mean percent, from the summary the submits keep up to date. */
  const scores = sql`select user_id, attempts as n, cast(sum_percent as double precision) / attempts as avg
    from report_scores where attempts > 0`;
  /** The same from the attempts themselves: what the summary is (re)built from. */
  const scoresFromAttempts = (
    userId?: number,
  ) => sql`select user_id, count(*) as n, coalesce(sum(percent), 0) as total
    from attempts where status = 'submitted' and kind in (${scored})
    ${userId === undefined ? sql`` : sql`and user_id = ${userId}`} group by user_id`;
  const progressOf = sql`case when coalesce(p.topics_total, 0) > 0
    then 100.0 * p.topics_mastered / p.topics_total else 0 end`;

  return { scored, studentOf, visible, schoolsOf, like, lowerName, scores, scoresFromAttempts, progressOf };
}

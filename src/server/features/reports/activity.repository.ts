import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { n, nOrNull, reportSql, type Scope } from './report-sql.ts';
import { activityMoments } from './activity-moments.ts';

/** The dashboard's and the activity reports' SQL: counts, activity per day, the inactive, the latest submits. */
export function createActivityRepository(db: Db, dialect: Dialect) {
  const { scored, studentOf } = reportSql(dialect);

  return {
    /** Per day from `fromDay` (YYYY-MM-DD): the daily performance of students in scope. */
    async dailyPerformance(fromDay: string, scope: Scope, schoolId?: number) {
      const users =
        scope || schoolId
          ? sql`join users u on u.id = d.user_id and ${studentOf('u', scope, schoolId)}`
          : sql``;
      const { rows } = await sql<Record<string, unknown>>`
        select d.day, sum(d.questions_answered) as q, sum(d.questions_marked) as m, sum(d.correct) as c,
          sum(d.minutes_active) as minutes
        from daily_performance d ${users} where d.day >= ${fromDay} group by d.day`.execute(db);
      return rows.map((r) => ({
        day: String(r.day),
        questions: n(r.q),
        marked: n(r.m),
        correct: n(r.c),
        minutes: n(r.minutes),
      }));
    },

    /** Per day (UTC) since `from` (ISO): submitted attempts. */
    async submittedPerDay(from: string, scope: Scope, schoolId?: number) {
      const users =
        scope || schoolId
          ? sql`join users u on u.id = a.user_id and ${studentOf('u', scope, schoolId)}`
          : sql``;
      const { rows } = await sql<Record<string, unknown>>`
        select substr(a.submitted_at, 1, 10) as day, count(*) as n
        from attempts a ${users} where a.submitted_at >= ${from} group by substr(a.submitted_at, 1, 10)`.execute(
        db,
      );
      return rows.map((r) => ({ day: String(r.day), attempts: n(r.n) }));
    },

    /**
     * Active students per day since `from` (ISO, the start of a UTC day), and over the whole period: the one
     * definition of "active" (activity.ts), so the days, the period and the inactive list add up.
     */
    async activeStudents(from: string, scope: Scope, schoolId?: number) {
      const moments = activityMoments(from);
      const users = sql`join users u on u.id = m.user_id and ${studentOf('u', scope, schoolId)}`;
      const [perDay, period] = await Promise.all([
        sql<Record<string, unknown>>`select substr(m.t, 1, 10) as day, count(distinct m.user_id) as students
          from (${moments}) m ${users} group by substr(m.t, 1, 10)`.execute(db),
        sql<{ c: unknown }>`select count(distinct m.user_id) as c from (${moments}) m ${users}`.execute(db),
      ]);
      return {
        perDay: perDay.rows.map((r) => ({ day: String(r.day), students: n(r.students) })),
        period: n(period.rows[0]?.c),
      };
    },

    /** Students in scope, by the same filter as every report. */
    async countStudents(scope: Scope, schoolId?: number) {
      const { rows } = await sql<{ c: unknown }>`select count(*) as c from users u
        where ${studentOf('u', scope, schoolId)}`.execute(db);
      return n(rows[0]?.c);
    },

    /** Students in scope not active since `before` (ISO), with their last activity (null: never). */
    async inactive(q: {
      scope: Scope;
      schoolId?: number;
      before: string;
      sort: string;
      /** Omitted: every row (the CSV export). */
      limit?: number;
      offset?: number;
    }) {
      const order =
        {
          '-days': sql`case when la.last is null then 0 else 1 end, la.last asc, u.full_name`,
          days: sql`case when la.last is null then 1 else 0 end, la.last desc, u.full_name`,
          name: sql`u.full_name asc`,
          '-name': sql`u.full_name desc`,
        }[q.sort] ?? sql`la.last asc`;
      const page = q.limit === undefined ? sql`` : sql`limit ${q.limit} offset ${q.offset ?? 0}`;
      const { rows } = await sql<Record<string, unknown>>`
        select u.id, u.full_name, sc.name as school_name, la.last, count(*) over () as total
        from users u
        left join schools sc on sc.id = u.school_id
        left join (select m.user_id, max(m.t) as last from (${activityMoments()}) m group by m.user_id) la
          on la.user_id = u.id
        where ${studentOf('u', q.scope, q.schoolId)} and (la.last is null or la.last < ${q.before})
        order by ${order}, u.id ${page}`.execute(db);
      return rows.map((r) => ({
        user_id: n(r.id),
        full_name: String(r.full_name),
        school_name: (r.school_name as string | null) ?? null,
        last: (r.last as string | null) ?? null,
        total: n(r.total),
      }));
    },

    async countInactive(scope: Scope, before: string, schoolId?: number) {
      const { rows } = await sql<{ c: unknown }>`select count(*) as c from users u
        where ${studentOf('u', scope, schoolId)} and not exists (
          select 1 from (${activityMoments(before)}) m where m.user_id = u.id)`.execute(db);
      return n(rows[0]?.c);
    },

    /** The dashboard's counts: students, those active since `weekAgo` (activityMoments), attempts, mean score. */
    async counts(scope: Scope, weekAgo: string) {
      const usersJoin = scope ? sql`join users u on u.id = a.user_id and ${studentOf('u', scope)}` : sql``;
      const [students, active, attempts] = await Promise.all([
        sql<{ c: unknown }>`select count(*) as c from users u where ${studentOf('u', scope)}`.execute(db),
        sql<{ c: unknown }>`select count(distinct m.user_id) as c from (${activityMoments(weekAgo)}) m
          join users u on u.id = m.user_id and ${studentOf('u', scope)}`.execute(db),
        sql<Record<string, unknown>>`select count(*) as c,
            avg(case when a.kind in (${scored}) then cast(a.percent as double precision) end) as avg
          from attempts a ${usersJoin} where a.status = 'submitted'`.execute(db),
      ]);
      return {
        students: n(students.rows[0]?.c),
        active: n(active.rows[0]?.c),
        attempts: n(attempts.rows[0]?.c),
        average: nOrNull(attempts.rows[0]?.avg),
      };
    },

    async recent(scope: Scope, limit: number) {
      const { rows } = await sql<Record<string, unknown>>`
        select a.id, a.user_id, u.full_name, sc.name as school_name, a.title, a.kind, a.percent, a.submitted_at
        from attempts a join users u on u.id = a.user_id ${scope ? sql`and ${studentOf('u', scope)}` : sql``}
        left join schools sc on sc.id = u.school_id
        where a.status = 'submitted' and a.submitted_at is not null
        order by a.submitted_at desc limit ${limit}`.execute(db);
      return rows.map((r) => ({
        id: String(r.id),
        user_id: n(r.user_id),
        student: String(r.full_name),
        school_name: (r.school_name as string | null) ?? null,
        title: String(r.title),
        kind: String(r.kind),
        percent: nOrNull(r.percent),
        submitted_at: String(r.submitted_at),
      }));
    },
  };
}

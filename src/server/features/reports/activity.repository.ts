import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { n, nOrNull, reportSql, type Scope } from './report-sql.ts';

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
        select d.day, sum(case when d.questions_answered > 0 then 1 else 0 end) as active,
          sum(d.questions_answered) as q, sum(d.questions_marked) as m, sum(d.correct) as c,
          sum(d.minutes_active) as minutes
        from daily_performance d ${users} where d.day >= ${fromDay} group by d.day`.execute(db);
      return rows.map((r) => ({
        day: String(r.day),
        active: n(r.active),
        questions: n(r.q),
        marked: n(r.m),
        correct: n(r.c),
        minutes: n(r.minutes),
      }));
    },

    /** Per day (UTC) since `from` (ISO): submitted attempts and the students who submitted them. */
    async submittedPerDay(from: string, scope: Scope, schoolId?: number) {
      const users =
        scope || schoolId
          ? sql`join users u on u.id = a.user_id and ${studentOf('u', scope, schoolId)}`
          : sql``;
      const { rows } = await sql<Record<string, unknown>>`
        select substr(a.submitted_at, 1, 10) as day, count(*) as n, count(distinct a.user_id) as students
        from attempts a ${users} where a.submitted_at >= ${from} group by substr(a.submitted_at, 1, 10)`.execute(
        db,
      );
      return rows.map((r) => ({ day: String(r.day), attempts: n(r.n), students: n(r.students) }));
    },

    /** Students in scope with no attempt started since `before` (ISO), with their last one. */
    async inactive(q: {
      scope: Scope;
      schoolId?: number;
      before: string;
      sort: string;
      limit: number;
      offset: number;
    }) {
      const order =
        {
          '-days': sql`case when la.last is null then 0 else 1 end, la.last asc, u.full_name`,
          days: sql`case when la.last is null then 1 else 0 end, la.last desc, u.full_name`,
          name: sql`u.full_name asc`,
          '-name': sql`u.full_name desc`,
        }[q.sort] ?? sql`la.last asc`;
      const { rows } = await sql<Record<string, unknown>>`
        select u.id, u.full_name, sc.name as school_name, la.last, count(*) over () as total
        from users u
        left join schools sc on sc.id = u.school_id
        left join (select user_id, max(started_at) as last from attempts group by user_id) la on la.user_id = u.id
        where ${studentOf('u', q.scope, q.schoolId)} and (la.last is null or la.last < ${q.before})
        order by ${order}, u.id limit ${q.limit} offset ${q.offset}`.execute(db);
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
          select 1 from attempts a where a.user_id = u.id and a.started_at >= ${before})`.execute(db);
      return n(rows[0]?.c);
    },

    /** The dashboard's counts: students, those who started something since `weekAgo`, attempts, mean score. */
    async counts(scope: Scope, weekAgo: string) {
      const usersJoin = scope ? sql`join users u on u.id = a.user_id and ${studentOf('u', scope)}` : sql``;
      const [students, active, attempts] = await Promise.all([
        sql<{ c: unknown }>`select count(*) as c from users u where ${studentOf('u', scope)}`.execute(db),
        sql<{ c: unknown }>`select count(distinct a.user_id) as c from attempts a ${usersJoin}
          where a.started_at >= ${weekAgo}`.execute(db),
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
        select a.id, u.full_name, sc.name as school_name, a.title, a.kind, a.percent, a.submitted_at
        from attempts a join users u on u.id = a.user_id ${scope ? sql`and ${studentOf('u', scope)}` : sql``}
        left join schools sc on sc.id = u.school_id
        where a.status = 'submitted' and a.submitted_at is not null
        order by a.submitted_at desc limit ${limit}`.execute(db);
      return rows.map((r) => ({
        id: String(r.id),
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

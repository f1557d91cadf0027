import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { n, nOrNull, reportSql, type Scope } from './report-sql.ts';
import { noneEmpty } from '../../plugins/paging.ts';

export interface StudentRankRow {
  rank: number;
  user_id: number;
  full_name: string;
  school_name: string | null;
  attempts: number;
  average_score: number | null;
  topics_mastered: number;
  topics_total: number;
}

/** The rankings' SQL: the score summary, students and schools ranked, a school's board and the opt-outs. */
export function createRankingsRepository(db: Db, dialect: Dialect) {
  const { studentOf, visible, like, lowerName, scores, scoresFromAttempts, progressOf } = reportSql(dialect);

  return {
    /** Sets the score summary again from the attempts: of one student (after their submit), or of everyone. */
    async rebuildScores(userId?: number) {
      await withTransaction(db, async (trx) => {
        if (userId === undefined) await trx.deleteFrom('report_scores').execute();
        else await trx.deleteFrom('report_scores').where('user_id', '=', userId).execute();
        await sql`insert into report_scores (user_id, attempts, sum_percent)
          select user_id, n, total from (${scoresFromAttempts(userId)}) x`.execute(trx);
      });
    },

    async studentRanking(q: {
      scope: Scope;
      schoolId?: number;
      search?: string;
      by: 'score' | 'progress';
      /** Omitted: every row (the CSV export). */
      limit?: number;
      offset?: number;
    }): Promise<StudentRankRow[]> {
      const order =
        q.by === 'score'
          ? sql`case when s.avg is null then 1 else 0 end, s.avg desc`
          : sql`${progressOf} desc, coalesce(p.topics_mastered, 0) desc`;
      const search = q.search ? sql`where ${lowerName} like ${like(q.search)}` : sql``;
      const page = q.limit === undefined ? sql`` : sql`limit ${q.limit} offset ${q.offset ?? 0}`;
      const { rows } = await sql<Record<string, unknown>>`
        with s as (${scores}),
        ranked as (
          select u.id as user_id, u.full_name, u.school_id, coalesce(s.n, 0) as attempts,
            s.avg as average_score, coalesce(p.topics_mastered, 0) as topics_mastered,
            coalesce(p.topics_total, 0) as topics_total, rank() over (order by ${order}) as rank
          from users u
          left join s on s.user_id = u.id
          left join user_progress p on p.user_id = u.id and p.subject_id = 0
          where ${studentOf('u', q.scope, q.schoolId)} and ${visible('u')}
        ),
        page as (select * from ranked u ${search} order by rank, full_name, user_id ${page})
        -- The school's name for the page's rows only.
        select page.*, sc.name as school_name from page left join schools sc on sc.id = page.school_id
        order by rank, full_name, user_id`.execute(db);
      return rows.map((r) => ({
        rank: n(r.rank),
        user_id: n(r.user_id),
        full_name: String(r.full_name),
        school_name: (r.school_name as string | null) ?? null,
        attempts: n(r.attempts),
        average_score: nOrNull(r.average_score),
        topics_mastered: n(r.topics_mastered),
        topics_total: n(r.topics_total),
      }));
    },

    async countRanked(q: { scope: Scope; schoolId?: number; search?: string }): Promise<number> {
      const search = q.search ? sql`and ${lowerName} like ${like(q.search)}` : sql``;
      const { rows } = await sql<{ c: unknown }>`select count(*) as c from users u
        where ${studentOf('u', q.scope, q.schoolId)} and ${visible('u')} ${search}`.execute(db);
      return n(rows[0]?.c);
    },

    /** Per school: its visible students, their scored attempts, mean of their averages and of their progress. */
    async schoolStats(scope: Scope, onlyVisible: boolean) {
      const { rows } = await sql<Record<string, unknown>>`
        with s as (${scores})
        select sc.id, sc.name, count(u.id) as students, coalesce(sum(s.n), 0) as attempts,
          avg(s.avg) as average_score, avg(case when u.id is null then null else ${progressOf} end) as progress
        from schools sc
        left join users u on u.school_id = sc.id and ${studentOf('u', scope)}
          ${onlyVisible ? sql`and ${visible('u')}` : sql``}
        left join s on s.user_id = u.id
        left join user_progress p on p.user_id = u.id and p.subject_id = 0
        ${scope ? sql`where sc.id in (${sql.join(noneEmpty(scope))})` : sql``}
        group by sc.id, sc.name`.execute(db);
      return rows.map((r) => ({
        id: n(r.id),
        name: String(r.name),
        students: n(r.students),
        attempts: n(r.attempts),
        average_score: nOrNull(r.average_score),
        average_progress: nOrNull(r.progress),
      }));
    },

    /** A school's visible students with their overall progress (the student's relative board). */
    async boardOf(schoolId: number) {
      const { rows } = await sql<Record<string, unknown>>`
        select u.id, u.full_name, coalesce(p.topics_mastered, 0) as tm, coalesce(p.topics_total, 0) as tt
        from users u left join user_progress p on p.user_id = u.id and p.subject_id = 0
        where ${studentOf('u', undefined, schoolId)} and ${visible('u')}`.execute(db);
      return rows.map((r) => ({
        id: n(r.id),
        full_name: String(r.full_name),
        mastered: n(r.tm),
        total: n(r.tt),
      }));
    },

    schoolName: async (id: number) =>
      (await db.selectFrom('schools').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null,

    optedOut: async (userId: number) =>
      !!(await db
        .selectFrom('ranking_opt_outs')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst()),

    async setOptOut(userId: number, optOut: boolean, now: string) {
      if (optOut)
        await db
          .insertInto('ranking_opt_outs')
          .values({ user_id: userId, created_at: now })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute();
      else await db.deleteFrom('ranking_opt_outs').where('user_id', '=', userId).execute();
    },
  };
}

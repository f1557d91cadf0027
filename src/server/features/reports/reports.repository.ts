import { sql, type RawBuilder } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';

/** The schools a caller may see: undefined for an admin (every school), a teacher's list otherwise. */
export type Scope = number[] | undefined;

/** Attempts whose percent is a score to rank by: practice and the diagnostic measure something else. */
export const SCORED_KINDS = ['quiz', 'exam'] as const;

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const nOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

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

/**
 * All of the reports' SQL. Each query reads indexes from migration 0017 (scores per student, the attempts of
 * an assessment, activity by day) and aggregates in the database: a million answers never cross the wire.
 */
export function createReportsRepository(db: Db, dialect: Dialect) {
  const scored = sql.join(SCORED_KINDS.map((k) => sql.lit(k)));
  /** Users who are active students, in scope (a teacher: of their schools). */
  const studentOf = (u: string, scope: Scope, schoolId?: number): RawBuilder<unknown> => {
    const ref = sql.ref;
    const parts = [
      sql`${ref(`${u}.is_admin`)} = 0`,
      sql`${ref(`${u}.is_teacher`)} = 0`,
      sql`${ref(`${u}.is_active`)} = 1`,
    ];
    if (scope) parts.push(sql`${ref(`${u}.school_id`)} in (${sql.join(scope.length ? scope : [-1])})`);
    if (schoolId) parts.push(sql`${ref(`${u}.school_id`)} = ${schoolId}`);
    return sql.join(parts, sql` and `);
  };
  const visible = (u: string) =>
    sql`not exists (select 1 from ranking_opt_outs o where o.user_id = ${sql.ref(`${u}.id`)})`;
  /** The item tables' school filter: a teacher's schools, and/or the one school asked for. */
  const schoolsOf = (scope: Scope, schoolId?: number) =>
    sql.join(
      [
        sql``,
        ...(scope ? [sql`school_id in (${sql.join(scope.length ? scope : [-1])})`] : []),
        ...(schoolId ? [sql`school_id = ${schoolId}`] : []),
      ],
      sql` and `,
    );
  const like = (search: string) => `%${search.replace(/[%_\\]/g, '').toLowerCase()}%`;
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
      limit: number;
      offset: number;
    }): Promise<StudentRankRow[]> {
      const order =
        q.by === 'score'
          ? sql`case when s.avg is null then 1 else 0 end, s.avg desc`
          : sql`${progressOf} desc, coalesce(p.topics_mastered, 0) desc`;
      const search = q.search ? sql`where ${lowerName} like ${like(q.search)}` : sql``;
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
        page as (select * from ranked u ${search} order by rank, full_name, user_id limit ${q.limit} offset ${q.offset})
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
        ${scope ? sql`where sc.id in (${sql.join(scope.length ? scope : [-1])})` : sql``}
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

    /** Assessments with submitted attempts by students in scope, most taken first. */
    async assessmentsWithAttempts(scope: Scope) {
      const { rows } = await sql<Record<string, unknown>>`
        select x.id, x.kind, x.title, count(*) as attempts
        from attempts a join assessments x on x.id = a.assessment_id
        ${scope ? sql`join users u on u.id = a.user_id and ${studentOf('u', scope)}` : sql``}
        where a.status = 'submitted' and a.assessment_id is not null
        group by x.id, x.kind, x.title order by attempts desc, x.title limit 500`.execute(db);
      return rows.map((r) => ({
        id: n(r.id),
        kind: String(r.kind),
        title: String(r.title),
        attempts: n(r.attempts),
      }));
    },

    assessment: (id: number) =>
      db
        .selectFrom('assessments')
        .select(['id', 'kind', 'title', 'selection'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Submitted attempts of an assessment, and how many of them the item ledger has counted. */
    async itemCounts(assessmentId: number) {
      const [submitted, counted] = await Promise.all([
        sql<{ c: unknown }>`select count(*) as c from attempts
          where assessment_id = ${assessmentId} and status = 'submitted'`.execute(db),
        sql<{ c: unknown }>`select count(*) as c from report_item_ledger
          where assessment_id = ${assessmentId}`.execute(db),
      ]);
      return { submitted: n(submitted.rows[0]?.c), counted: n(counted.rows[0]?.c) };
    },

    /**
     * Folds the attempts of an assessment submitted since the last fold-in into the item tables, in one
     * transaction: the ledger rows this call inserts (another call's are skipped, PostgreSQL waiting for
     * them) form its batch, and only the batch is added up, so nothing is counted twice.
     */
    async foldIn(assessmentId: number, batch: string) {
      await withTransaction(db, async (trx) => {
        await sql`insert into report_item_ledger (attempt_id, assessment_id, school_id, batch)
          select a.id, a.assessment_id, coalesce(u.school_id, 0), ${batch}
          from attempts a join users u on u.id = a.user_id
          where a.assessment_id = ${assessmentId} and a.status = 'submitted'
            and not exists (select 1 from report_item_ledger l where l.attempt_id = a.id)
          on conflict (attempt_id) do nothing`.execute(trx);
        await sql`insert into report_item_totals (assessment_id, school_id, n, sum_total, sum_total_sq)
          select ${assessmentId}, l.school_id, count(*), coalesce(sum(a.percent), 0),
            coalesce(sum(a.percent * a.percent), 0)
          from report_item_ledger l join attempts a on a.id = l.attempt_id
          where l.batch = ${batch} group by l.school_id
          on conflict (assessment_id, school_id) do update set n = report_item_totals.n + excluded.n,
            sum_total = report_item_totals.sum_total + excluded.sum_total,
            sum_total_sq = report_item_totals.sum_total_sq + excluded.sum_total_sq`.execute(trx);
        await sql`insert into report_item_stats (assessment_id, question_id, school_id, answer, n, n_right,
            sum_total, sum_total_sq, sum_total_right)
          select ${assessmentId}, aa.question_id, l.school_id, coalesce(aa.answer, ''), count(*),
            sum(case when aa.correct = 1 then 1 else 0 end), coalesce(sum(a.percent), 0),
            coalesce(sum(a.percent * a.percent), 0), sum(case when aa.correct = 1 then a.percent else 0 end)
          from report_item_ledger l join attempts a on a.id = l.attempt_id
          join attempt_answers aa on aa.attempt_id = l.attempt_id
          where l.batch = ${batch} group by aa.question_id, l.school_id, coalesce(aa.answer, '')
          on conflict (assessment_id, question_id, school_id, answer) do update set
            n = report_item_stats.n + excluded.n, n_right = report_item_stats.n_right + excluded.n_right,
            sum_total = report_item_stats.sum_total + excluded.sum_total,
            sum_total_sq = report_item_stats.sum_total_sq + excluded.sum_total_sq,
            sum_total_right = report_item_stats.sum_total_right + excluded.sum_total_right`.execute(trx);
      });
    },

    /** Starts an assessment's item tables again (an attempt was deleted since they were added up). */
    async forgetItems(assessmentId: number) {
      await withTransaction(db, async (trx) => {
        for (const table of ['report_item_stats', 'report_item_totals', 'report_item_ledger'] as const)
          await trx.deleteFrom(table).where('assessment_id', '=', assessmentId).execute();
      });
    },

    /** The counted attempts of one assessment in scope: how many, Σ percent, Σ percent². */
    async attemptTotals(assessmentId: number, scope: Scope, schoolId?: number) {
      const { rows } = await sql<Record<string, unknown>>`
        select coalesce(sum(n), 0) as n, coalesce(sum(sum_total), 0) as st, coalesce(sum(sum_total_sq), 0) as st2
        from report_item_totals where assessment_id = ${assessmentId} ${schoolsOf(scope, schoolId)}`.execute(
        db,
      );
      return { n: n(rows[0]?.n), sumTotal: n(rows[0]?.st), sumTotalSq: n(rows[0]?.st2) };
    },

    /**
     * Per question and distinct answer: how many gave it, how many were right, and the sums of their
     * attempts' totals. Distinct answers of a choice question are few, so this is a handful of rows per item.
     */
    async answerGroups(assessmentId: number, scope: Scope, schoolId?: number) {
      const { rows } = await sql<Record<string, unknown>>`
        select question_id, answer, sum(n) as n, sum(n_right) as r, sum(sum_total) as st,
          sum(sum_total_sq) as st2, sum(sum_total_right) as str
        from report_item_stats where assessment_id = ${assessmentId} ${schoolsOf(scope, schoolId)}
        group by question_id, answer`.execute(db);
      return rows.map((r) => ({
        question_id: n(r.question_id),
        answer: r.answer ? String(r.answer) : null,
        n: n(r.n),
        right: n(r.r),
        sumTotal: n(r.st),
        sumTotalSq: n(r.st2),
        sumTotalRight: n(r.str),
      }));
    },

    fixedQuestions: (assessmentId: number) =>
      db
        .selectFrom('assessment_questions')
        .select(['question_id', 'position'])
        .where('assessment_id', '=', assessmentId)
        .execute(),

    questions: (ids: number[]) =>
      ids.length
        ? db
            .selectFrom('questions')
            .select(['id', 'type', 'stem', 'content'])
            .where('id', 'in', ids)
            .execute()
        : Promise.resolve([]),

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
export type ReportsRepository = ReturnType<typeof createReportsRepository>;

import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { FITTED_RATES } from '../../db/tables/item-parameters.ts';
import { n, reportSql, type Scope } from './report-sql.ts';

/** Item analysis' SQL: the assessments that have attempts, and the item tables folded in from them. */
export function createItemStatsRepository(db: Db, dialect: Dialect) {
  const { studentOf, schoolsOf } = reportSql(dialect);

  return {
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
            .leftJoin('item_parameters as ip', 'ip.question_id', 'questions.id')
            .select([
              'questions.id',
              'questions.type',
              'questions.stem',
              'questions.content',
              ...FITTED_RATES,
            ])
            .where('questions.id', 'in', ids)
            .execute()
        : Promise.resolve([]),
  };
}

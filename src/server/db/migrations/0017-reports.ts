import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Reports and the admin dashboard at scale (10,000 students, a million answers):
 * - ranking_opt_outs: students who chose to appear in no ranking anyone else sees;
 * - report_scores: per student, their scored attempts and the sum of their percents (rankings), set again
 *   after each of their submits;
 * - report_item_*: item analysis adds up answers once. The ledger lists the submitted attempts already
 *   counted (with the student's school when counted); per assessment and school, the totals of those
 *   attempts; per assessment, question, school and distinct answer, the counts and score sums that facility
 *   and point-biserial need. A report folds in the attempts submitted since the last one (reports.service.ts).
 * - indexes that let the other reports read only an index: scores per student (rankings), activity by day,
 *   the last activity per student (inactive students).
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('ranking_opt_outs')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('report_scores')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('sum_percent', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('report_item_ledger')
    .addColumn('attempt_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('assessment_id', 'integer', (c) => c.notNull())
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('batch', 'varchar(36)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('report_item_ledger_assessment_idx')
    .on('report_item_ledger')
    .columns(['assessment_id'])
    .execute();
  await db.schema
    .createIndex('report_item_ledger_batch_idx')
    .on('report_item_ledger')
    .columns(['batch'])
    .execute();
  await db.schema
    .createTable('report_item_totals')
    .addColumn('assessment_id', 'integer', (c) => c.notNull())
    .addColumn('school_id', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('sum_total', 'bigint', (c) => c.notNull())
    .addColumn('sum_total_sq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_item_totals_pk', ['assessment_id', 'school_id'])
    .execute();
  await db.schema
    .createTable('report_item_stats')
    .addColumn('assessment_id', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'integer', (c) => c.notNull())
    .addColumn('school_id', 'integer', (c) => c.notNull())
    // The answer as stored (JSON); '' for a saved blank.
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('n_right', 'integer', (c) => c.notNull())
    .addColumn('sum_total', 'bigint', (c) => c.notNull())
    .addColumn('sum_total_sq', 'bigint', (c) => c.notNull())
    .addColumn('sum_total_right', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_item_stats_pk', ['assessment_id', 'question_id', 'school_id', 'answer'])
    .execute();

  // Rankings and school averages: the scored attempts of each student in student order, with their percent.
  await db.schema
    .createIndex('attempts_scores_idx')
    .on('attempts')
    .columns(['status', 'user_id', 'kind', 'percent'])
    .execute();
  // Item analysis: the submitted attempts of one assessment (what is not yet in the ledger).
  await db.schema
    .createIndex('attempts_assessment_idx')
    .on('attempts')
    .columns(['assessment_id', 'status'])
    .execute();
  // Activity per day and recent attempts.
  await db.schema
    .createIndex('attempts_submitted_idx')
    .on('attempts')
    .columns(['submitted_at', 'user_id'])
    .execute();
  // Last activity per student (inactive students), and who was active this week.
  await db.schema
    .createIndex('attempts_user_started_idx')
    .on('attempts')
    .columns(['user_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('attempts_started_idx')
    .on('attempts')
    .columns(['started_at', 'user_id'])
    .execute();
  await db.schema
    .createIndex('daily_performance_day_idx')
    .on('daily_performance')
    .columns(['day', 'user_id'])
    .execute();
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The learning loop's derived state, all recomputable from the graded answers (the recalculation calls of
 * spec 7 rebuild it; a submit refreshes it in the background):
 * - topic_mastery: the proficiency model's estimate per student per micro topic (learning/mastery-model.ts);
 * - mastery_history: the estimate at the end of each day it moved, so the profile can draw it over time;
 * - user_progress: per subject (subject_id 0: overall) topics mastered of all, assessments done, time spent;
 * - daily_performance: per day questions answered, how many right, minutes active.
 *
 * Only answers whose marks the student may see feed the estimates and the accuracy: a per-topic mastery
 * moved by an exam whose answers are held back would tell the student which ones they got right.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  const ts = 'varchar(30)';

  await db.schema
    .createTable('topic_mastery')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('micro_topic_id', 'integer', (c) =>
      c.notNull().references('micro_topics.id').onDelete('cascade'),
    )
    .addColumn('p', 'double precision', (c) => c.notNull())
    .addColumn('evidence', 'integer', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_mastery_pk', ['user_id', 'micro_topic_id'])
    .execute();

  await db.schema
    .createTable('mastery_history')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('micro_topic_id', 'integer', (c) =>
      c.notNull().references('micro_topics.id').onDelete('cascade'),
    )
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('p', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('mastery_history_pk', ['user_id', 'micro_topic_id', 'day'])
    .execute();

  await db.schema
    .createTable('user_progress')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 0: every subject together.
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('topics_mastered', 'integer', (c) => c.notNull())
    .addColumn('topics_total', 'integer', (c) => c.notNull())
    .addColumn('assessments_done', 'integer', (c) => c.notNull())
    .addColumn('seconds_spent', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_progress_pk', ['user_id', 'subject_id'])
    .execute();

  await db.schema
    .createTable('daily_performance')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('questions_answered', 'integer', (c) => c.notNull())
    // Of those, the answers whose marks the student may already see (review policy), and how many were right.
    .addColumn('questions_marked', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('minutes_active', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_performance_pk', ['user_id', 'day'])
    .execute();
}

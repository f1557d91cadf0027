import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Item parameters learned from the stored answers (issue 25): each question's slip, guess and "I don't know"
 * rates, and each micro topic's prior offset and leak (known without its prerequisites), as the last refit
 * (learning/item-parameters.ts) found them. Both tables are replaced whole by each refit; a question or topic
 * without a row uses its type's defaults. Server-internal: admins see them, students never do.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  const ts = 'varchar(30)';
  const rate = 'double precision';
  await db.schema
    .createTable('item_parameters')
    .addColumn('question_id', 'integer', (c) => c.primaryKey().references('questions.id').onDelete('cascade'))
    .addColumn('slip', rate, (c) => c.notNull())
    .addColumn('guess', rate, (c) => c.notNull())
    .addColumn('dont_know_known', rate, (c) => c.notNull())
    .addColumn('dont_know_unknown', rate, (c) => c.notNull())
    // The answers the fit rests on.
    .addColumn('answers', 'integer', (c) => c.notNull())
    .addColumn('fitted_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('topic_parameters')
    .addColumn('micro_topic_id', 'integer', (c) =>
      c.primaryKey().references('micro_topics.id').onDelete('cascade'),
    )
    // Added to the student's log-odds of knowing the topic once its prerequisites are known.
    .addColumn('offset', rate, (c) => c.notNull())
    // P(known | a prerequisite not known).
    .addColumn('leak', rate, (c) => c.notNull())
    .addColumn('students', 'integer', (c) => c.notNull())
    .addColumn('fitted_at', ts, (c) => c.notNull())
    .execute();
}

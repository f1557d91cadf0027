import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  // A question kept for Test Yourself: never drawn into a quiz, exam or diagnostic, so its key may be shown.
  await db.schema
    .alterTable('questions')
    .addColumn('practice_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The last time the server heard from an attempt before its time ran out: a late answer dated before
  // it cannot have been given offline.
  await db.schema.alterTable('attempts').addColumn('last_seen_at', 'varchar(30)').execute();
  // Results that used the offline grace (an answer or the submit arrived after the deadline), for staff.
  await db.schema
    .alterTable('attempts')
    .addColumn('used_offline_grace', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('attempt_answers')
    .addColumn('via_grace', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

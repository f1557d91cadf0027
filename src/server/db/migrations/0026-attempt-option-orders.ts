import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * An attempt's option orders in a table of their own (issue 28). They were most of an attempt's row (a quiz's
 * kilobyte and a half, a diagnostic's six and more, past a SQLite page), and every answer save rewrites that row
 * as it marks the attempt heard from; the orders are written once, at the start, and read only by the taking
 * screen and the review.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('attempt_option_orders')
    .addColumn('attempt_id', 'varchar(36)', (c) =>
      c.primaryKey().references('attempts.id').onDelete('cascade'),
    )
    .addColumn('option_orders', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into attempt_option_orders (attempt_id, option_orders)
    select id, option_orders from attempts`.execute(db);
  await db.schema.alterTable('attempts').dropColumn('option_orders').execute();
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * When a student's device last delivered answers or a submission (ISO time, server clock), so staff can
 * tell "has not started" from "answered offline and has not been back online since".
 *
 * A table of its own rather than a column on users: every update of a users row tells each process to drop
 * its cached sessions (migration 0006), and this stamp changes while a whole class is answering.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('user_sync')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_synced_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The live view of an exam (issue 27): how many answers the student's device last said were waiting to sync
 * (its outbox), reported with each save and heartbeat, and when. Null until the device first reports.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('attempts').addColumn('outbox_size', 'integer').execute();
  await db.schema.alterTable('attempts').addColumn('outbox_reported_at', 'varchar(30)').execute();
}

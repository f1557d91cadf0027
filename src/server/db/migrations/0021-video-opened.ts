import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * When the server first served a video's page to a student (issue 22): no more watched time is credited
 * than could have played since then (video-credit.ts). Null on rows from before: the first report after
 * this migration fills it in.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('content_progress').addColumn('opened_at', 'varchar(30)').execute();
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The Account screen's signed-in devices and its e-mail change.
 *
 * A session remembers what signed it in (the browser's user agent, cut short) and a coarse label of the
 * address (the network, not the exact address: enough to tell "home" from "school", no more kept than that).
 * Sessions made before this migration have neither; the screen shows them as an unknown device.
 *
 * A new e-mail address waits in `email_changes` until the link mailed to it is opened; until then the old
 * address stays the account's (sign-in, mail). One pending change per user: asking again replaces it.
 *
 * No trigger for the session cache (migration 0006): signing devices out deletes `sessions` rows and the
 * confirmed change updates `users`, both of which already report; `email_changes` is never cached.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  const ts = 'varchar(30)';
  await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(300)').execute();
  await db.schema.alterTable('sessions').addColumn('ip_label', 'varchar(60)').execute();

  await db.schema
    .createTable('email_changes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
}

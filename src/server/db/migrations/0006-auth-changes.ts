import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Every process keeps signed-in users in memory for a moment (the auth feature's session cache). Whatever
 * could change what a cached session says — a session revoked or expired early, the user row, their pending
 * school request, a school or location renamed — is reported by the database itself, whichever code (or
 * person at a SQL prompt) made the change:
 *
 * - SQLite: `auth_epoch` counts such changes; each request reads it (a few microseconds) and a process that
 *   sees a new value forgets its cache. Processes sharing the file see each other's changes at once.
 * - PostgreSQL: a notification on `auth_changed_<schema>` names the user (`*`: everyone), and every process
 *   LISTENs, so no request pays a round trip for it.
 *
 * New sessions and new users change nothing cached, and `sessions.last_used_at` is bookkeeping.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await db.schema
      .createTable('auth_epoch')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('epoch', 'integer', (c) => c.notNull())
      .execute();
    await db.insertInto('auth_epoch').values({ id: 1, epoch: 0 }).execute();
    const triggers: Array<[name: string, event: string]> = [
      ['users_changed', 'update on users'],
      ['users_deleted', 'delete on users'],
      ['sessions_changed', 'update of user_id, token_hash, expires_at on sessions'],
      ['sessions_deleted', 'delete on sessions'],
      ['school_requests_added', 'insert on school_requests'],
      ['school_requests_changed', 'update on school_requests'],
      ['school_requests_deleted', 'delete on school_requests'],
      ['schools_changed', 'update of name on schools'],
      ['schools_deleted', 'delete on schools'],
      ['locations_changed', 'update of name on locations'],
      ['locations_deleted', 'delete on locations'],
    ];
    for (const [name, event] of triggers) {
      await sql
        .raw(
          `create trigger auth_epoch_${name} after ${event} begin update auth_epoch set epoch = epoch + 1 where id = 1; end`,
        )
        .execute(db);
    }
    return;
  }

  // The user a change concerns is the row's column named by the trigger's argument; without one, everyone.
  // Identical notifications of one transaction are delivered once, so a bulk delete sends one per user.
  await sql`
    create or replace function auth_changed() returns trigger language plpgsql as $$
    declare
      channel text := 'auth_changed_' || tg_table_schema;
    begin
      if tg_nargs = 0 then
        perform pg_notify(channel, '*');
        return null;
      end if;
      if tg_op <> 'INSERT' then
        perform pg_notify(channel, coalesce(to_jsonb(old) ->> tg_argv[0], '*'));
      end if;
      if tg_op <> 'DELETE' then
        perform pg_notify(channel, coalesce(to_jsonb(new) ->> tg_argv[0], '*'));
      end if;
      return null;
    end
    $$`.execute(db);
  const triggers: Array<[name: string, event: string, userColumn: string | null]> = [
    ['users', 'update or delete on users', 'id'],
    ['sessions', 'update of user_id, token_hash, expires_at or delete on sessions', 'user_id'],
    ['school_requests', 'insert or update or delete on school_requests', 'user_id'],
    ['schools', 'update of name or delete on schools', null],
    ['locations', 'update of name or delete on locations', null],
  ];
  for (const [name, event, userColumn] of triggers) {
    await sql
      .raw(
        `create trigger auth_changed_${name} after ${event} for each row execute function auth_changed(${userColumn ? `'${userColumn}'` : ''})`,
      )
      .execute(db);
  }
}

import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Manage Users' search on PostgreSQL (issue 28): "contains" (`lower(full_name) like '%…%'` or
 * `email like '%…%'`, admin-users.repository.ts) read every one of 100,000 users, 175 ms at the p99. A
 * trigram index (the pg_trgm extension, GIN) answers the same LIKE from the index, with the same results, and
 * the planner still reads the table instead where a pattern is too short to have trigrams.
 *
 * pg_trgm ships with PostgreSQL's contrib package and is a trusted extension (any user who may create in the
 * database may install it), but a server may lack the package or the right: then this does nothing, the
 * search stays a scan, and the server starts all the same. (Installed later by hand, the two indexes below can
 * be made by hand too; the query needs no change.)
 *
 * The extension goes into `public`, not the migrating schema: tests give each run a schema of its own and
 * drop it with everything in it, which must not take the extension (and every other schema's indexes on it)
 * along. The operator class is named with its schema, as the migrating schema's search path may not see it.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const schema = await trigramSchema(db);
  if (!schema) return;
  const ops = sql.id(schema, 'gin_trgm_ops');
  // fastupdate off: GIN's default keeps new entries in a pending list (up to 4 MB) that every search reads
  // through until a vacuum merges it, which made a search after a bulk import ten times slower (6.7 ms, not
  // 0.7, at 100,000 users). Users are added far less often than they are looked for.
  await sql`create index users_name_trgm_idx on users using gin (lower(full_name) ${ops})
    with (fastupdate = off)`.execute(db);
  await sql`create index users_email_trgm_idx on users using gin (email ${ops})
    with (fastupdate = off)`.execute(db);
}

/** The schema pg_trgm is installed in, installing it when the server has it and lets us; null otherwise. */
async function trigramSchema(db: AnyDb): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const found = await installed();
  if (found) return found;
  const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!available.rows.length) return null;
  const { rows } = await sql<{ schema: string }>`select coalesce(
      (select nspname from pg_namespace where nspname = 'public'), current_schema()) as schema`.execute(db);
  const target = rows[0]?.schema;
  if (!target) return null;
  // Migrations run in one transaction: a refused CREATE EXTENSION would abort it, so it gets a savepoint.
  const guarded = db.isTransaction;
  if (guarded) await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm schema ${sql.id(target)}`.execute(db);
    if (guarded) await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    if (guarded) await sql`rollback to savepoint pg_trgm`.execute(db);
    return null;
  }
  return installed();
}

import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Every column the Users back office filters on (search, role, diagnostic, active, verified). */
const FILTERED = ['email', 'is_admin', 'is_teacher', 'taken_diagnostics', 'is_active', 'email_verified_at'];

/**
 * The Users back office pages through 100,000 users sorted by name, e-mail or creation (the id breaks ties),
 * filtered by any mix of its filters, and counts the matches. One covering index per sort: a page is read in
 * order and stops after its rows, and a filter or a count reads only the index, never the wide table rows
 * (password hashes), which made the same scans ten times slower. A teacher's view starts from the school.
 * Measured with bench/users.ts.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  const others = (...first: string[]) => [...first, ...FILTERED.filter((c) => !first.includes(c))];
  await db.schema
    .createIndex('users_list_name_idx')
    .on('users')
    .columns(others('full_name', 'id', 'school_id'))
    .execute();
  await db.schema
    .createIndex('users_list_email_idx')
    .on('users')
    .columns(others('email', 'id', 'full_name', 'school_id'))
    .execute();
  await db.schema
    .createIndex('users_list_created_idx')
    .on('users')
    .columns(others('created_at', 'id', 'full_name', 'school_id'))
    .execute();
  // Replaces 0001's index on school_id alone (still the first column, for the foreign key).
  await db.schema
    .createIndex('users_list_school_idx')
    .on('users')
    .columns(others('school_id', 'full_name', 'id'))
    .execute();
  await db.schema.dropIndex('users_school_idx').execute();
}

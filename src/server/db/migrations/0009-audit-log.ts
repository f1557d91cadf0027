import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Who changed whose roles (and a teacher's schools), what and when. A row is written in the same transaction
 * as the change it records, so the log cannot miss a change or record one that did not happen.
 *
 * Names are copied, not only referenced: the log must still read "who did what to whom" after an account is
 * renamed or removed. `before` and `after` are readable text ("teacher", "Little Acorns, Riverside") because
 * the log is read by people, on the Manage Users Role screen.
 *
 * No trigger for the session cache (migration 0006): roles live on `users`, whose updates already report,
 * and a teacher's schools are read from `teacher_schools` on every request, never cached.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const idCol = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  const ts = 'varchar(30)';

  await db.schema
    .createTable('audit_log')
    .addColumn('id', id, idCol)
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('target_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('target_name', 'varchar(200)', (c) => c.notNull())
    // grant_admin | revoke_admin | grant_teacher | revoke_teacher | set_teacher_schools
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  // Newest first, for everyone or for one user.
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_user_id', 'created_at'])
    .execute();
}

import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const idCol = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  const ts = 'varchar(30)';

  // School membership is the school's to grant: a student asks, staff approve or deny. Decided requests
  // stay as the record of who let whom in.
  await db.schema
    .createTable('school_requests')
    .addColumn('id', id, idCol)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    // pending | approved | denied | withdrawn
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('decided_at', ts)
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // At most one open request per student; a second one replaces the first.
  await db.schema
    .createIndex('school_requests_one_pending')
    .on('school_requests')
    .column('user_id')
    .unique()
    .where(sql<boolean>`status = 'pending'`)
    .execute();
  await db.schema
    .createIndex('school_requests_school_status_idx')
    .on('school_requests')
    .columns(['school_id', 'status'])
    .execute();

  // Addresses (as keyed hashes, not the addresses themselves) an account has signed in from: a stranger's
  // failed guesses elsewhere do not lock the owner out of a place they are known at.
  await db.schema
    .createTable('login_addresses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_success_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('login_addresses_pk', ['user_id', 'address_hash'])
    .execute();
}

import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Announcements (issue 8): a title, a sanitised rich-text body and an audience, published at `publish_at`.
 * `published_at` is set once, by whichever process claims the announcement first (UPDATE … WHERE
 * published_at IS NULL), and that same transaction fans the notifications out: exactly once however many
 * processes sweep. The audience is a role (null: every role) and the school rows (none: every school).
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const ts = 'varchar(30)';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('announcements')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', id)
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    // How the author chose the audience ('everyone' | 'schools' | 'role'): shown back in the list and form.
    .addColumn('audience', 'varchar(20)', (c) => c.notNull())
    // 'student' | 'teacher' | 'admin'; null: every role.
    .addColumn('role', 'varchar(20)')
    .addColumn('publish_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts)
    .addColumn('published_at', ts)
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  // The sweep's question: what is due and not yet published.
  await db.schema
    .createIndex('announcements_due_idx')
    .on('announcements')
    .columns(['published_at', 'publish_at'])
    .execute();
  await db.schema
    .createTable('announcement_schools')
    .addColumn('announcement_id', 'integer', (c) =>
      c.notNull().references('announcements.id').onDelete('cascade'),
    )
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('announcement_schools_pk', ['announcement_id', 'school_id'])
    .execute();
  await db.schema
    .createIndex('announcement_schools_school_idx')
    .on('announcement_schools')
    .columns(['school_id'])
    .execute();
}

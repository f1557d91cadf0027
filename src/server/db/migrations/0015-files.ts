import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Uploaded files (issue 8, item 1; first used by question images). The bytes live in the file store under
 * DATA_DIR/uploads by content hash; a row says what was uploaded, by whom, and what it is. Two uploads of the
 * same bytes are two rows sharing one hash, so deleting one never takes the other's content.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const ts = 'varchar(30)';
  await db.schema
    .createTable('files')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    // Null once the uploader's account is gone; the file stays where it is used.
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_hash_idx').on('files').column('hash').execute();
}

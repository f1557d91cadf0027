import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Resources (issue 8, item 4): folders of files for students and staff. Folders nest; a folder with no school
 * rows is for every school (as content is), and a sub folder is seen only where its parent is. A resource is
 * one uploaded file with a title and a description; its micro-topic links are a table of their own, so the
 * learning pathway can ask "which files teach this topic" in one query.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const ts = 'varchar(30)';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  const serial = dialect === 'postgres' ? 'serial' : 'integer';

  await db.schema
    .createTable('resource_folders')
    .addColumn('id', serial, id)
    .addColumn('parent_id', 'integer', (c) => c.references('resource_folders.id').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('resource_folders_parent_idx')
    .on('resource_folders')
    .column('parent_id')
    .execute();

  await db.schema
    .createTable('resource_folder_schools')
    .addColumn('folder_id', 'integer', (c) =>
      c.notNull().references('resource_folders.id').onDelete('cascade'),
    )
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('resource_folder_schools_pk', ['folder_id', 'school_id'])
    .execute();

  await db.schema
    .createTable('resources')
    .addColumn('id', serial, id)
    .addColumn('folder_id', 'integer', (c) =>
      c.notNull().references('resource_folders.id').onDelete('cascade'),
    )
    // A file deleted on purpose (after the "used in" question) takes its resource entry with it.
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resources_folder_idx').on('resources').column('folder_id').execute();
  await db.schema.createIndex('resources_file_idx').on('resources').column('file_id').execute();

  await db.schema
    .createTable('resource_topics')
    .addColumn('resource_id', 'integer', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('micro_topic_id', 'integer', (c) =>
      c.notNull().references('micro_topics.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('resource_topics_pk', ['resource_id', 'micro_topic_id'])
    .execute();
  await db.schema
    .createIndex('resource_topics_topic_idx')
    .on('resource_topics')
    .columns(['micro_topic_id', 'resource_id'])
    .execute();
}

import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * What students learn from (issue 8): lectures, videos and live discussions share one table, as they share one
 * list and one edit screen (spec 2.3); the kind decides which columns matter. Topic links are a table of their
 * own so the learning pathway can ask "what teaches this micro topic" in one query. A content item with no
 * school rows is for every school, as an assessment is.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const ts = 'varchar(30)';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('content_items')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', id)
    // 'lecture' | 'video' | 'live-discussion'
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    // Sanitised rich text (the one sanitiser in src/shared): a lecture's body, a video's or session's description.
    .addColumn('body_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    // Videos: an uploaded file or an external link (one of the two), a poster image, the length in seconds.
    .addColumn('video_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('external_url', 'varchar(500)')
    .addColumn('poster_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('duration_seconds', 'real')
    // Live discussions: when, and where the call happens.
    .addColumn('starts_at', ts)
    .addColumn('ends_at', ts)
    .addColumn('meeting_url', 'varchar(500)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_items_kind_idx')
    .on('content_items')
    .columns(['kind', 'published'])
    .execute();
  await db.schema
    .createIndex('content_items_starts_idx')
    .on('content_items')
    .columns(['kind', 'starts_at'])
    .execute();

  await db.schema
    .createTable('content_topics')
    .addColumn('content_id', 'integer', (c) => c.notNull().references('content_items.id').onDelete('cascade'))
    .addColumn('micro_topic_id', 'integer', (c) =>
      c.notNull().references('micro_topics.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('content_topics_pk', ['content_id', 'micro_topic_id'])
    .execute();
  await db.schema
    .createIndex('content_topics_topic_idx')
    .on('content_topics')
    .columns(['micro_topic_id', 'content_id'])
    .execute();

  await db.schema
    .createTable('content_schools')
    .addColumn('content_id', 'integer', (c) => c.notNull().references('content_items.id').onDelete('cascade'))
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('content_schools_pk', ['content_id', 'school_id'])
    .execute();

  // A lecture's (or any item's) attached files, in order. A file in use here is not deleted without asking.
  await db.schema
    .createTable('content_attachments')
    .addColumn('content_id', 'integer', (c) => c.notNull().references('content_items.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_attachments_pk', ['content_id', 'file_id'])
    .execute();

  // Per student per item: read state for lectures; position and watched intervals for videos.
  await db.schema
    .createTable('content_progress')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_id', 'integer', (c) => c.notNull().references('content_items.id').onDelete('cascade'))
    .addColumn('read_at', ts)
    // Where the player was last (seconds), to resume.
    .addColumn('position_seconds', 'real', (c) => c.notNull().defaultTo(0))
    // JSON [[start, end], ...] of seconds really played, merged and sorted; seeking adds nothing.
    .addColumn('watched', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('watched_seconds', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_at', ts)
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('content_progress_pk', ['user_id', 'content_id'])
    .execute();

  // A live discussion's thread. Deleted messages stay as rows (who deleted, when), shown as removed.
  await db.schema
    .createTable('live_messages')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', id)
    .addColumn('content_id', 'integer', (c) => c.notNull().references('content_items.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // The sender's id for the message, so a resend after a dropped connection is not posted twice.
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('body', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('deleted_at', ts)
    .addColumn('deleted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('live_messages_thread_idx')
    .on('live_messages')
    .columns(['content_id', 'id'])
    .execute();
  await db.schema
    .createIndex('live_messages_client_idx')
    .on('live_messages')
    .columns(['content_id', 'client_id'])
    .unique()
    .execute();
}

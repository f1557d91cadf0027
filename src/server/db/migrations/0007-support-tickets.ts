import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const idCol = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  const ts = 'varchar(30)';

  // A request for help: a conversation between the user who opened it and the staff who may see it.
  await db.schema
    .createTable('support_tickets')
    .addColumn('id', id, idCol)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The student's school when they opened it: that school's teachers answer it, and keep it if the student
    // moves (the new school's staff do not read the student's old conversations).
    .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('set null'))
    .addColumn('subject', 'varchar(150)', (c) => c.notNull())
    .addColumn('category', 'varchar(30)', (c) => c.notNull())
    // open | answered | closed
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    // The last message or status change: inboxes list the most recent first.
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('closed_at', ts)
    .execute();
  await db.schema
    .createIndex('support_tickets_user_idx')
    .on('support_tickets')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('support_tickets_school_idx')
    .on('support_tickets')
    .columns(['school_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('support_tickets_status_idx')
    .on('support_tickets')
    .columns(['status', 'updated_at'])
    .execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', id, idCol)
    .addColumn('ticket_id', 'integer', (c) =>
      c.notNull().references('support_tickets.id').onDelete('cascade'),
    )
    // Null once the author's account is gone; the message stays part of the conversation.
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // 1 when written by staff answering (not by the ticket's owner), kept even if the author's role changes.
    .addColumn('from_staff', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_messages_ticket_idx')
    .on('support_messages')
    .columns(['ticket_id', 'id'])
    .execute();
}

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

  await db.schema
    .createTable('subjects')
    .addColumn('id', id, idCol)
    .addColumn('name', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sub_topics')
    .addColumn('id', id, idCol)
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('sub_topics_subject_name_unique', ['subject_id', 'name'])
    .execute();
  await db.schema
    .createTable('micro_topics')
    .addColumn('id', id, idCol)
    .addColumn('sub_topic_id', 'integer', (c) => c.notNull().references('sub_topics.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('micro_topic_prerequisites')
    .addColumn('micro_topic_id', 'integer', (c) =>
      c.notNull().references('micro_topics.id').onDelete('cascade'),
    )
    .addColumn('prerequisite_id', 'integer', (c) =>
      c.notNull().references('micro_topics.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('micro_topic_prerequisites_pk', ['micro_topic_id', 'prerequisite_id'])
    .execute();

  // Questions keep their micro topic: deleting a topic that questions use is refused by the service,
  // and the foreign key (no cascade) refuses it again should anything slip past.
  await db.schema
    .createTable('questions')
    .addColumn('id', id, idCol)
    .addColumn('micro_topic_id', 'integer', (c) => c.notNull().references('micro_topics.id'))
    .addColumn('type', 'varchar(30)', (c) => c.notNull())
    .addColumn('difficulty', 'integer', (c) => c.notNull())
    .addColumn('stem', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull())
    .addColumn('image_url', 'varchar(300)')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('questions_micro_topic_idx').on('questions').column('micro_topic_id').execute();

  await db.schema
    .createTable('assessments')
    .addColumn('id', id, idCol)
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('selection', 'varchar(10)', (c) => c.notNull())
    .addColumn('shuffle_questions', 'integer', (c) => c.notNull())
    .addColumn('shuffle_options', 'integer', (c) => c.notNull())
    .addColumn('time_limit_minutes', 'integer')
    .addColumn('opens_at', ts)
    .addColumn('closes_at', ts)
    .addColumn('attempts_allowed', 'integer')
    .addColumn('pass_mark', 'integer', (c) => c.notNull())
    .addColumn('review_policy', 'varchar(20)', (c) => c.notNull())
    .addColumn('offline_grace_minutes', 'integer', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assessments_kind_idx').on('assessments').column('kind').execute();
  await db.schema
    .createTable('assessment_questions')
    .addColumn('assessment_id', 'integer', (c) =>
      c.notNull().references('assessments.id').onDelete('cascade'),
    )
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('assessment_questions_pk', ['assessment_id', 'question_id'])
    .execute();
  await db.schema
    .createTable('assessment_draws')
    .addColumn('assessment_id', 'integer', (c) =>
      c.notNull().references('assessments.id').onDelete('cascade'),
    )
    .addColumn('micro_topic_id', 'integer', (c) => c.notNull().references('micro_topics.id'))
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('assessment_draws_pk', ['assessment_id', 'micro_topic_id'])
    .execute();
  await db.schema
    .createTable('assessment_schools')
    .addColumn('assessment_id', 'integer', (c) =>
      c.notNull().references('assessments.id').onDelete('cascade'),
    )
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('assessment_schools_pk', ['assessment_id', 'school_id'])
    .execute();

  // Attempt ids are UUIDs made by the client, so a retried start is the same attempt.
  await db.schema
    .createTable('attempts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assessment_id', 'integer', (c) => c.references('assessments.id'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('question_ids', 'text', (c) => c.notNull())
    .addColumn('option_orders', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', ts, (c) => c.notNull())
    .addColumn('deadline_at', ts)
    .addColumn('grace_until', ts)
    .addColumn('submitted_at', ts)
    .addColumn('auto_submitted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('score', 'integer')
    .addColumn('max_score', 'integer')
    .addColumn('percent', 'integer')
    .addColumn('passed', 'integer')
    .execute();
  await db.schema
    .createIndex('attempts_user_idx')
    .on('attempts')
    .columns(['user_id', 'assessment_id'])
    .execute();
  // One attempt in progress per student and assessment, even when two devices start at once.
  await db.schema
    .createIndex('attempts_one_open_idx')
    .on('attempts')
    .columns(['user_id', 'assessment_id'])
    .unique()
    .where(sql.ref('status'), '=', 'in_progress')
    .execute();
  await db.schema
    .createIndex('attempts_open_idx')
    .on('attempts')
    .columns(['status', 'grace_until'])
    .execute();
  await db.schema
    .createTable('attempt_answers')
    .addColumn('attempt_id', 'varchar(36)', (c) => c.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id'))
    .addColumn('answer', 'text')
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answered_at', ts)
    .addColumn('saved_at', ts, (c) => c.notNull())
    .addColumn('correct', 'integer')
    .addPrimaryKeyConstraint('attempt_answers_pk', ['attempt_id', 'question_id'])
    .execute();

  await db.schema
    .createTable('proficiency')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('micro_topic_id', 'integer', (c) =>
      c.notNull().references('micro_topics.id').onDelete('cascade'),
    )
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('proficiency_pk', ['user_id', 'micro_topic_id'])
    .execute();
}

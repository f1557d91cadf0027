import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Frozen in time: this migration must never import application types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Accommodations and overrides (issue 27). One assessment's own rules for one student or one school (extra
 * minutes, a time multiplier, another close date, more attempts: each null keeps the assessment's), and a
 * standing time multiplier on the student's record, for every timed assessment. A row names a user or a
 * school, never both; a student's row wins over their school's.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const ts = 'varchar(30)';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('assessment_overrides')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', id)
    .addColumn('assessment_id', 'integer', (c) =>
      c.notNull().references('assessments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
    .addColumn('extra_minutes', 'integer')
    .addColumn('time_multiplier', 'double precision')
    .addColumn('closes_at', ts)
    .addColumn('attempts_allowed', 'integer')
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assessment_overrides_user')
    .on('assessment_overrides')
    .columns(['assessment_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('assessment_overrides_school')
    .on('assessment_overrides')
    .columns(['assessment_id', 'school_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('assessment_overrides_by_user')
    .on('assessment_overrides')
    .column('user_id')
    .execute();
  await db.schema.alterTable('users').addColumn('time_multiplier', 'double precision').execute();
}

import { withTransaction } from '../../db/transaction.ts';
import type { Insertable, Updateable } from 'kysely';
import { pgPoolOf, type Db } from '../../db/database.ts';
import { schoolAim } from '../../db/school-aim.ts';
import { latestOverrideClose } from '../../db/override-close.ts';
import type { AssessmentsTable } from '../../db/tables/assessments.ts';
import { containsPattern, countedPage, noneEmpty } from '../../plugins/paging.ts';

export type AssessmentRow = Awaited<ReturnType<ReturnType<typeof createAssessmentsRepository>['find']>> &
  object;

const aim = schoolAim('assessment_schools', 'assessments.id');

/** What an assessment links to: its fixed questions, its draws by topic, and its schools (none: every school). */
export interface AssessmentParts {
  questionIds: number[];
  draws: Array<{ micro_topic_id: number; count: number }>;
  schoolIds: number[];
}

async function insertParts(trx: Db, assessment_id: number, parts: AssessmentParts): Promise<void> {
  if (parts.questionIds.length)
    await trx
      .insertInto('assessment_questions')
      .values(parts.questionIds.map((question_id, i) => ({ assessment_id, question_id, position: i + 1 })))
      .execute();
  if (parts.draws.length)
    await trx
      .insertInto('assessment_draws')
      .values(parts.draws.map((d) => ({ assessment_id, ...d })))
      .execute();
  if (parts.schoolIds.length)
    await trx
      .insertInto('assessment_schools')
      .values(parts.schoolIds.map((school_id) => ({ assessment_id, school_id })))
      .execute();
}

export function createAssessmentsRepository(db: Db) {
  const base = () =>
    db
      .selectFrom('assessments')
      .selectAll('assessments')
      .select((eb) => [
        eb
          .selectFrom('attempts')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('attempts.assessment_id', '=', 'assessments.id')
          .as('attempt_count'),
        latestOverrideClose(eb),
      ]);
  return {
    /**
     * On PostgreSQL a named statement, parsed and planned once per connection: every start, view and submit
     * reads its assessment (its two subqueries cost 200–275 µs of the backend's CPU each time unnamed, 50–75
     * named). In a transaction (no pool), as built.
     */
    find: async (id: number) => {
      const query = base().where('id', '=', id);
      const pool = pgPoolOf(db);
      if (!pool) return query.executeTakeFirst();
      const { sql: text, parameters } = query.compile();
      type Row = NonNullable<Awaited<ReturnType<typeof query.executeTakeFirst>>>;
      return (await pool.query<Row>({ name: 'assessment-by-id', text, values: [...parameters] })).rows[0];
    },
    page: async (
      f: { kind: string; search?: string; schoolIds?: number[] },
      page: number,
      perPage: number,
    ) => {
      let q = base().where('kind', '=', f.kind);
      if (f.search) q = q.where('title', 'like', containsPattern(f.search));
      // A teacher's assessments: those their students can take, aimed at everyone or at one of their schools.
      if (f.schoolIds) {
        const ids = noneEmpty(f.schoolIds);
        q = q.where((eb) => eb.or([aim.everySchool(), aim.oneOf(ids)]));
      }
      return countedPage(q, (q) => q.orderBy('updated_at', 'desc').orderBy('id', 'desc'), { page, perPage });
    },
    /** Published assessments a student of this school may see. */
    visibleTo: (kind: string, schoolId: number | null) =>
      base()
        .where('kind', '=', kind)
        .where('published', '=', 1)
        .where((eb) => eb.or([aim.everySchool(), aim.oneOf([schoolId ?? -1])]))
        .orderBy('opens_at')
        .orderBy('id')
        .execute(),
    questionIds: async (id: number) =>
      (
        await db
          .selectFrom('assessment_questions')
          .select('question_id')
          .where('assessment_id', '=', id)
          .orderBy('position')
          .execute()
      ).map((r) => r.question_id),
    draws: (id: number) =>
      db
        .selectFrom('assessment_draws')
        .select(['micro_topic_id', 'count'])
        .where('assessment_id', '=', id)
        .orderBy('micro_topic_id')
        .execute(),
    schoolIds: async (id: number) =>
      (
        await db
          .selectFrom('assessment_schools')
          .select('school_id')
          .where('assessment_id', '=', id)
          .orderBy('school_id')
          .execute()
      ).map((r) => r.school_id),
    /** Of these assessments, each one's kind and target schools (none: every school). */
    kindsAndSchools: async (ids: number[]) => {
      if (!ids.length) return [];
      const [kinds, schools] = await Promise.all([
        db.selectFrom('assessments').select(['id', 'kind']).where('id', 'in', ids).execute(),
        db
          .selectFrom('assessment_schools')
          .select(['assessment_id', 'school_id'])
          .where('assessment_id', 'in', ids)
          .execute(),
      ]);
      return kinds.map((k) => ({
        id: k.id,
        kind: k.kind,
        school_ids: schools.filter((s) => s.assessment_id === k.id).map((s) => s.school_id),
      }));
    },
    delete: (id: number) => db.deleteFrom('assessments').where('id', '=', id).execute(),
    /**
     * A new assessment with its questions, draws and schools, in one commit: a quiz for one school is never,
     * between two commits, a published quiz with no school linked, which every school's students would see
     * and could start.
     */
    insert: (values: Insertable<AssessmentsTable>, parts: AssessmentParts) =>
      withTransaction(db, async (trx) => {
        const { id } = await trx
          .insertInto('assessments')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertParts(trx, id, parts);
        return id;
      }),
    /** The assessment's columns and its parts replaced, in one commit (as `insert`). */
    update: (id: number, values: Updateable<AssessmentsTable>, parts: AssessmentParts) =>
      withTransaction(db, async (trx) => {
        await trx.updateTable('assessments').set(values).where('id', '=', id).execute();
        for (const table of ['assessment_questions', 'assessment_draws', 'assessment_schools'] as const)
          await trx.deleteFrom(table).where('assessment_id', '=', id).execute();
        await insertParts(trx, id, parts);
      }),
    existingQuestionIds: async (ids: number[]) =>
      ids.length
        ? await db.selectFrom('questions').select(['id', 'practice_only']).where('id', 'in', ids).execute()
        : [],
    questionCountsByMicroTopic: async (ids: number[]) =>
      ids.length
        ? db
            .selectFrom('questions')
            .select(['micro_topic_id', (eb) => eb.fn.countAll<number>().as('n')])
            .where('micro_topic_id', 'in', ids)
            // Test Yourself questions are never drawn into an assessment.
            .where('practice_only', '=', 0)
            .groupBy('micro_topic_id')
            .execute()
        : [],
    /** The questions an assessment may draw from these topics (never the Test Yourself questions). */
    poolQuestionIds: async (microTopicIds: number[]) =>
      microTopicIds.length
        ? (
            await db
              .selectFrom('questions')
              .select('id')
              .where('micro_topic_id', 'in', microTopicIds)
              .where('practice_only', '=', 0)
              .execute()
          ).map((r) => r.id)
        : [],
    stems: async (ids: number[]) =>
      ids.length ? db.selectFrom('questions').select(['id', 'stem']).where('id', 'in', ids).execute() : [],
    existingSchoolIds: async (ids: number[]) =>
      ids.length
        ? (await db.selectFrom('schools').select('id').where('id', 'in', ids).execute()).map((r) => r.id)
        : [],
  };
}

import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';

/** A question whose key Test Yourself has shown, and to how many of the students asked about. */
export interface Revealed {
  question_id: number;
  students: number;
}

/**
 * Which keys Test Yourself has already shown, read from the practice attempts themselves (no record of its
 * own to keep in step): practice shows a question's key with the feedback on its first answer, and a
 * submitted practice attempt's review shows the key of every question it held, answered or not. So a key
 * counts as shown to a student who answered the question in practice, or whose submitted practice held it.
 */
export function createPracticeExposureRepository(db: Db, dialect: Dialect) {
  // A submitted attempt's questions are a JSON list in `question_ids`: one row per question.
  const listed =
    dialect === 'postgres'
      ? sql`cross join lateral jsonb_array_elements_text(a.question_ids::jsonb) as j(value)`
      : sql`join json_each(a.question_ids) as j`;
  const listedId = dialect === 'postgres' ? sql`cast(j.value as integer)` : sql`j.value`;

  return {
    /**
     * Of these questions, those Test Yourself has shown the key of to a student of these schools (null:
     * any student), with how many such students.
     */
    async revealed(questionIds: number[], schoolIds: number[] | null): Promise<Revealed[]> {
      if (!questionIds.length) return [];
      const ids = sql.join(questionIds);
      const ofSchools = schoolIds
        ? sql`and u.school_id in (${sql.join(schoolIds.length ? schoolIds : [-1])})`
        : sql``;
      const { rows } = await sql<{ question_id: unknown; students: unknown }>`
        select x.question_id, count(distinct x.user_id) as students from (
          select aa.question_id as question_id, a.user_id as user_id
          from attempts a
          join attempt_answers aa on aa.attempt_id = a.id
          join users u on u.id = a.user_id ${ofSchools}
          where a.kind = 'practice' and aa.answer is not null and aa.question_id in (${ids})
          union all
          select ${listedId} as question_id, a.user_id as user_id
          from attempts a
          join users u on u.id = a.user_id ${ofSchools}
          ${listed}
          where a.kind = 'practice' and a.status = 'submitted' and ${listedId} in (${ids})
        ) x
        group by x.question_id
        order by x.question_id`.execute(db);
      return rows.map((r) => ({ question_id: Number(r.question_id), students: Number(r.students) }));
    },
  };
}
export type PracticeExposureRepository = ReturnType<typeof createPracticeExposureRepository>;

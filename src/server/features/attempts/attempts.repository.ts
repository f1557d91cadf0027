import type { DatabaseSync } from 'node:sqlite';
import { rawUnit, withTransaction } from '../../db/transaction.ts';
import type { Insertable, Updateable } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import type { AttemptsTable } from '../../db/tables/attempts.ts';
import { answerQueries } from './answers.repository.ts';
import { attemptQuestionQueries } from './attempt-questions.repository.ts';
import { attemptResultQueries } from './attempt-results.repository.ts';
import { gradeQueries } from './grading.repository.ts';

export type AttemptRow = AttemptsTable;

// The answer-save path, compiled once (db/prepared.ts): it runs for every answer of every student.
const byId = prepared((db: Db, p: { id: string }) =>
  db.selectFrom('attempts').selectAll().where('id', '=', p.id),
);

function queries(db: Db, dialect: Dialect) {
  return {
    find: async (id: string) => (await byId(db, { id })).rows[0],
    /**
     * The attempt, locked until the transaction ends, so a save and a submit cannot interleave (an answer
     * saved while the grader reads would be acknowledged and never graded). SQLite has one writer and
     * serialises transactions already; PostgreSQL needs the row lock.
     */
    findLocked: (id: string) => {
      const q = db.selectFrom('attempts').selectAll().where('id', '=', id);
      return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
    },
    openFor: (userId: number, assessmentId: number) =>
      db
        .selectFrom('attempts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('assessment_id', '=', assessmentId)
        .where('status', '=', 'in_progress')
        .executeTakeFirst(),
    countFor: async (userId: number, assessmentId: number) =>
      Number(
        (
          await db
            .selectFrom('attempts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .where('assessment_id', '=', assessmentId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    insert: (v: Insertable<AttemptsTable>) => db.insertInto('attempts').values(v).execute(),
    /** The option order each question is shown in (JSON), kept apart from the attempt's row (0026). */
    insertOptionOrders: (attemptId: string, optionOrders: string) =>
      db
        .insertInto('attempt_option_orders')
        .values({ attempt_id: attemptId, option_orders: optionOrders })
        .execute(),
    /** Each question's option order; none stored (an attempt written without one) reads as none. */
    optionOrders: async (attemptId: string): Promise<Record<string, string[]>> => {
      const row = await db
        .selectFrom('attempt_option_orders')
        .select('option_orders')
        .where('attempt_id', '=', attemptId)
        .executeTakeFirst();
      return row ? (JSON.parse(row.option_orders) as Record<string, string[]>) : {};
    },
    update: (id: string, v: Updateable<AttemptsTable>) =>
      db.updateTable('attempts').set(v).where('id', '=', id).execute(),
    schoolOfUser: async (userId: number) =>
      (await db.selectFrom('users').select('school_id').where('id', '=', userId).executeTakeFirst())
        ?.school_id ?? null,
    /** Attempts in progress at assessments, of one assessment, student or school's students (retiming). */
    openAtAssessments: (f: { assessmentId?: number; userId?: number; schoolId?: number }) => {
      let q = db
        .selectFrom('attempts')
        .select(['id', 'user_id'])
        .where('status', '=', 'in_progress')
        .where('assessment_id', 'is not', null);
      if (f.assessmentId !== undefined) q = q.where('assessment_id', '=', f.assessmentId);
      if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
      if (f.schoolId !== undefined)
        q = q.where('user_id', 'in', (eb) =>
          eb.selectFrom('users').select('users.id').where('users.school_id', '=', f.schoolId!),
        );
      return q.execute();
    },
    expiredOpen: (now: string) =>
      db
        .selectFrom('attempts')
        .select('id')
        .where('status', '=', 'in_progress')
        .where('grace_until', '<', now)
        .limit(200)
        .execute(),
    ...answerQueries(db),
    ...gradeQueries(db, dialect),
    ...attemptQuestionQueries(db),
    ...attemptResultQueries(db),
  };
}

export function createAttemptsRepository(db: Db, dialect: Dialect) {
  return {
    ...queries(db, dialect),
    transaction: <T>(work: (r: ReturnType<typeof queries>) => Promise<T>) =>
      withTransaction(db, (trx) => work(queries(trx, dialect))),
    /** SQLite: `work` on the connection, a unit of the group commit; undefined where there is none. */
    rawUnit: <T>(work: (conn: DatabaseSync) => T) => rawUnit(db, work),
  };
}
export type AttemptsRepository = ReturnType<typeof createAttemptsRepository>;
/** The queries, inside or outside a transaction. */
export type AttemptQueries = ReturnType<typeof queries>;

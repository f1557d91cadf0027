import { withTransaction } from '../../db/transaction.ts';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AttemptsTable } from './attempts.table.ts';

export type AttemptRow = AttemptsTable;

function queries(db: Db) {
  return {
    find: (id: string) => db.selectFrom('attempts').selectAll().where('id', '=', id).executeTakeFirst(),
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
    summariesOf: (userId: number) =>
      db
        .selectFrom('attempts')
        .select(['id', 'assessment_id', 'status', 'percent', 'deadline_at', 'started_at'])
        .where('user_id', '=', userId)
        .where('assessment_id', 'is not', null)
        .execute(),
    insert: (v: Insertable<AttemptsTable>) => db.insertInto('attempts').values(v).execute(),
    update: (id: string, v: Updateable<AttemptsTable>) =>
      db.updateTable('attempts').set(v).where('id', '=', id).execute(),
    /** Finalises only an attempt still in progress; the count says whether this call did it. */
    markSubmitted: async (id: string, v: Updateable<AttemptsTable>) =>
      Number(
        (
          await db
            .updateTable('attempts')
            .set(v)
            .where('id', '=', id)
            .where('status', '=', 'in_progress')
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1,
    answers: (attemptId: string) =>
      db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attemptId).execute(),
    /** Upsert keyed on (attempt, question); an older write (by answer time) never overwrites a newer one. */
    upsertAnswer: (v: {
      attempt_id: string;
      question_id: number;
      answer: string | null;
      flagged: number;
      answered_at: string;
      saved_at: string;
      correct: number | null;
    }) =>
      db
        .insertInto('attempt_answers')
        .values(v)
        .onConflict((oc) =>
          oc
            .columns(['attempt_id', 'question_id'])
            .doUpdateSet({
              answer: v.answer,
              flagged: v.flagged,
              answered_at: v.answered_at,
              saved_at: v.saved_at,
              correct: v.correct,
            })
            .where('attempt_answers.answered_at', '<=', v.answered_at),
        )
        .execute(),
    setCorrect: (attemptId: string, questionId: number, correct: number) =>
      db
        .updateTable('attempt_answers')
        .set({ correct })
        .where('attempt_id', '=', attemptId)
        .where('question_id', '=', questionId)
        .execute(),
    expiredOpen: (now: string) =>
      db
        .selectFrom('attempts')
        .select('id')
        .where('status', '=', 'in_progress')
        .where('grace_until', '<', now)
        .limit(200)
        .execute(),
    /** Share of submitted attempts at an assessment that got each question right. */
    classCorrectness: (assessmentId: number) =>
      db
        .selectFrom('attempt_answers')
        .innerJoin('attempts', 'attempts.id', 'attempt_answers.attempt_id')
        .select([
          'attempt_answers.question_id',
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.sum<number>('attempt_answers.correct').as('right'),
        ])
        .where('attempts.assessment_id', '=', assessmentId)
        .where('attempts.status', '=', 'submitted')
        .groupBy('attempt_answers.question_id')
        .execute(),
    latestSubmittedOfKind: (userId: number, kind: string) =>
      db
        .selectFrom('attempts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('status', '=', 'submitted')
        .orderBy('submitted_at', 'desc')
        .executeTakeFirst(),
    addProficiency: async (
      userId: number,
      microTopicId: number,
      correct: number,
      total: number,
      now: string,
    ) => {
      await db
        .insertInto('proficiency')
        .values({ user_id: userId, micro_topic_id: microTopicId, correct, total, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['user_id', 'micro_topic_id']).doUpdateSet((eb) => ({
            correct: eb('proficiency.correct', '+', correct),
            total: eb('proficiency.total', '+', total),
            updated_at: now,
          })),
        )
        .execute();
    },
    setTakenDiagnostics: (userId: number) =>
      db.updateTable('users').set({ taken_diagnostics: 1 }).where('id', '=', userId).execute(),
    questionsByIds: (ids: number[]) =>
      ids.length
        ? db
            .selectFrom('questions')
            .innerJoin('micro_topics', 'micro_topics.id', 'questions.micro_topic_id')
            .innerJoin('sub_topics', 'sub_topics.id', 'micro_topics.sub_topic_id')
            .innerJoin('subjects', 'subjects.id', 'sub_topics.subject_id')
            .select([
              'questions.id',
              'questions.type',
              'questions.stem',
              'questions.image_url',
              'questions.micro_topic_id',
              'questions.content',
              'questions.explanation',
              'micro_topics.name as micro_topic_name',
              'subjects.id as subject_id',
              'subjects.name as subject_name',
              'subjects.position as subject_position',
            ])
            .where('questions.id', 'in', ids)
            .execute()
        : Promise.resolve([]),
    questionIdsOfMicroTopics: (microTopicIds: number[]) =>
      db
        .selectFrom('questions')
        .select(['id', 'micro_topic_id'])
        .where('micro_topic_id', 'in', microTopicIds.length ? microTopicIds : [-1])
        .execute(),
  };
}

export function createAttemptsRepository(db: Db) {
  return {
    ...queries(db),
    transaction: <T>(work: (r: ReturnType<typeof queries>) => Promise<T>) =>
      withTransaction(db, (trx) => work(queries(trx))),
  };
}
export type AttemptsRepository = ReturnType<typeof createAttemptsRepository>;

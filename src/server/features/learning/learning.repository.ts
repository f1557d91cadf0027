import { sql } from 'kysely';
import { DONT_KNOW } from '../../../shared/contracts/attempts.ts';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import type {
  DailyPerformanceTable,
  MasteryHistoryTable,
  TopicMasteryTable,
  UserProgressTable,
} from '../../db/tables/learning.ts';

/** SQLite allows 32,766 bound values per statement; rows of 4–6 columns stay well below in chunks of 500. */
const CHUNK = 500;
/** How an "I don't know" is stored (the saved answer's JSON). */
const DONT_KNOW_JSON = JSON.stringify(DONT_KNOW);
const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

export interface GradedAnswer {
  attempt_id: string;
  kind: string;
  question_id: number;
  micro_topic_id: number;
  content: string;
  answered: boolean;
  correct: number;
  at: string;
  review_policy: string | null;
  closes_at: string | null;
  offline_grace_minutes: number | null;
  /** The latest close an override of the assessment gives a student or school (issue 27). */
  override_closes_at: string | null;
}

export function createLearningRepository(db: Db) {
  return {
    async userById(id: number) {
      return db
        .selectFrom('users')
        .select(['id', 'full_name', 'school_id', 'is_admin', 'is_teacher', 'taken_diagnostics'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The whole knowledge graph in display order, with its prerequisite edges. */
    async graph() {
      const [subjects, subTopics, microTopics, edges] = await Promise.all([
        db.selectFrom('subjects').select(['id', 'name']).orderBy('position').orderBy('id').execute(),
        db
          .selectFrom('sub_topics')
          .select(['id', 'subject_id', 'name'])
          .orderBy('position')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('micro_topics')
          .select(['id', 'sub_topic_id', 'name'])
          .orderBy('position')
          .orderBy('id')
          .execute(),
        db.selectFrom('micro_topic_prerequisites').select(['micro_topic_id', 'prerequisite_id']).execute(),
      ]);
      return { subjects, subTopics, microTopics, edges };
    },

    /** The student's latest submitted attempts (the score only: every review policy shows it). */
    async lastAttempts(userId: number, limit: number) {
      return db
        .selectFrom('attempts')
        .select(['id', 'title', 'kind', 'submitted_at', 'percent'])
        .where('user_id', '=', userId)
        .where('status', '=', 'submitted')
        .orderBy('submitted_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** Which micro topics each of these assessments asks about: its fixed questions' and its draws'. */
    async topicsOfAssessments(ids: number[]) {
      if (ids.length === 0) return [];
      const [fixed, drawn] = await Promise.all([
        db
          .selectFrom('assessment_questions as aq')
          .innerJoin('questions as q', 'q.id', 'aq.question_id')
          .select(['aq.assessment_id', 'q.micro_topic_id'])
          .where('aq.assessment_id', 'in', ids)
          .distinct()
          .execute(),
        db
          .selectFrom('assessment_draws')
          .select(['assessment_id', 'micro_topic_id'])
          .where('assessment_id', 'in', ids)
          .execute(),
      ]);
      return [...fixed, ...drawn];
    },

    /** Every graded answer of the student's submitted attempts, oldest first (ties in a fixed order). */
    async gradedAnswers(userId: number, day?: string): Promise<GradedAnswer[]> {
      let q = db
        .selectFrom('attempt_answers as aa')
        .innerJoin('attempts as a', 'a.id', 'aa.attempt_id')
        .innerJoin('questions as q', 'q.id', 'aa.question_id')
        .leftJoin('assessments as s', 's.id', 'a.assessment_id')
        .select((eb) => [
          'aa.attempt_id',
          'a.kind',
          'aa.question_id',
          'q.micro_topic_id',
          'q.content',
          // "I don't know" (a diagnostic answer) is no answer to the proficiency model: wrong without a guess.
          eb.and([eb('aa.answer', 'is not', null), eb('aa.answer', '!=', DONT_KNOW_JSON)]).as('answered'),
          'aa.correct',
          eb.fn.coalesce('aa.answered_at', 'a.submitted_at').as('at'),
          's.review_policy',
          's.closes_at',
          's.offline_grace_minutes',
          sql<
            string | null
          >`(select max(o.closes_at) from assessment_overrides o where o.assessment_id = ${sql.ref('s.id')})`.as(
            'override_closes_at',
          ),
        ])
        .where('a.user_id', '=', userId)
        .where('a.status', '=', 'submitted')
        .where('aa.correct', 'is not', null);
      if (day !== undefined)
        q = q.where((eb) => eb(eb.fn.coalesce('aa.answered_at', 'a.submitted_at'), 'like', `${day}%`));
      const rows = await q.orderBy('at').orderBy('aa.attempt_id').orderBy('aa.question_id').execute();
      return rows.map((r) => ({
        ...r,
        answered: Boolean(r.answered),
        correct: r.correct ?? 0,
        at: r.at ?? '',
      }));
    },

    /** The days (UTC) on which the student's submitted attempts hold answers. */
    async answerDays(userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('attempt_answers as aa')
        .innerJoin('attempts as a', 'a.id', 'aa.attempt_id')
        .select((eb) => eb.fn.coalesce('aa.answered_at', 'a.submitted_at').as('at'))
        .where('a.user_id', '=', userId)
        .where('a.status', '=', 'submitted')
        .execute();
      return [...new Set(rows.map((r) => (r.at ?? '').slice(0, 10)).filter(Boolean))].sort();
    },

    async mastery(userId: number) {
      return db.selectFrom('topic_mastery').selectAll().where('user_id', '=', userId).execute();
    },

    async history(userId: number) {
      return db
        .selectFrom('mastery_history')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('day')
        .execute();
    },

    /** Replaces the student's estimates and their history in one transaction. */
    async replaceMastery(userId: number, topics: TopicMasteryTable[], history: MasteryHistoryTable[]) {
      await withTransaction(db, (trx) => writeMastery(trx, userId, topics, history));
    },

    async topicCount(): Promise<number> {
      const row = await db
        .selectFrom('micro_topics')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Every micro topic with its subject: what progress counts against. */
    async topicSubjects() {
      return db
        .selectFrom('micro_topics as m')
        .innerJoin('sub_topics as t', 't.id', 'm.sub_topic_id')
        .select(['m.id as micro_topic_id', 't.subject_id'])
        .execute();
    },

    /** The student's submitted assessments (practice is not one): when, and which questions. */
    async submittedAttempts(userId: number) {
      return db
        .selectFrom('attempts')
        .select(['id', 'kind', 'question_ids', 'started_at', 'submitted_at'])
        .where('user_id', '=', userId)
        .where('status', '=', 'submitted')
        .where('kind', '!=', 'practice')
        .execute();
    },

    async topicsOfQuestions(ids: number[]) {
      if (ids.length === 0) return [];
      const out: { id: number; micro_topic_id: number }[] = [];
      for (const part of chunks(ids))
        out.push(
          ...(await db
            .selectFrom('questions')
            .select(['id', 'micro_topic_id'])
            .where('id', 'in', part)
            .execute()),
        );
      return out;
    },

    async progress(userId: number) {
      return db
        .selectFrom('user_progress')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('subject_id')
        .execute();
    },

    async replaceProgress(userId: number, rows: UserProgressTable[]) {
      await withTransaction(db, (trx) => writeProgress(trx, userId, rows));
    },

    async daily(userId: number, day: string) {
      return db
        .selectFrom('daily_performance')
        .selectAll()
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst();
    },

    /** The student's daily figures from `fromDay` on, oldest first. */
    async dailyFrom(userId: number, fromDay: string) {
      return db
        .selectFrom('daily_performance')
        .select(['day', 'questions_answered', 'questions_marked', 'correct', 'minutes_active'])
        .where('user_id', '=', userId)
        .where('day', '>=', fromDay)
        .orderBy('day')
        .execute();
    },

    async replaceDaily(userId: number, day: string, row: DailyPerformanceTable | null) {
      await withTransaction(db, (trx) => writeDaily(trx, userId, day, row));
    },

    /** A submit's three recalculations written in one transaction: one commit, one sync. */
    async replaceFigures(userId: number, figures: LearningFigures) {
      await withTransaction(db, async (trx) => {
        await writeMastery(trx, userId, figures.topics, figures.history);
        await writeProgress(trx, userId, figures.progress);
        await writeDaily(trx, userId, figures.day, figures.daily);
      });
    },
  };
}

/** A student's recalculated figures, as one submit leaves them. */
export interface LearningFigures {
  topics: TopicMasteryTable[];
  history: MasteryHistoryTable[];
  progress: UserProgressTable[];
  day: string;
  daily: DailyPerformanceTable | null;
}

async function writeMastery(
  trx: Db,
  userId: number,
  topics: TopicMasteryTable[],
  history: MasteryHistoryTable[],
) {
  await trx.deleteFrom('topic_mastery').where('user_id', '=', userId).execute();
  await trx.deleteFrom('mastery_history').where('user_id', '=', userId).execute();
  for (const rows of chunks(topics)) await trx.insertInto('topic_mastery').values(rows).execute();
  for (const rows of chunks(history)) await trx.insertInto('mastery_history').values(rows).execute();
}

async function writeProgress(trx: Db, userId: number, rows: UserProgressTable[]) {
  await trx.deleteFrom('user_progress').where('user_id', '=', userId).execute();
  for (const part of chunks(rows)) await trx.insertInto('user_progress').values(part).execute();
}

/** A day without answers keeps no row. */
async function writeDaily(trx: Db, userId: number, day: string, row: DailyPerformanceTable | null) {
  await trx.deleteFrom('daily_performance').where('user_id', '=', userId).where('day', '=', day).execute();
  if (row) await trx.insertInto('daily_performance').values(row).execute();
}
export type LearningRepository = ReturnType<typeof createLearningRepository>;

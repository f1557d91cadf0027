import { withTransaction } from '../../db/transaction.ts';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { affected, prepared } from '../../db/prepared.ts';
import type { AttemptAnswersTable, AttemptsTable } from '../../db/tables/attempts.ts';

export type AttemptRow = AttemptsTable;

// The answer-save path, compiled once (db/prepared.ts): it runs for every answer of every student.
const byId = prepared((db: Db, p: { id: string }) =>
  db.selectFrom('attempts').selectAll().where('id', '=', p.id),
);
const ownOpenTouched = prepared(
  (db: Db, p: { id: string; userId: number; now: string; onTimeFrom: string }) =>
    db
      .updateTable('attempts')
      .set({ last_seen_at: p.now })
      .where('id', '=', p.id)
      .where('user_id', '=', p.userId)
      .where('status', '=', 'in_progress')
      .where('kind', '!=', 'practice')
      .where((eb) => eb.or([eb('deadline_at', 'is', null), eb('deadline_at', '>=', p.onTimeFrom)]))
      // Only what the save checks: the option orders alone are kilobytes a save would copy for nothing.
      .returning(['id', 'kind', 'question_ids', 'started_at']),
);
const answerOf = prepared((db: Db, p: { attemptId: string; questionId: number }) =>
  db
    .selectFrom('attempt_answers')
    .selectAll()
    .where('attempt_id', '=', p.attemptId)
    .where('question_id', '=', p.questionId),
);
const upsertAnswer = prepared((db: Db, v: AttemptAnswersTable) =>
  db
    .insertInto('attempt_answers')
    .values({
      attempt_id: v.attempt_id,
      question_id: v.question_id,
      answer: v.answer,
      flagged: v.flagged,
      answered_at: v.answered_at,
      saved_at: v.saved_at,
      correct: v.correct,
      via_grace: v.via_grace,
    })
    .onConflict((oc) =>
      oc
        .columns(['attempt_id', 'question_id'])
        .doUpdateSet((eb) => ({
          answer: eb.ref('excluded.answer'),
          flagged: eb.ref('excluded.flagged'),
          answered_at: eb.ref('excluded.answered_at'),
          saved_at: eb.ref('excluded.saved_at'),
          correct: eb.ref('excluded.correct'),
          via_grace: eb.ref('excluded.via_grace'),
        }))
        .whereRef('attempt_answers.answered_at', '<=', 'excluded.answered_at'),
    ),
);

/** Questions with their topic and subject, as grading and the review need them. */
function selectQuestions(db: Db) {
  return db
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
    ]);
}
/** What checking an answer needs: the type and the content, without the joins. */
const questionToCheck = prepared((db: Db, p: { id: number }) =>
  db.selectFrom('questions').select(['id', 'type', 'content']).where('id', '=', p.id),
);

/** What grading writes once it has marked an attempt (see `recordGrade`). */
export interface GradeWrites {
  attemptId: string;
  userId: number;
  marks: Pick<
    AttemptsTable,
    | 'status'
    | 'submitted_at'
    | 'auto_submitted'
    | 'used_offline_grace'
    | 'score'
    | 'max_score'
    | 'percent'
    | 'passed'
  >;
  /** Each answered question's verdict: 1 right, 0 wrong. */
  verdicts: Array<[questionId: number, correct: number]>;
  tallies: Array<{ microTopicId: number; correct: number; total: number }>;
  now: string;
  diagnostic: boolean;
}

/**
 * PostgreSQL: grading's writes to the attempt, its answers and the proficiency as one statement. Every part
 * but the marks waits on `m`, the marking of the attempt while it is in progress, so when that finds nothing,
 * nothing is written. (The diagnostic's flag on the user stays a statement of its own: session caches learn
 * of a change to a user from the write observer, which does not read raw SQL; it happens once per student.)
 */
function gradeStatement(g: GradeWrites) {
  const m = g.marks;
  const right = g.verdicts.filter(([, c]) => c === 1).map(([q]) => q);
  const parts = [
    sql`m as (update attempts set status = ${m.status}, submitted_at = ${m.submitted_at},
      auto_submitted = ${m.auto_submitted}, used_offline_grace = ${m.used_offline_grace}, score = ${m.score},
      max_score = ${m.max_score}, percent = ${m.percent}, passed = ${m.passed}
      where id = ${g.attemptId} and status = 'in_progress' returning id)`,
  ];
  if (g.verdicts.length)
    parts.push(sql`v as (update attempt_answers
      set correct = case when question_id in (${sql.join(right.length ? right : [-1])}) then 1 else 0 end
      where attempt_id = ${g.attemptId} and question_id in (${sql.join(g.verdicts.map(([q]) => q))})
        and exists (select 1 from m))`);
  if (g.tallies.length)
    parts.push(sql`p as (insert into proficiency (user_id, micro_topic_id, correct, total, updated_at)
      select ${g.userId}::integer, t.micro_topic_id, t.correct, t.total, ${g.now}::varchar
      from (values ${sql.join(
        g.tallies.map((t) => sql`(${t.microTopicId}::integer, ${t.correct}::integer, ${t.total}::integer)`),
      )}) as t (micro_topic_id, correct, total)
      where exists (select 1 from m)
      on conflict (user_id, micro_topic_id) do update set correct = proficiency.correct + excluded.correct,
        total = proficiency.total + excluded.total, updated_at = excluded.updated_at)`);
  return sql<{ won: number }>`with ${sql.join(parts)} select count(*)::integer as won from m`;
}

/** The common save's write on PostgreSQL (see `touchAndUpsert`). */
export interface OnTimeSave {
  answer: AttemptAnswersTable;
  userId: number;
  now: string;
  onTimeFrom: string;
  /** Where the student is, kept only if this answer is written; null to leave it. */
  position: number | null;
}

/**
 * PostgreSQL, the common save as one statement: `t` marks the attempt heard from while it is still the
 * student's, in progress and on time, taking its row lock (a submit waits for this statement, or this finds
 * the attempt submitted); `w` writes the answer only through `t`, and only over an older one. The position
 * moves only when the answer will be written; the check reads the statement's snapshot, so two devices saving
 * the same question at the same instant can leave the position of the older one (a resume point, no more).
 */
function onTimeSaveStatement(s: OnTimeSave) {
  const a = s.answer;
  return sql<{ touched: number; written: number }>`with t as (
      update attempts set last_seen_at = ${s.now},
        position = case when ${s.position}::integer is not null and not exists (
          select 1 from attempt_answers x
          where x.attempt_id = ${a.attempt_id} and x.question_id = ${a.question_id}
            and x.answered_at > ${a.answered_at}
        ) then ${s.position}::integer else position end
      where id = ${a.attempt_id} and user_id = ${s.userId} and status = 'in_progress' and kind <> 'practice'
        and (deadline_at is null or deadline_at >= ${s.onTimeFrom})
      returning id
    ), w as (
      insert into attempt_answers (attempt_id, question_id, answer, flagged, answered_at, saved_at, correct, via_grace)
      select t.id, ${a.question_id}::integer, ${a.answer}::text, ${a.flagged}::integer, ${a.answered_at}::varchar,
        ${a.saved_at}::varchar, ${a.correct}::integer, ${a.via_grace}::integer
      from t
      on conflict (attempt_id, question_id) do update set answer = excluded.answer, flagged = excluded.flagged,
        answered_at = excluded.answered_at, saved_at = excluded.saved_at, correct = excluded.correct,
        via_grace = excluded.via_grace
      where attempt_answers.answered_at <= excluded.answered_at
      returning 1
    )
    select (select count(*) from t)::integer as touched, (select count(*) from w)::integer as written`;
}

const ownOpenWithQuestion = prepared(
  (db: Db, p: { id: string; userId: number; questionId: number; onTimeFrom: string }) =>
    db
      .selectFrom('attempts')
      .leftJoin('questions', (join) => join.on('questions.id', '=', p.questionId))
      .select([
        'attempts.id',
        'attempts.kind',
        'attempts.question_ids',
        'attempts.started_at',
        'questions.id as question_id',
        'questions.type as question_type',
        'questions.content as question_content',
      ])
      .where('attempts.id', '=', p.id)
      .where('attempts.user_id', '=', p.userId)
      .where('attempts.status', '=', 'in_progress')
      .where('attempts.kind', '!=', 'practice')
      .where((eb) =>
        eb.or([eb('attempts.deadline_at', 'is', null), eb('attempts.deadline_at', '>=', p.onTimeFrom)]),
      ),
);

function queries(db: Db, dialect: Dialect) {
  /** SQLite: the writes of `gradeStatement`, one statement after another (in-process: no round trips). */
  async function markAndRecordEach(g: GradeWrites): Promise<boolean> {
    const won =
      Number(
        (
          await db
            .updateTable('attempts')
            .set(g.marks)
            .where('id', '=', g.attemptId)
            .where('status', '=', 'in_progress')
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1;
    if (!won) return false;
    if (g.verdicts.length) {
      const right = g.verdicts.filter(([, c]) => c === 1).map(([q]) => q);
      await db
        .updateTable('attempt_answers')
        .set((eb) => ({
          correct: eb
            .case()
            .when('question_id', 'in', right.length ? right : [-1])
            .then(1)
            .else(0)
            .end(),
        }))
        .where('attempt_id', '=', g.attemptId)
        .where(
          'question_id',
          'in',
          g.verdicts.map(([q]) => q),
        )
        .execute();
    }
    if (g.tallies.length) {
      await db
        .insertInto('proficiency')
        .values(
          g.tallies.map((t) => ({
            user_id: g.userId,
            micro_topic_id: t.microTopicId,
            correct: t.correct,
            total: t.total,
            updated_at: g.now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['user_id', 'micro_topic_id']).doUpdateSet((eb) => ({
            correct: eb('proficiency.correct', '+', eb.ref('excluded.correct')),
            total: eb('proficiency.total', '+', eb.ref('excluded.total')),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    return true;
  }

  return {
    find: async (id: string) => (await byId(db, { id })).rows[0],
    /**
     * The common save: the caller's own quiz or exam attempt, in progress and on time. Marks it heard from and
     * returns it, locked until the transaction ends, in one statement; undefined for anything else (the caller
     * then takes the long way, which tells the cases apart).
     */
    touchOwnOpen: async (id: string, userId: number, now: Date, latencyGraceMs: number) =>
      (
        await ownOpenTouched(db, {
          id,
          userId,
          now: now.toISOString(),
          onTimeFrom: new Date(now.getTime() - latencyGraceMs).toISOString(),
        })
      ).rows[0],
    /**
     * PostgreSQL's common save, read side: the caller's own quiz or exam attempt, in progress and on time, with
     * the question to check the answer against (absent: no such question), in one round trip. Undefined for
     * anything else.
     */
    ownOpenWithQuestion: async (id: string, userId: number, questionId: number, onTimeFrom: string) => {
      const row = (await ownOpenWithQuestion(db, { id, userId, questionId, onTimeFrom })).rows[0];
      if (!row) return undefined;
      const { question_id, question_type, question_content, ...attempt } = row;
      const question =
        question_id !== null && question_type !== null && question_content !== null
          ? { id: question_id, type: question_type, content: question_content }
          : undefined;
      return { attempt, question };
    },
    /**
     * PostgreSQL's common save, write side, in one statement (autocommit): false `touched` when the attempt is
     * no longer open and on time (nothing was written); false `written` when a newer answer was already there.
     */
    touchAndUpsert: async (s: OnTimeSave) => {
      const row = (await onTimeSaveStatement(s).execute(db)).rows[0];
      return { touched: row?.touched === 1, written: row?.written === 1 };
    },
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
    summariesOf: (userId: number) =>
      db
        .selectFrom('attempts')
        .select([
          'id',
          'assessment_id',
          'status',
          'percent',
          'passed',
          'deadline_at',
          'started_at',
          'submitted_at',
        ])
        .where('user_id', '=', userId)
        .where('assessment_id', 'is not', null)
        .execute(),
    insert: (v: Insertable<AttemptsTable>) => db.insertInto('attempts').values(v).execute(),
    update: (id: string, v: Updateable<AttemptsTable>) =>
      db.updateTable('attempts').set(v).where('id', '=', id).execute(),
    answers: (attemptId: string) =>
      db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attemptId).execute(),
    /**
     * Upsert keyed on (attempt, question); an older write (by answer time) never overwrites a newer one.
     * Resolves to false when a newer write was already there (the replay was superseded).
     */
    upsertAnswer: async (v: AttemptAnswersTable) => affected(await upsertAnswer(db, v)) > 0,
    answerOf: async (attemptId: string, questionId: number) =>
      (await answerOf(db, { attemptId, questionId })).rows[0],
    /** An assessment's attempts with their students, for staff (a teacher: only students of these schools). */
    staffList: (assessmentId: number, schoolIds: number[] | null) => {
      let q = db
        .selectFrom('attempts')
        .innerJoin('users', 'users.id', 'attempts.user_id')
        .leftJoin('schools', 'schools.id', 'users.school_id')
        .leftJoin('user_sync', 'user_sync.user_id', 'users.id')
        .select((eb) => [
          'user_sync.last_synced_at as student_last_synced_at',
          'attempts.id',
          'attempts.status',
          'attempts.started_at',
          'attempts.submitted_at',
          'attempts.last_seen_at',
          'attempts.score',
          'attempts.max_score',
          'attempts.percent',
          'attempts.passed',
          'attempts.auto_submitted',
          'attempts.used_offline_grace',
          'users.id as student_id',
          'users.full_name as student_name',
          'schools.name as school_name',
          eb
            .selectFrom('attempt_answers')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('attempt_answers.attempt_id', '=', 'attempts.id')
            .where('attempt_answers.via_grace', '=', 1)
            .as('late_answers'),
        ])
        .where('attempts.assessment_id', '=', assessmentId);
      if (schoolIds) q = q.where('users.school_id', 'in', schoolIds.length ? schoolIds : [-1]);
      return q.orderBy('attempts.started_at', 'desc').limit(1000).execute();
    },
    schoolOfUser: async (userId: number) =>
      (await db.selectFrom('users').select('school_id').where('id', '=', userId).executeTakeFirst())
        ?.school_id ?? null,
    /** Release facts of every assessment, to work out which still hold their questions' keys back. */
    releaseFacts: () =>
      db
        .selectFrom('assessments')
        .select(['id', 'review_policy', 'closes_at', 'offline_grace_minutes'])
        .execute(),
    /** Which of these questions the given assessments use, by fixed list or by drawing from the topic. */
    questionsUsedBy: async (assessmentIds: number[], questionIds: number[]) => {
      if (!assessmentIds.length || !questionIds.length) return [];
      const fixed = db
        .selectFrom('assessment_questions')
        .select(['assessment_questions.question_id as id', 'assessment_questions.assessment_id'])
        .where('assessment_questions.assessment_id', 'in', assessmentIds)
        .where('assessment_questions.question_id', 'in', questionIds);
      const drawn = db
        .selectFrom('assessment_draws')
        .innerJoin('questions', 'questions.micro_topic_id', 'assessment_draws.micro_topic_id')
        .select(['questions.id as id', 'assessment_draws.assessment_id'])
        .where('assessment_draws.assessment_id', 'in', assessmentIds)
        .where('questions.practice_only', '=', 0)
        .where('questions.id', 'in', questionIds);
      return fixed.unionAll(drawn).execute();
    },
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
    /**
     * Grading's writes, under the attempt's lock: the marks (only while it is still in progress), each answer's
     * verdict, the student's proficiency per topic, and for a diagnostic the flag that it was taken. False when
     * the attempt was no longer in progress, and then nothing is written. On PostgreSQL one statement (one round
     * trip instead of three); on SQLite the statements run in-process, one after another.
     */
    recordGrade: async (g: GradeWrites): Promise<boolean> => {
      const won =
        dialect === 'postgres'
          ? (await gradeStatement(g).execute(db)).rows[0]?.won === 1
          : await markAndRecordEach(g);
      if (won && g.diagnostic)
        await db.updateTable('users').set({ taken_diagnostics: 1 }).where('id', '=', g.userId).execute();
      return won;
    },
    questionsByIds: (ids: number[]) =>
      ids.length ? selectQuestions(db).where('questions.id', 'in', ids).execute() : Promise.resolve([]),
    questionToCheck: async (id: number) => (await questionToCheck(db, { id })).rows[0],
    /** Every prerequisite edge of the knowledge graph: what the adaptive diagnostic infers along. */
    prerequisiteEdges: () =>
      db.selectFrom('micro_topic_prerequisites').select(['micro_topic_id', 'prerequisite_id']).execute(),
    /** The pools an assessment draws from: never the Test Yourself questions. */
    questionIdsOfMicroTopics: (microTopicIds: number[]) =>
      db
        .selectFrom('questions')
        .select(['id', 'micro_topic_id'])
        .where('micro_topic_id', 'in', microTopicIds.length ? microTopicIds : [-1])
        .where('practice_only', '=', 0)
        .execute(),
    /** Every question of these topics, with whether it is a Test Yourself question. */
    practiceCandidates: (microTopicIds: number[]) =>
      db
        .selectFrom('questions')
        .select(['id', 'micro_topic_id', 'practice_only'])
        .where('micro_topic_id', 'in', microTopicIds.length ? microTopicIds : [-1])
        .execute(),
  };
}

export function createAttemptsRepository(db: Db, dialect: Dialect) {
  return {
    ...queries(db, dialect),
    transaction: <T>(work: (r: ReturnType<typeof queries>) => Promise<T>) =>
      withTransaction(db, (trx) => work(queries(trx, dialect))),
  };
}
export type AttemptsRepository = ReturnType<typeof createAttemptsRepository>;
/** The queries, inside or outside a transaction. */
export type AttemptQueries = ReturnType<typeof queries>;

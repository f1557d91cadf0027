import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { affected, prepared } from '../../db/prepared.ts';
import type { AttemptAnswersTable } from '../../db/tables/attempts.ts';

// The answer-save path, compiled once (db/prepared.ts): it runs for every answer of every student.
const ownOpenTouched = prepared(
  (db: Db, p: { id: string; userId: number; now: string; onTimeFrom: string; outbox: number | null }) =>
    db
      .updateTable('attempts')
      // The device's outbox, when it said: folded into the touch, no write of its own.
      .set({
        last_seen_at: p.now,
        outbox_size: sql<number | null>`coalesce(cast(${p.outbox} as integer), outbox_size)`,
        outbox_reported_at: sql<
          string | null
        >`case when cast(${p.outbox} as integer) is null then outbox_reported_at else ${p.now} end`,
      })
      .where('id', '=', p.id)
      .where('user_id', '=', p.userId)
      .where('status', '=', 'in_progress')
      .where('kind', '!=', 'practice')
      .where((eb) => eb.or([eb('deadline_at', 'is', null), eb('deadline_at', '>=', p.onTimeFrom)]))
      // Only what the save checks: the option orders alone are kilobytes a save would copy for nothing.
      .returning(['id', 'kind', 'question_ids', 'started_at', 'deadline_at', 'grace_until', 'assessment_id']),
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

/** The common save's write on PostgreSQL (see `touchAndUpsert`). */
export interface OnTimeSave {
  answer: AttemptAnswersTable;
  userId: number;
  now: string;
  onTimeFrom: string;
  /** Where the student is, kept only if this answer is written; null to leave it. */
  position: number | null;
  /** Answers waiting to sync on the device, as it reported with this save; null: it did not say. */
  outbox: number | null;
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
        outbox_size = coalesce(${s.outbox}::integer, outbox_size),
        outbox_reported_at = case when ${s.outbox}::integer is null then outbox_reported_at else ${s.now} end,
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
        'attempts.deadline_at',
        'attempts.grace_until',
        'attempts.assessment_id',
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

/** What SQLite's common save reads as it touches the attempt: the attempt, and the question's content. */
export interface TouchedWithQuestion {
  attempt: {
    id: string;
    kind: string;
    question_ids: string;
    started_at: string;
    deadline_at: string | null;
    grace_until: string | null;
    assessment_id: number | null;
  };
  /** Absent: no such question. */
  question: { content: string } | undefined;
}

/**
 * SQLite's common save on the connection itself, inside the group commit (transaction.ts `rawUnit`): the same
 * statements as `touchOwnOpen` and `upsertAnswer`, prepared once per connection and run without Kysely's
 * building, compiling and promise hops, which cost more CPU than SQLite's work for these small statements.
 * The touch also reads the question to check the answer against, so a save reads once, not twice.
 */
export interface RawOnTimeSave {
  touchOwnOpenWithQuestion(p: {
    id: string;
    userId: number;
    now: string;
    onTimeFrom: string;
    outbox: number | null;
    questionId: number;
  }): TouchedWithQuestion | undefined;
  /** False when a newer answer was already there (as `upsertAnswer`). */
  upsertAnswer(v: AttemptAnswersTable): boolean;
  setPosition(attemptId: string, position: number): void;
}

const rawSaves = new WeakMap<DatabaseSync, RawOnTimeSave>();

export function rawOnTimeSave(conn: DatabaseSync): RawOnTimeSave {
  let saves = rawSaves.get(conn);
  if (!saves) {
    saves = prepareRawOnTimeSave(conn);
    rawSaves.set(conn, saves);
  }
  return saves;
}

function prepareRawOnTimeSave(conn: DatabaseSync): RawOnTimeSave {
  // The outbox, when the device said, is folded into the touch (as ownOpenTouched).
  const touch: StatementSync = conn.prepare(`update attempts set last_seen_at = :now,
      outbox_size = coalesce(cast(:outbox as integer), outbox_size),
      outbox_reported_at = case when cast(:outbox as integer) is null then outbox_reported_at else :now end
    where id = :id and user_id = :userId and status = 'in_progress' and kind != 'practice'
      and (deadline_at is null or deadline_at >= :onTimeFrom)
    returning id, kind, question_ids, started_at, deadline_at, grace_until, assessment_id,
      (select content from questions where questions.id = :questionId) as question_content`);
  const upsert: StatementSync = conn.prepare(`insert into attempt_answers
      (attempt_id, question_id, answer, flagged, answered_at, saved_at, correct, via_grace)
    values (?, ?, ?, ?, ?, ?, ?, ?)
    on conflict (attempt_id, question_id) do update set answer = excluded.answer, flagged = excluded.flagged,
      answered_at = excluded.answered_at, saved_at = excluded.saved_at, correct = excluded.correct,
      via_grace = excluded.via_grace
    where attempt_answers.answered_at <= excluded.answered_at`);
  const position: StatementSync = conn.prepare('update attempts set position = ? where id = ?');
  return {
    touchOwnOpenWithQuestion(p) {
      const row = touch.get(p) as
        (TouchedWithQuestion['attempt'] & { question_content: string | null }) | undefined;
      if (!row) return undefined;
      const { question_content, ...attempt } = row;
      return { attempt, question: question_content === null ? undefined : { content: question_content } };
    },
    upsertAnswer: (v) =>
      Number(
        upsert.run(
          v.attempt_id,
          v.question_id,
          v.answer,
          v.flagged,
          v.answered_at,
          v.saved_at,
          v.correct,
          v.via_grace,
        ).changes,
      ) > 0,
    setPosition(attemptId, at) {
      position.run(at, attemptId);
    },
  };
}

/** An attempt's answers: reading them, and the save's writes. */
export function answerQueries(db: Db) {
  return {
    /**
     * The common save: the caller's own quiz or exam attempt, in progress and on time. Marks it heard from and
     * returns it, locked until the transaction ends, in one statement; undefined for anything else (the caller
     * then takes the long way, which tells the cases apart).
     */
    touchOwnOpen: async (
      id: string,
      userId: number,
      now: Date,
      latencyGraceMs: number,
      outbox: number | null = null,
    ) =>
      (
        await ownOpenTouched(db, {
          id,
          userId,
          now: now.toISOString(),
          onTimeFrom: new Date(now.getTime() - latencyGraceMs).toISOString(),
          outbox,
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
    answers: (attemptId: string) =>
      db.selectFrom('attempt_answers').selectAll().where('attempt_id', '=', attemptId).execute(),
    /**
     * Upsert keyed on (attempt, question); an older write (by answer time) never overwrites a newer one.
     * Resolves to false when a newer write was already there (the replay was superseded).
     */
    upsertAnswer: async (v: AttemptAnswersTable) => affected(await upsertAnswer(db, v)) > 0,
    answerOf: async (attemptId: string, questionId: number) =>
      (await answerOf(db, { attemptId, questionId })).rows[0],
  };
}

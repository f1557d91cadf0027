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

/** The common save's write on PostgreSQL (see `touchAndUpsertMany`). */
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

/** The attempt as the common save checks it. */
export type OwnOpen = {
  id: string;
  kind: string;
  question_ids: string;
  started_at: string;
  deadline_at: string | null;
  grace_until: string | null;
  assessment_id: number | null;
};

/** A common save's attempt and question, as read on PostgreSQL. */
export type OnTimeFound = {
  attempt: OwnOpen;
  question: { id: number; type: string; content: string } | undefined;
};

/** The common save's read on PostgreSQL, one per save of a batch (see `ownOpenWithQuestions`). */
export interface OnTimeLookup {
  id: string;
  userId: number;
  questionId: number;
  onTimeFrom: string;
}

/**
 * PostgreSQL, the read of a batch of common saves in one statement: for each save, its attempt if it is the
 * student's own quiz or exam attempt, in progress and on time, with the question to check the answer against.
 * `ord` numbers the saves from 1 in the order given.
 */
function ownOpenBatchStatement(saves: OnTimeLookup[]) {
  return sql<
    OwnOpen & {
      ord: number;
      question_id: number | null;
      question_type: string | null;
      question_content: string | null;
    }
  >`select i.ord, a.id, a.kind, a.question_ids, a.started_at, a.deadline_at, a.grace_until, a.assessment_id,
      q.id as question_id, q.type as question_type, q.content as question_content
    from unnest(${saves.map((s) => s.id)}::varchar[], ${saves.map((s) => s.userId)}::integer[],
      ${saves.map((s) => s.questionId)}::integer[], ${saves.map((s) => s.onTimeFrom)}::varchar[])
      with ordinality as i(id, user_id, question_id, on_time_from, ord)
    join attempts a on a.id = i.id and a.user_id = i.user_id and a.status = 'in_progress' and a.kind <> 'practice'
      and (a.deadline_at is null or a.deadline_at >= i.on_time_from)
    left join questions q on q.id = i.question_id`;
}

/**
 * PostgreSQL, the write of a batch of common saves as one statement (autocommit: one commit for all). For each
 * save, `t` marks its attempt heard from while it is still the student's, in progress and on time, taking its
 * row lock (a submit waits for this statement, or this finds the attempt submitted); `w` writes the answer only
 * through `t`, and only over an older one. The position moves only when the answer will be written; the check
 * reads the statement's snapshot, so two devices saving the same question at the same instant can leave the
 * position of the older one (a resume point, no more). A batch may hold several saves of one attempt (a device
 * sending its outbox), never two of one question (db/batcher.ts): `s` makes them one touch of the attempt,
 * and if the attempt is no longer open none of them is written. Each save is all-or-nothing on its own.
 *
 * `l` locks the batch's attempts first, in the order of their ids. Two workers' batches share attempts (a
 * class's saves land on either process); locked in whatever order the update met them, they deadlocked, and
 * PostgreSQL takes a second (deadlock_timeout) to notice: at 1,000 saves a second with two workers, a p50 of
 * seconds and saves failed. Every batch locking in one order waits its turn instead.
 */
function onTimeSaveBatchStatement(saves: OnTimeSave[]) {
  const col = <T>(pick: (s: OnTimeSave) => T) => saves.map(pick);
  return sql<{ ord: number; touched: boolean; written: boolean }>`with i as (
      select * from unnest(${col((s) => s.answer.attempt_id)}::varchar[], ${col((s) => s.userId)}::integer[],
        ${col((s) => s.answer.question_id)}::integer[], ${col((s) => s.answer.answer)}::text[],
        ${col((s) => s.answer.flagged)}::integer[], ${col((s) => s.answer.answered_at)}::varchar[],
        ${col((s) => s.answer.saved_at)}::varchar[], ${col((s) => s.answer.correct)}::integer[],
        ${col((s) => s.answer.via_grace)}::integer[], ${col((s) => s.now)}::varchar[],
        ${col((s) => s.onTimeFrom)}::varchar[], ${col((s) => s.position)}::integer[],
        ${col((s) => s.outbox)}::integer[])
        with ordinality as i(attempt_id, user_id, question_id, answer, flagged, answered_at, saved_at, correct,
          via_grace, now, on_time_from, position, outbox, ord)
    ), l as materialized (
      select a.id from attempts a where a.id in (select attempt_id from i) order by a.id for update
    ), s as (
      -- One row per attempt: its latest save of the batch, the latest outbox report, and the position of the
      -- latest save that sets one and will be written. On time by the latest save's clock (the strictest).
      select distinct on (i.attempt_id) i.attempt_id, i.user_id, i.now,
        max(i.on_time_from) over (partition by i.attempt_id) as on_time_from,
        (select o.outbox from i o where o.attempt_id = i.attempt_id and o.outbox is not null
          order by o.ord desc limit 1) as outbox,
        (select p.position from i p where p.attempt_id = i.attempt_id and p.position is not null
          and not exists (
            select 1 from attempt_answers x
            where x.attempt_id = p.attempt_id and x.question_id = p.question_id and x.answered_at > p.answered_at
          )
          order by p.ord desc limit 1) as position
      from i order by i.attempt_id, i.ord desc
    ), t as (
      update attempts a set last_seen_at = s.now,
        outbox_size = coalesce(s.outbox, a.outbox_size),
        outbox_reported_at = case when s.outbox is null then a.outbox_reported_at else s.now end,
        position = coalesce(s.position, a.position)
      from s join l on l.id = s.attempt_id
      where a.id = s.attempt_id and a.user_id = s.user_id and a.status = 'in_progress' and a.kind <> 'practice'
        and (a.deadline_at is null or a.deadline_at >= s.on_time_from)
      returning a.id
    ), w as (
      insert into attempt_answers (attempt_id, question_id, answer, flagged, answered_at, saved_at, correct, via_grace)
      select i.attempt_id, i.question_id, i.answer, i.flagged, i.answered_at, i.saved_at, i.correct, i.via_grace
      from i join t on t.id = i.attempt_id
      on conflict (attempt_id, question_id) do update set answer = excluded.answer, flagged = excluded.flagged,
        answered_at = excluded.answered_at, saved_at = excluded.saved_at, correct = excluded.correct,
        via_grace = excluded.via_grace
      where attempt_answers.answered_at <= excluded.answered_at
      returning attempt_id, question_id
    )
    select i.ord, exists (select 1 from t where t.id = i.attempt_id) as touched,
      exists (select 1 from w where w.attempt_id = i.attempt_id and w.question_id = i.question_id) as written
    from i`;
}

/**
 * Deadlock: the statement did nothing. Batches lock in one order (`l` above), but a transaction elsewhere
 * may hold an attempt's row and wait for another; the loser is retried.
 */
const DEADLOCK = '40P01';

/** What SQLite's common save reads as it touches the attempt: the attempt, and the question's content. */
export interface TouchedWithQuestion {
  attempt: OwnOpen;
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
  // The outbox, when the device said, is folded into the touch (as ownOpenTouched). Numbered parameters,
  // bound in order: binding by name looks each up, about a fifth of this statement's CPU.
  // ?1 now, ?2 outbox, ?3 id, ?4 userId, ?5 onTimeFrom, ?6 questionId.
  const touch: StatementSync = conn.prepare(`update attempts set last_seen_at = ?1,
      outbox_size = coalesce(cast(?2 as integer), outbox_size),
      outbox_reported_at = case when cast(?2 as integer) is null then outbox_reported_at else ?1 end
    where id = ?3 and user_id = ?4 and status = 'in_progress' and kind != 'practice'
      and (deadline_at is null or deadline_at >= ?5)
    returning id, kind, question_ids, started_at, deadline_at, grace_until, assessment_id,
      (select content from questions where questions.id = ?6) as question_content`);
  const upsert: StatementSync = conn.prepare(`insert into attempt_answers
      (attempt_id, question_id, answer, flagged, answered_at, saved_at, correct, via_grace)
    values (?, ?, ?, ?, ?, ?, ?, ?)
    on conflict (attempt_id, question_id) do update set answer = excluded.answer, flagged = excluded.flagged,
      answered_at = excluded.answered_at, saved_at = excluded.saved_at, correct = excluded.correct,
      via_grace = excluded.via_grace
    where attempt_answers.answered_at <= excluded.answered_at`);
  // The device sends where the student is with every answer, mostly where the server has them already (a move
  // is saved on its own): that save writes no position.
  const position: StatementSync = conn.prepare(
    'update attempts set position = ? where id = ? and position != ?',
  );
  return {
    touchOwnOpenWithQuestion(p) {
      const row = touch.get(p.now, p.outbox, p.id, p.userId, p.onTimeFrom, p.questionId) as
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
      position.run(at, attemptId, at);
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
     * PostgreSQL's common saves, read side, for a batch in one round trip: for each save (same order), the
     * caller's own quiz or exam attempt, in progress and on time, with the question to check the answer against
     * (absent: no such question); undefined for anything else.
     */
    ownOpenWithQuestions: async (saves: OnTimeLookup[]) => {
      const found: (OnTimeFound | undefined)[] = saves.map(() => undefined);
      for (const row of (await ownOpenBatchStatement(saves).execute(db)).rows) {
        const { ord, question_id, question_type, question_content, ...attempt } = row;
        const question =
          question_id !== null && question_type !== null && question_content !== null
            ? { id: question_id, type: question_type, content: question_content }
            : undefined;
        found[Number(ord) - 1] = { attempt, question };
      }
      return found;
    },
    /**
     * PostgreSQL's common saves, write side, for a batch in one statement (autocommit), each save in the same
     * order: false `touched` when its attempt is no longer open and on time (nothing of it was written); false
     * `written` when a newer answer was already there. A deadlock with another process's batch is retried (the
     * statement that lost did nothing).
     */
    touchAndUpsertMany: async (saves: OnTimeSave[]) => {
      for (let tries = 1; ; tries++) {
        try {
          const rows = (await onTimeSaveBatchStatement(saves).execute(db)).rows;
          const done = saves.map(() => ({ touched: false, written: false }));
          for (const row of rows) done[Number(row.ord) - 1] = { touched: row.touched, written: row.written };
          return done;
        } catch (error) {
          if (tries >= 3 || (error as { code?: string }).code !== DEADLOCK) throw error;
        }
      }
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

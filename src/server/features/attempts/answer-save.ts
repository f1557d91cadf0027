import type { AdaptiveStep, Feedback } from '../../../shared/contracts/attempts.ts';
import type { GivenAnswer } from '../../../shared/contracts/attempts.ts';
import { unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { isCorrect } from '../questions/question-types.ts';
import { sharedContent } from '../questions/questions.service.ts';
import type { Own } from './attempt-access.ts';
import type { AttemptClock } from './attempt-clock.ts';
import { answerTime, lateness } from './attempt-clock.ts';
import { conflict, questionIdsOf, type AttemptCore } from './attempt-core.ts';
import type { AttemptRow } from './attempts.repository.ts';
import { rawOnTimeSave, type OnTimeSave } from './answers.repository.ts';
import { createBatcher } from '../../db/batcher.ts';
import { DIAGNOSTIC_ANSWER_FINAL, repeatsStored } from './final-answer.ts';
import { feedbackFor, givenProblem, valueOf } from './given-answers.ts';
import { LATENCY_GRACE_MS } from './release.ts';

export type SaveBody = {
  answer: GivenAnswer | null;
  flagged: boolean;
  answered_at: string;
  position?: number;
  /** Answers waiting to sync on the device (stored with the touch, for the live view). */
  outbox?: number;
};
export type Saved = {
  saved: boolean;
  superseded: boolean;
  feedback: Feedback | null;
  adaptive?: AdaptiveStep;
  /** The attempt's deadline and grace as the server has them now: an override may have moved them. */
  deadline_at: string | null;
  grace_until: string | null;
};
/** As stored, with the attempt's kind (a diagnostic's answer also returns its next step). */
type Stored = Omit<Saved, 'adaptive'> & { kind: string; assessmentId: number | null };

/**
 * PostgreSQL's save batches (db/batcher.ts): at most this many saves in one, and this many running at once.
 * Two in flight let one batch's read overlap the other's write; the pool (db/database.ts) keeps connections
 * for everything else a request does.
 */
const SAVE_BATCH_MAX = 200;
const SAVE_BATCHES_IN_FLIGHT = 2;

const notInAttempt = () => unprocessable({ question_id: ['This question is not part of this attempt.'] });

/** Refuses an answer that does not fit its question (or "I don't know" outside the diagnostic). */
function checkAnswer(content: ReturnType<typeof sharedContent>, answer: GivenAnswer | null, kind: string) {
  const problem = answer && givenProblem(content, answer, kind);
  if (problem) throw unprocessable({ answer: [problem] });
}

/** Saving an answer (the common save and the long way round) and the student's place in the attempt. */
export function createAnswerSave(
  core: AttemptCore,
  parts: { own: Own; touch: AttemptClock['touch']; stepAfterAnswer: (id: string) => Promise<AdaptiveStep> },
) {
  const { ctx, repo, now, loadQuestions, heldBack } = core;
  const { own, touch, stepAfterAnswer } = parts;

  /**
   * The common save's checks, once the student's own open attempt is in hand: the question is part of it, the
   * answer fits the question, and the answer time is not before the attempt began. Returns the answer time.
   */
  function checkOnTimeSave(
    attempt: Pick<AttemptRow, 'kind' | 'question_ids' | 'started_at'>,
    question: { content: string } | undefined,
    questionId: number,
    body: SaveBody,
    t: Date,
  ): { answeredAt: number; questions: number } {
    const ids = questionIdsOf(attempt);
    if (!question || !ids.includes(questionId)) throw notInAttempt();
    checkAnswer(sharedContent(question.content), body.answer, attempt.kind);
    const answeredAt = answerTime(body.answered_at, t.getTime(), attempt.started_at);
    return { answeredAt, questions: ids.length };
  }

  /** What a common save answers: written, or superseded by a newer answer the server already has. */
  const onTimeStored = (
    attempt: Pick<AttemptRow, 'kind' | 'deadline_at' | 'grace_until' | 'assessment_id'>,
    written: boolean,
  ): Stored => ({
    saved: written,
    superseded: !written,
    feedback: null,
    kind: attempt.kind,
    deadline_at: attempt.deadline_at,
    grace_until: attempt.grace_until,
    assessmentId: attempt.assessment_id,
  });

  const answerRow = (attemptId: string, questionId: number, body: SaveBody, answeredAt: number, t: Date) => ({
    attempt_id: attemptId,
    question_id: questionId,
    answer: body.answer ? JSON.stringify(body.answer) : null,
    flagged: body.flagged ? 1 : 0,
    answered_at: new Date(answeredAt).toISOString(),
    saved_at: t.toISOString(),
    correct: null,
    via_grace: 0,
  });

  /**
   * The common save — the student's own quiz or exam attempt, in progress, on time. Undefined for anything
   * else (not theirs, submitted, late, Test Yourself), which `saveTheLongWay` tells apart.
   *
   * SQLite: two statements in one transaction, the touch (which also reads the attempt) and the upsert.
   * PostgreSQL, where each statement is a round trip and each commit a WAL flush: the saves arriving together
   * share one read and one write (`saveOnTimeBatch`), two round trips and one commit for all of them.
   */
  function saveOnTime(auth: Authed, id: string, questionId: number, body: SaveBody) {
    return ctx.dialect === 'postgres'
      ? saveOnTimeInBatch(auth, id, questionId, body)
      : saveOnTimeInTransaction(auth, id, questionId, body);
  }

  async function saveOnTimeInTransaction(auth: Authed, id: string, questionId: number, body: SaveBody) {
    // The same save on the connection itself with statements of its own (answers.repository.ts
    // `rawOnTimeSave`): one statement touches the attempt and reads the question, one writes the answer.
    const direct = repo.rawUnit((conn): Stored | undefined => {
      const statements = rawOnTimeSave(conn);
      const t = now();
      const found = statements.touchOwnOpenWithQuestion({
        id,
        userId: auth.user.id,
        now: t.toISOString(),
        onTimeFrom: new Date(t.getTime() - LATENCY_GRACE_MS).toISOString(),
        outbox: body.outbox ?? null,
        questionId,
      });
      // A diagnostic's answer is final once saved, which the long way checks under the attempt's lock.
      if (!found || found.attempt.kind === 'diagnostic') return undefined;
      // Refusals roll the touch back (the unit's savepoint), as if the request had not come.
      const { attempt } = found;
      const { answeredAt, questions } = checkOnTimeSave(attempt, found.question, questionId, body, t);
      const written = statements.upsertAnswer(answerRow(attempt.id, questionId, body, answeredAt, t));
      if (written && body.position !== undefined && body.position < questions)
        statements.setPosition(attempt.id, body.position);
      return onTimeStored(attempt, written);
    });
    if (direct) return direct;
    const q = await repo.questionToCheck(questionId);
    return repo.transaction(async (trx): Promise<Stored | undefined> => {
      const t = now();
      const attempt = await trx.touchOwnOpen(id, auth.user.id, t, LATENCY_GRACE_MS, body.outbox ?? null);
      // A diagnostic's answer is final once saved, which the long way checks under the attempt's lock.
      if (!attempt || attempt.kind === 'diagnostic') return undefined;
      // Refusals roll the touch back, as if the request had not come (the long way refuses before touching).
      const { answeredAt, questions } = checkOnTimeSave(attempt, q, questionId, body, t);
      const written = await trx.upsertAnswer(answerRow(attempt.id, questionId, body, answeredAt, t));
      if (written && body.position !== undefined && body.position < questions)
        await trx.update(attempt.id, { position: body.position });
      return onTimeStored(attempt, written);
    });
  }

  /** One save waiting for its batch (PostgreSQL). */
  type OnTimeRequest = { userId: number; id: string; questionId: number; body: SaveBody; t: Date };

  /**
   * PostgreSQL, the common saves that arrive together, in two round trips for all (group commit, db/batcher.ts):
   * one read of their attempts with their questions, the checks of each, then one statement that touches and
   * upserts each only if its attempt is still open, committed once. Each save is answered after that commit,
   * and each stands alone: one refused (422), or found not open (the long way: 404, 409, late, practice), leaves
   * the others of its batch as they would be without it.
   */
  async function saveOnTimeBatch(saves: OnTimeRequest[]): Promise<Array<Stored | undefined | Error>> {
    const onTimeFrom = saves.map((s) => new Date(s.t.getTime() - LATENCY_GRACE_MS).toISOString());
    const found = await repo.ownOpenWithQuestions(
      saves.map((s, i) => ({
        id: s.id,
        userId: s.userId,
        questionId: s.questionId,
        onTimeFrom: onTimeFrom[i]!,
      })),
    );
    const results: Array<Stored | undefined | Error> = saves.map(() => undefined);
    const writes: { index: number; save: OnTimeSave }[] = [];
    saves.forEach((s, i) => {
      const f = found[i];
      // A diagnostic's answer is final once saved, which the long way checks under the attempt's lock.
      if (!f || f.attempt.kind === 'diagnostic') return;
      try {
        // Refused before anything is written, as the long way refuses.
        const { answeredAt, questions } = checkOnTimeSave(f.attempt, f.question, s.questionId, s.body, s.t);
        writes.push({
          index: i,
          save: {
            answer: answerRow(f.attempt.id, s.questionId, s.body, answeredAt, s.t),
            userId: s.userId,
            now: s.t.toISOString(),
            onTimeFrom: onTimeFrom[i]!,
            position: s.body.position !== undefined && s.body.position < questions ? s.body.position : null,
            outbox: s.body.outbox ?? null,
          },
        });
      } catch (error) {
        results[i] = error instanceof Error ? error : new Error(String(error));
      }
    });
    if (!writes.length) return results;
    const done = await repo.touchAndUpsertMany(writes.map((w) => w.save));
    writes.forEach(({ index }, k) => {
      const { touched, written } = done[k]!;
      const { attempt } = found[index]!;
      // Submitted or past its deadline in between: nothing was written, and the long way says which.
      if (!touched) return;
      results[index] = onTimeStored(attempt, written);
    });
    return results;
  }

  const onTimeBatches =
    ctx.dialect === 'postgres'
      ? createBatcher<OnTimeRequest, Stored | undefined>({
          maxSize: SAVE_BATCH_MAX,
          maxInFlight: SAVE_BATCHES_IN_FLIGHT,
          // Two saves of one question never share a batch (one upsert per row); of one attempt they may.
          keyOf: (s) => `${s.id}:${s.questionId}`,
          run: saveOnTimeBatch,
        })
      : null;

  function saveOnTimeInBatch(auth: Authed, id: string, questionId: number, body: SaveBody) {
    return onTimeBatches!.add({ userId: auth.user.id, id, questionId, body, t: now() });
  }

  /** Every save the fast path leaves: ownership, submission, lateness and the offline grace, practice. */
  async function saveTheLongWay(
    auth: Authed,
    id: string,
    questionId: number,
    body: SaveBody,
  ): Promise<Stored> {
    const first = await own(auth, id);
    const ids = questionIdsOf(first);
    if (!ids.includes(questionId)) throw notInAttempt();
    const [q] = await loadQuestions([questionId]);
    if (!q) throw notInAttempt();
    checkAnswer(q.parsed, body.answer, first.kind);
    const showKey =
      first.kind === 'practice' && !(await heldBack([questionId], null, first.user_id)).has(questionId);
    // Locked: a submit running now either sees this answer or this save sees the attempt submitted.
    return repo.transaction(async (trx) => {
      const row = await trx.findLocked(id);
      if (!row || row.status !== 'in_progress')
        throw conflict('This attempt has been submitted; answers can no longer change.');
      const clock = { deadline_at: row.deadline_at, grace_until: row.grace_until };
      const t = now().getTime();
      const answeredAt = answerTime(body.answered_at, t, row.started_at);
      const previous = await trx.answerOf(row.id, questionId);
      if (row.kind === 'practice' && previous?.answer) {
        // Test Yourself: the first answer counts. Its key was shown, so a change would be a free mark.
        const value = valueOf(body.answer);
        if (value && previous.answer === JSON.stringify(value)) {
          return {
            saved: true,
            superseded: false,
            feedback: showKey ? feedbackFor(q, value) : null,
            kind: row.kind,
            ...clock,
            assessmentId: row.assessment_id,
          };
        }
        throw conflict('In Test Yourself your first answer counts; it cannot be changed.');
      }
      if (row.kind === 'diagnostic' && previous?.answer) {
        // Refused before any step is worked out: the refusal says the same whatever either answer was.
        if (!repeatsStored(previous.answer, body.answer)) throw conflict(DIAGNOSTIC_ANSWER_FINAL);
        // The same answer again writes nothing (its time stays when it was first given); an older replay
        // is told it was superseded, as anywhere else.
        const older = answeredAt < Date.parse(previous.answered_at ?? previous.saved_at);
        return {
          saved: !older,
          superseded: older,
          feedback: null,
          kind: row.kind,
          assessmentId: null,
          ...clock,
        };
      }
      const lateBy = lateness(row, t, answeredAt);
      const value = valueOf(body.answer);
      const feedback = showKey && value ? feedbackFor(q, value) : null;
      const written = await trx.upsertAnswer({
        ...answerRow(row.id, questionId, body, answeredAt, now()),
        correct: row.kind === 'practice' && value ? (isCorrect(q.parsed, value) ? 1 : 0) : null,
        via_grace: lateBy === 'grace' ? 1 : 0,
      });
      if (lateBy === 'grace' && written) await trx.update(row.id, { used_offline_grace: 1 });
      if (lateBy === 'on_time') await touch(row, trx);
      if (body.outbox !== undefined)
        await trx.update(row.id, { outbox_size: body.outbox, outbox_reported_at: now().toISOString() });
      if (written && body.position !== undefined && body.position < ids.length)
        await trx.update(row.id, { position: body.position });
      // An older replay of a write the server already has newer: nothing changed, and the client is told.
      return {
        saved: written,
        superseded: !written,
        feedback,
        kind: row.kind,
        assessmentId: row.assessment_id,
        ...clock,
      };
    });
  }

  async function saveAnswer(auth: Authed, id: string, questionId: number, body: SaveBody): Promise<Saved> {
    const { kind, assessmentId, ...saved } =
      (await saveOnTime(auth, id, questionId, body)) ?? (await saveTheLongWay(auth, id, questionId, body));
    if (assessmentId !== null) core.deps.onActivity?.(assessmentId, auth.user.id);
    if (kind !== 'diagnostic') return saved;
    return { ...saved, adaptive: await stepAfterAnswer(id) };
  }

  async function savePosition(auth: Authed, id: string, position: number): Promise<void> {
    const row = await own(auth, id);
    if (row.status !== 'in_progress') throw conflict('This attempt has been submitted.');
    if (position >= questionIdsOf(row).length) {
      throw unprocessable({ position: ['This attempt has fewer questions.'] });
    }
    await repo.update(row.id, { position });
    await touch(row);
  }

  return { saveAnswer, savePosition };
}

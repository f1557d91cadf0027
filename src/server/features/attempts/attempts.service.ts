import type {
  AdaptiveStep,
  Analysis,
  AnswerValue,
  Attempt,
  AttemptResult,
  DiagnosticResults,
  Feedback,
  SavedAnswer,
} from '../../../shared/contracts/attempts.ts';
import { givenAnswerSchema, isDontKnow, type GivenAnswer } from '../../../shared/contracts/attempts.ts';
import type { StaffAttempt } from '../../../shared/contracts/assessments.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, HttpError, notFound, unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import type { AssessmentsService } from '../assessments/assessments.service.ts';
import {
  answerProblem,
  describeAnswer,
  describeCorrect,
  isCorrect,
  optionOrderFor,
  toStudentQuestion,
} from '../questions/question-types.ts';
import { itemParams } from '../learning/mastery-model.ts';
import type { parseContent } from '../questions/questions.service.ts';
import { sharedContent } from '../questions/questions.service.ts';
import { roleOf } from '../users/users.service.ts';
import { createAttemptsRepository, type AttemptRow, type AttemptQueries } from './attempts.repository.ts';
import type { AttemptAnswersTable } from '../../db/tables/attempts.ts';
import { createAdaptiveSelector, type AdaptiveSelector, type DiagnosticLog } from './adaptive-selector.ts';
import { DIAGNOSTIC_ANSWER_FINAL, repeatsStored } from './final-answer.ts';
import { fixedOrderSelector, type QuestionSelector } from './question-selector.ts';
import { holdsKeys, LATENCY_GRACE_MS, REVIEW_WITHHELD, reviewReleased } from './release.ts';

export { LATENCY_GRACE_MS } from './release.ts';
/** A device clock may run this far behind the server's. */
const CLOCK_SKEW_MS = 60_000;
/**
 * The client dates answers by the server's clock (it knows the offset), so a late answer dated this far
 * before the server last heard from the attempt is still taken as given offline: request timing jitter.
 */
const LAST_SEEN_TOLERANCE_MS = 5_000;

const conflict = (message: string) => new HttpError(409, message);

export function createAttemptsService(
  ctx: AppContext,
  deps: {
    assessments: AssessmentsService;
    selector?: QuestionSelector;
    /** The diagnostic's: the next question depends on the graded answers so far. */
    adaptive?: AdaptiveSelector;
    /** The schools a teacher teaches: they read their own students' results. */
    teacherSchoolIds?: (userId: number) => Promise<number[]>;
    /** Told once an attempt's grading has committed (the learning loop refreshes the student's figures). */
    onGraded?: (userId: number) => void;
  },
) {
  const repo = createAttemptsRepository(ctx.db, ctx.dialect);
  const selector = deps.selector ?? fixedOrderSelector;
  const adaptive = deps.adaptive ?? createAdaptiveSelector();
  const now = () => ctx.now();
  const iso = () => now().toISOString();

  /** A stored answer: an answer value or "I don't know". */
  const parseGiven = (text: string | null | undefined): GivenAnswer | null =>
    text ? givenAnswerSchema.parse(JSON.parse(text)) : null;
  /** The answer to grade: "I don't know" is graded like no answer (wrong, and no chance of a guess). */
  const valueOf = (a: GivenAnswer | null): AnswerValue | null => (a && !isDontKnow(a) ? a : null);

  function givenProblem(content: ReturnType<typeof parseContent>, answer: GivenAnswer, kind: string) {
    if (isDontKnow(answer))
      return kind === 'diagnostic' ? null : '"I don\'t know" is an answer only in a diagnostic.';
    return answerProblem(content, answer);
  }

  /**
   * The questions an attempt is marked on. The adaptive diagnostic holds a pool and asks only some of it:
   * a question it never asked is not a wrong answer.
   */
  function markedOn<Q extends { id: number }>(
    row: Pick<AttemptRow, 'kind'>,
    questions: Q[],
    answers: ReadonlyMap<number, Pick<AttemptAnswersTable, 'answer'>>,
  ): Q[] {
    return row.kind === 'diagnostic' ? questions.filter((q) => answers.get(q.id)?.answer) : questions;
  }

  /** The diagnostic's answers as the adaptive selector reads them: in the order given, graded. */
  async function diagnosticLog(
    row: AttemptRow,
    questions: Awaited<ReturnType<typeof loadQuestions>>,
    saved: AttemptAnswersTable[],
  ): Promise<DiagnosticLog> {
    const byId = new Map(questions.map((q) => [q.id, q]));
    const log = saved
      .filter((a) => a.answer !== null && byId.has(a.question_id))
      .sort(
        (a, b) =>
          (a.answered_at ?? a.saved_at).localeCompare(b.answered_at ?? b.saved_at) ||
          a.question_id - b.question_id,
      )
      .map((a) => {
        const given = parseGiven(a.answer);
        const response = isDontKnow(given)
          ? ('dont_know' as const)
          : isCorrect(byId.get(a.question_id)!.parsed, given)
            ? ('correct' as const)
            : ('wrong' as const);
        return { question_id: a.question_id, response };
      });
    return {
      attempt_id: row.id,
      log,
      items: questions.map((q) => ({ id: q.id, micro_topic_id: q.micro_topic_id, ...itemParams(q.parsed) })),
      prerequisites: await repo.prerequisiteEdges(),
    };
  }

  async function loadQuestions(ids: number[], r: Pick<AttemptQueries, 'questionsByIds'> = repo) {
    const rows = await r.questionsByIds(ids);
    const byId = new Map(rows.map((r) => [r.id, { ...r, parsed: sharedContent(r.content) }]));
    return ids.map((id) => byId.get(id)!).filter(Boolean);
  }

  /** The attempt, if it is the caller's own. Staff may read their students' attempts (results only). */
  async function own(auth: Authed, id: string, opts: { staffMayRead?: boolean } = {}): Promise<AttemptRow> {
    const row = await repo.find(id);
    if (!row) throw notFound('That attempt does not exist.');
    if (row.user_id === auth.user.id) return finaliseIfExpired(row);
    if (opts.staffMayRead && roleOf(auth.user) === 'admin') return finaliseIfExpired(row);
    if (opts.staffMayRead && roleOf(auth.user) === 'teacher' && deps.teacherSchoolIds) {
      const school = await repo.schoolOfUser(row.user_id);
      if (school !== null && (await deps.teacherSchoolIds(auth.user.id)).includes(school))
        return finaliseIfExpired(row);
    }
    // Another student's attempt: indistinguishable from one that does not exist.
    throw notFound('That attempt does not exist.');
  }

  async function finaliseIfExpired(row: AttemptRow): Promise<AttemptRow> {
    if (row.status === 'in_progress' && row.grace_until && row.grace_until < iso()) {
      await grade(row, true);
      return (await repo.find(row.id))!;
    }
    return row;
  }

  /** The questions among these whose keys an assessment other than `except` still holds back. */
  async function heldBack(questionIds: number[], except: number | null): Promise<Set<number>> {
    const t = now().getTime();
    const holding = (await repo.releaseFacts()).filter((a) => a.id !== except && holdsKeys(a, t));
    return new Set(
      (
        await repo.questionsUsedBy(
          holding.map((a) => a.id),
          questionIds,
        )
      ).map((r) => r.id),
    );
  }

  /** The server heard from the attempt while its time ran: a later "offline" answer dated before this is not. */
  async function touch(row: AttemptRow, r: Pick<AttemptQueries, 'update'> = repo): Promise<void> {
    const t = now().getTime();
    if (row.status !== 'in_progress') return;
    if (row.deadline_at && t > Date.parse(row.deadline_at) + LATENCY_GRACE_MS) return;
    await r.update(row.id, { last_seen_at: new Date(t).toISOString() });
  }

  /**
   * Grades from the saved answers; only the first finaliser wins, so a retried submit changes nothing.
   * The attempt row stays locked while grading, so an answer cannot slip in between reading and marking.
   */
  async function grade(first: AttemptRow, auto: boolean): Promise<Graded | undefined> {
    // Read side by side before the lock: an attempt's questions are fixed when it starts. (Not while the
    // transaction holds its connection: on PostgreSQL, submits waiting for pooled connections while holding
    // one could take every connection of the pool and wait for each other.)
    const [assessment, questions] = await Promise.all([
      first.assessment_id ? deps.assessments.load(first.assessment_id) : null,
      loadQuestions(JSON.parse(first.question_ids) as number[]),
    ]);
    const graded = await repo.transaction(async (trx) => {
      const row = await trx.findLocked(first.id);
      if (!row || row.status !== 'in_progress') return undefined;
      const answers = new Map((await trx.answers(row.id)).map((a) => [a.question_id, a]));
      return gradeLocked(trx, { row, questions, answers, assessment }, auto);
    });
    if (graded) deps.onGraded?.(graded.row.user_id);
    return graded;
  }

  /**
   * What grading read and wrote, as it now stands in the database: the submit answers its result from this
   * instead of reading it all again (four round trips fewer on PostgreSQL). Undefined when another finaliser
   * won the race.
   */
  async function gradeLocked(
    trx: AttemptQueries,
    { row, questions, answers, assessment }: Graded,
    auto: boolean,
  ): Promise<Graded | undefined> {
    let score = 0;
    const perTopic = new Map<number, { correct: number; total: number }>();
    const verdicts: Array<[number, number]> = [];
    const marked = markedOn(row, questions, answers);
    for (const q of marked) {
      const a = answers.get(q.id);
      const right = isCorrect(q.parsed, valueOf(parseGiven(a?.answer)));
      if (right) score++;
      const t = perTopic.get(q.micro_topic_id) ?? { correct: 0, total: 0 };
      t.total++;
      if (right) t.correct++;
      perTopic.set(q.micro_topic_id, t);
      if (a) verdicts.push([q.id, right ? 1 : 0]);
    }
    const max = marked.length;
    const percent = max ? Math.round((score / max) * 100) : 0;
    const t = now().getTime();
    const deadline = row.deadline_at ? Date.parse(row.deadline_at) : null;
    // A submit that arrives after the deadline (within the offline grace) counts as made at the deadline,
    // and the result says the grace was used.
    const late = deadline !== null && t > deadline + LATENCY_GRACE_MS;
    const submittedAt = (auto || late) && row.deadline_at ? row.deadline_at : iso();
    const marks = {
      status: 'submitted',
      submitted_at: submittedAt < row.started_at ? row.started_at : submittedAt,
      auto_submitted: auto ? 1 : 0,
      used_offline_grace: row.used_offline_grace === 1 || (late && !auto) ? 1 : 0,
      score,
      max_score: max,
      percent,
      passed: assessment ? (percent >= assessment.pass_mark ? 1 : 0) : null,
    } satisfies Partial<AttemptRow>;
    const won = await trx.recordGrade({
      attemptId: row.id,
      userId: row.user_id,
      marks,
      verdicts,
      // Proficiency counts every graded question, Test Yourself included.
      tallies: [...perTopic].map(([microTopicId, t]) => ({ microTopicId, ...t })),
      now: iso(),
      diagnostic: row.kind === 'diagnostic',
    });
    if (!won) return undefined;
    for (const [questionId, correct] of verdicts)
      answers.set(questionId, { ...answers.get(questionId)!, correct });
    return { row: { ...row, ...marks }, questions, answers, assessment };
  }

  async function view(row: AttemptRow): Promise<Attempt> {
    const ids = JSON.parse(row.question_ids) as number[];
    const orders = JSON.parse(row.option_orders) as Record<string, string[]>;
    const questions = await loadQuestions(ids);
    const saved = await repo.answers(row.id);
    const answers: SavedAnswer[] = saved.map((a) => ({
      question_id: a.question_id,
      answer: parseGiven(a.answer),
      flagged: a.flagged === 1,
      answered_at: a.answered_at,
    }));
    const feedback: Record<string, Feedback> = {};
    if (row.kind === 'practice') {
      const held = await heldBack(ids, null);
      for (const a of answers) {
        const q = questions.find((x) => x.id === a.question_id);
        const value = valueOf(a.answer);
        if (q && value && !held.has(q.id)) feedback[String(q.id)] = feedbackFor(q, value);
      }
    }
    const step =
      row.kind === 'diagnostic' && row.status === 'in_progress'
        ? adaptive.step(await diagnosticLog(row, questions, saved))
        : null;
    return {
      id: row.id,
      kind: row.kind as Attempt['kind'],
      assessment_id: row.assessment_id,
      title: row.title,
      status: row.status as Attempt['status'],
      started_at: row.started_at,
      deadline_at: row.deadline_at,
      submitted_at: row.submitted_at,
      server_now: iso(),
      position: row.position,
      questions: questions.map((q) => toStudentQuestion(q, q.parsed, orders[String(q.id)] ?? [])),
      answers,
      feedback,
      next_question_id: step
        ? step.next_question_id
        : selector.next({
            question_ids: ids,
            answered: new Set(answers.filter((a) => a.answer).map((a) => a.question_id)),
          }),
      ...(step ? { adaptive: step } : {}),
    };
  }

  function feedbackFor(
    q: { parsed: ReturnType<typeof parseContent>; explanation: string },
    answer: AnswerValue,
  ): Feedback {
    return {
      correct: isCorrect(q.parsed, answer),
      explanation: q.explanation,
      correct_answer: describeCorrect(q.parsed),
    };
  }

  /**
   * The offline-grace rule. On time: it arrived by the deadline (plus network latency). Late arrivals count
   * only as answers given offline: dated before the deadline, delivered within the grace, and dated after the
   * last time the server heard from this attempt (a student who stayed online cannot claim to have been
   * offline). Anything else is refused.
   */
  function lateness(row: AttemptRow, t: number, answeredAt: number): 'on_time' | 'grace' {
    if (!row.deadline_at) return 'on_time';
    const deadline = Date.parse(row.deadline_at);
    if (t <= deadline + LATENCY_GRACE_MS) return 'on_time';
    const lastSeen = row.last_seen_at ? Date.parse(row.last_seen_at) : Date.parse(row.started_at);
    const offline =
      row.grace_until !== null &&
      t <= Date.parse(row.grace_until) &&
      answeredAt <= deadline + LATENCY_GRACE_MS &&
      answeredAt >= lastSeen - LAST_SEEN_TOLERANCE_MS;
    if (!offline) {
      throw conflict(
        answeredAt <= deadline + LATENCY_GRACE_MS && t <= Date.parse(row.grace_until ?? row.deadline_at)
          ? 'Time is up: this answer is dated before your device last reached the server, so it was not given offline.'
          : 'Time is up: answers given after the deadline are not accepted.',
      );
    }
    return 'grace';
  }

  /** The diagnostic comes first: until it is done a student takes nothing else (the menu says so too). */
  function requireDiagnostic(auth: Authed): void {
    if (auth.user.taken_diagnostics !== 1) throw forbidden('Take the diagnostic first: it unlocks the rest.');
  }

  async function create(
    auth: Authed,
    id: string,
    plan: {
      assessmentId: number | null;
      kind: string;
      title: string;
      questionIds: number[];
      shuffleOptions: boolean;
      deadline: string | null;
      graceMinutes: number;
      startedAt: number;
    },
  ) {
    const questions = await loadQuestions(plan.questionIds);
    const orders = Object.fromEntries(
      questions.map((q) => [String(q.id), optionOrderFor(q.parsed, plan.shuffleOptions)]),
    );
    // The deadline was computed from this same instant, so started_at + limit is exactly the deadline.
    const startedAt = new Date(plan.startedAt).toISOString();
    try {
      await repo.insert({
        id,
        user_id: auth.user.id,
        assessment_id: plan.assessmentId,
        kind: plan.kind,
        title: plan.title,
        status: 'in_progress',
        question_ids: JSON.stringify(questions.map((q) => q.id)),
        option_orders: JSON.stringify(orders),
        position: 0,
        started_at: startedAt,
        deadline_at: plan.deadline,
        grace_until: plan.deadline
          ? new Date(
              Date.parse(plan.deadline) + Math.max(plan.graceMinutes * 60_000, LATENCY_GRACE_MS),
            ).toISOString()
          : null,
        submitted_at: null,
        auto_submitted: 0,
        score: null,
        max_score: null,
        percent: null,
        passed: null,
        last_seen_at: startedAt,
        used_offline_grace: 0,
      });
    } catch (err) {
      // Two devices started at once: the unique index kept one attempt in progress; use that one.
      const existing = plan.assessmentId ? await repo.openFor(auth.user.id, plan.assessmentId) : undefined;
      if (existing) return existing;
      throw err;
    }
    return (await repo.find(id))!;
  }

  type LoadedAssessment = Awaited<ReturnType<AssessmentsService['load']>>;
  type Graded = {
    row: AttemptRow;
    questions: Awaited<ReturnType<typeof loadQuestions>>;
    answers: Map<number, AttemptAnswersTable>;
    assessment: LoadedAssessment | null;
  };
  type SaveBody = { answer: GivenAnswer | null; flagged: boolean; answered_at: string; position?: number };
  type Saved = { saved: boolean; superseded: boolean; feedback: Feedback | null; adaptive?: AdaptiveStep };
  /** As stored, with the attempt's kind (a diagnostic's answer also returns its next step). */
  type Stored = Omit<Saved, 'adaptive'> & { kind: string };

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
    const ids = JSON.parse(attempt.question_ids) as number[];
    if (!question || !ids.includes(questionId))
      throw unprocessable({ question_id: ['This question is not part of this attempt.'] });
    const problem = body.answer && givenProblem(sharedContent(question.content), body.answer, attempt.kind);
    if (problem) throw unprocessable({ answer: [problem] });
    const answeredAt = Math.min(Date.parse(body.answered_at), t.getTime());
    if (answeredAt < Date.parse(attempt.started_at) - CLOCK_SKEW_MS)
      throw unprocessable({ answered_at: ['The answer time is before the attempt started.'] });
    return { answeredAt, questions: ids.length };
  }

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
   * PostgreSQL, where each statement is a round trip: one read of the attempt with the question, the checks,
   * then one statement that touches and upserts only if the attempt is still open (two round trips, not five).
   */
  function saveOnTime(auth: Authed, id: string, questionId: number, body: SaveBody) {
    return ctx.dialect === 'postgres'
      ? saveOnTimeInTwoTrips(auth, id, questionId, body)
      : saveOnTimeInTransaction(auth, id, questionId, body);
  }

  async function saveOnTimeInTransaction(auth: Authed, id: string, questionId: number, body: SaveBody) {
    const q = await repo.questionToCheck(questionId);
    return repo.transaction(async (trx): Promise<Stored | undefined> => {
      const t = now();
      const attempt = await trx.touchOwnOpen(id, auth.user.id, t, LATENCY_GRACE_MS);
      // A diagnostic's answer is final once saved, which the long way checks under the attempt's lock.
      if (!attempt || attempt.kind === 'diagnostic') return undefined;
      // Refusals roll the touch back, as if the request had not come (the long way refuses before touching).
      const { answeredAt, questions } = checkOnTimeSave(attempt, q, questionId, body, t);
      const written = await trx.upsertAnswer(answerRow(attempt.id, questionId, body, answeredAt, t));
      if (written && body.position !== undefined && body.position < questions)
        await trx.update(attempt.id, { position: body.position });
      return { saved: written, superseded: !written, feedback: null, kind: attempt.kind };
    });
  }

  async function saveOnTimeInTwoTrips(
    auth: Authed,
    id: string,
    questionId: number,
    body: SaveBody,
  ): Promise<Stored | undefined> {
    const t = now();
    const onTimeFrom = new Date(t.getTime() - LATENCY_GRACE_MS).toISOString();
    const found = await repo.ownOpenWithQuestion(id, auth.user.id, questionId, onTimeFrom);
    // A diagnostic's answer is final once saved, which the long way checks under the attempt's lock.
    if (!found || found.attempt.kind === 'diagnostic') return undefined;
    // Refused before anything is written, as the long way refuses.
    const { answeredAt, questions } = checkOnTimeSave(found.attempt, found.question, questionId, body, t);
    const { touched, written } = await repo.touchAndUpsert({
      answer: answerRow(found.attempt.id, questionId, body, answeredAt, t),
      userId: auth.user.id,
      now: t.toISOString(),
      onTimeFrom,
      position: body.position !== undefined && body.position < questions ? body.position : null,
    });
    // Submitted or past its deadline in between: nothing was written, and the long way says which.
    if (!touched) return undefined;
    return { saved: written, superseded: !written, feedback: null, kind: found.attempt.kind };
  }

  /** Every save the fast path leaves: ownership, submission, lateness and the offline grace, practice. */
  async function saveTheLongWay(
    auth: Authed,
    id: string,
    questionId: number,
    body: SaveBody,
  ): Promise<Stored> {
    const first = await own(auth, id);
    const ids = JSON.parse(first.question_ids) as number[];
    if (!ids.includes(questionId))
      throw unprocessable({ question_id: ['This question is not part of this attempt.'] });
    const [q] = await loadQuestions([questionId]);
    if (!q) throw unprocessable({ question_id: ['This question is not part of this attempt.'] });
    if (body.answer) {
      const problem = givenProblem(q.parsed, body.answer, first.kind);
      if (problem) throw unprocessable({ answer: [problem] });
    }
    const showKey = first.kind === 'practice' && !(await heldBack([questionId], null)).has(questionId);
    // Locked: a submit running now either sees this answer or this save sees the attempt submitted.
    return repo.transaction(async (trx) => {
      const row = await trx.findLocked(id);
      if (!row || row.status !== 'in_progress')
        throw conflict('This attempt has been submitted; answers can no longer change.');
      const t = now().getTime();
      const answeredAt = Math.min(Date.parse(body.answered_at), t);
      if (answeredAt < Date.parse(row.started_at) - CLOCK_SKEW_MS)
        throw unprocessable({ answered_at: ['The answer time is before the attempt started.'] });
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
        return { saved: !older, superseded: older, feedback: null, kind: row.kind };
      }
      const lateBy = lateness(row, t, answeredAt);
      const value = valueOf(body.answer);
      const feedback = showKey && value ? feedbackFor(q, value) : null;
      const written = await trx.upsertAnswer({
        attempt_id: row.id,
        question_id: questionId,
        answer: body.answer ? JSON.stringify(body.answer) : null,
        flagged: body.flagged ? 1 : 0,
        answered_at: new Date(answeredAt).toISOString(),
        saved_at: iso(),
        correct: row.kind === 'practice' && value ? (isCorrect(q.parsed, value) ? 1 : 0) : null,
        via_grace: lateBy === 'grace' ? 1 : 0,
      });
      if (lateBy === 'grace' && written) await trx.update(row.id, { used_offline_grace: 1 });
      if (lateBy === 'on_time') await touch(row, trx);
      if (written && body.position !== undefined && body.position < ids.length)
        await trx.update(row.id, { position: body.position });
      // An older replay of a write the server already has newer: nothing changed, and the client is told.
      return { saved: written, superseded: !written, feedback, kind: row.kind };
    });
  }

  /** The result as the caller may see it: the score, and per topic only once the answers are released. */
  function resultOf(auth: Authed, { row, questions, answers, assessment }: Graded): AttemptResult {
    const released = staffReads(auth, row) || reviewReleased(assessment, now().getTime());
    const topics = new Map<
      number,
      {
        micro_topic_id: number;
        micro_topic_name: string;
        subject_name: string;
        correct: number | null;
        total: number;
      }
    >();
    for (const q of markedOn(row, questions, answers)) {
      const t = topics.get(q.micro_topic_id) ?? {
        micro_topic_id: q.micro_topic_id,
        micro_topic_name: q.micro_topic_name,
        subject_name: q.subject_name,
        correct: 0,
        total: 0,
      };
      t.total++;
      if (answers.get(q.id)?.correct === 1) t.correct = (t.correct ?? 0) + 1;
      topics.set(q.micro_topic_id, t);
    }
    return {
      attempt_id: row.id,
      kind: row.kind as AttemptResult['kind'],
      assessment_id: row.assessment_id,
      title: row.title,
      score: row.score ?? 0,
      max_score: row.max_score ?? 0,
      percent: row.percent ?? 0,
      pass_mark: assessment?.pass_mark ?? null,
      passed: row.passed === null ? null : row.passed === 1,
      started_at: row.started_at,
      submitted_at: row.submitted_at!,
      time_taken_seconds: Math.max(
        0,
        Math.round((Date.parse(row.submitted_at!) - Date.parse(row.started_at)) / 1000),
      ),
      auto_submitted: row.auto_submitted === 1,
      used_offline_grace: row.used_offline_grace === 1,
      late_answers: [...answers.values()].filter((a) => a.via_grace === 1).length,
      review_available: released,
      // Before the answers are released the score is all there is: per-topic tallies of a topic with one
      // question would be right/wrong flags.
      per_micro_topic: [...topics.values()].map((t) => (released ? t : { ...t, correct: null })),
    };
  }

  return {
    async start(auth: Authed, body: { id: string; assessment_id: number }): Promise<Attempt> {
      const same = await repo.find(body.id);
      if (same) {
        if (same.user_id !== auth.user.id) throw conflict('That attempt id is already in use.');
        return view(await finaliseIfExpired(same));
      }
      const assessment = await deps.assessments.load(body.assessment_id).catch(() => null);
      if (!assessment || !(await deps.assessments.visibleTo(auth.user, assessment)))
        throw notFound('That assessment does not exist.');
      if (assessment.kind !== 'diagnostic') requireDiagnostic(auth);
      const open = await repo.openFor(auth.user.id, assessment.id);
      if (open) {
        const current = await finaliseIfExpired(open);
        if (current.status === 'in_progress') return view(current);
      }
      const t = now().getTime();
      if (assessment.opens_at && Date.parse(assessment.opens_at) > t)
        throw conflict('This assessment has not opened yet.');
      if (assessment.closes_at && Date.parse(assessment.closes_at) <= t)
        throw conflict('This assessment is closed.');
      const used = await repo.countFor(auth.user.id, assessment.id);
      if (assessment.attempts_allowed !== null && used >= assessment.attempts_allowed) {
        // A double-clicked Start: the other click's attempt is the one to resume, not a refusal.
        const raced = await repo.openFor(auth.user.id, assessment.id);
        if (raced) return view(await finaliseIfExpired(raced));
        throw conflict(
          `You have used all ${assessment.attempts_allowed} attempt${assessment.attempts_allowed === 1 ? '' : 's'} at this assessment.`,
        );
      }
      const full = await deps.assessments.toAssessment(assessment);
      const pools = await repo.questionIdsOfMicroTopics(full.draws.map((d) => d.micro_topic_id));
      const questionIds = selector.plan({
        fixed: full.selection === 'fixed' ? full.question_ids : [],
        draws: full.draws.map((d) => ({
          pool: pools.filter((p) => p.micro_topic_id === d.micro_topic_id).map((p) => p.id),
          count: d.count,
        })),
        shuffle: full.shuffle_questions,
      });
      const ends = [
        full.time_limit_minutes ? t + full.time_limit_minutes * 60_000 : null,
        full.closes_at ? Date.parse(full.closes_at) : null,
      ].filter((x): x is number => x !== null);
      const row = await create(auth, body.id, {
        assessmentId: full.id,
        kind: full.kind,
        title: full.title,
        questionIds,
        shuffleOptions: full.shuffle_options,
        deadline: ends.length ? new Date(Math.min(...ends)).toISOString() : null,
        graceMinutes: full.offline_grace_minutes,
        startedAt: t,
      });
      return view(row);
    },

    async startPractice(
      auth: Authed,
      body: { id: string; micro_topic_ids: number[]; count: number },
    ): Promise<Attempt> {
      const same = await repo.find(body.id);
      if (same) {
        if (same.user_id !== auth.user.id) throw conflict('That attempt id is already in use.');
        return view(same);
      }
      requireDiagnostic(auth);
      // Practice shows each key straight away, so it never draws a question an assessment still holds back.
      const candidates = await repo.practiceCandidates([...new Set(body.micro_topic_ids)]);
      const held = await heldBack(
        candidates.filter((c) => c.practice_only === 0).map((c) => c.id),
        null,
      );
      const pool = candidates.filter((c) => c.practice_only === 1 || !held.has(c.id));
      if (!pool.length)
        throw unprocessable({
          micro_topic_ids: ['There are no practice questions on the chosen topics yet.'],
        });
      // Spread the draw evenly over the chosen topics.
      const byTopic = new Map<number, number[]>();
      for (const p of pool)
        (byTopic.get(p.micro_topic_id) ?? byTopic.set(p.micro_topic_id, []).get(p.micro_topic_id)!).push(
          p.id,
        );
      const topics = [...byTopic.values()].map((ids) => ids.sort(() => Math.random() - 0.5));
      const chosen: number[] = [];
      for (let round = 0; chosen.length < Math.min(body.count, pool.length); round++) {
        for (const ids of topics)
          if (ids[round] !== undefined && chosen.length < body.count) chosen.push(ids[round]!);
      }
      const row = await create(auth, body.id, {
        assessmentId: null,
        kind: 'practice',
        title: 'Test Yourself',
        questionIds: selector.plan({ fixed: chosen, draws: [], shuffle: true }),
        shuffleOptions: true,
        deadline: null,
        graceMinutes: 0,
        startedAt: now().getTime(),
      });
      return view(row);
    },

    async get(auth: Authed, id: string) {
      const row = await own(auth, id);
      await touch(row);
      return view(row);
    },

    async saveAnswer(auth: Authed, id: string, questionId: number, body: SaveBody): Promise<Saved> {
      const { kind, ...saved } =
        (await saveOnTime(auth, id, questionId, body)) ?? (await saveTheLongWay(auth, id, questionId, body));
      if (kind !== 'diagnostic') return saved;
      // The diagnostic's next step, with this answer (and any replayed before it) taken into account.
      const row = (await repo.find(id))!;
      const questions = await loadQuestions(JSON.parse(row.question_ids) as number[]);
      const log = await diagnosticLog(row, questions, await repo.answers(row.id));
      return { ...saved, adaptive: adaptive.step(log) };
    },

    async savePosition(auth: Authed, id: string, position: number): Promise<void> {
      const row = await own(auth, id);
      if (row.status !== 'in_progress') throw conflict('This attempt has been submitted.');
      if (position >= (JSON.parse(row.question_ids) as number[]).length) {
        throw unprocessable({ position: ['This attempt has fewer questions.'] });
      }
      await repo.update(row.id, { position });
      await touch(row);
    },

    async submit(auth: Authed, id: string): Promise<AttemptResult> {
      const row = await own(auth, id);
      const graded = row.status === 'in_progress' ? await grade(row, false) : undefined;
      return graded ? resultOf(auth, graded) : this.result(auth, id);
    },

    async result(auth: Authed, id: string): Promise<AttemptResult> {
      const row = await own(auth, id, { staffMayRead: true });
      if (row.status !== 'submitted') throw conflict('This attempt has not been submitted yet.');
      const ids = JSON.parse(row.question_ids) as number[];
      const questions = await loadQuestions(ids);
      const answers = new Map((await repo.answers(row.id)).map((a) => [a.question_id, a]));
      const assessment = row.assessment_id ? await deps.assessments.load(row.assessment_id) : null;
      return resultOf(auth, { row, questions, answers, assessment });
    },

    async analysis(auth: Authed, id: string): Promise<Analysis> {
      const row = await own(auth, id, { staffMayRead: true });
      if (row.status !== 'submitted') throw conflict('This attempt has not been submitted yet.');
      const assessment = row.assessment_id ? await deps.assessments.load(row.assessment_id) : null;
      const staff = staffReads(auth, row);
      const available = staff || reviewReleased(assessment, now().getTime());
      const ids = JSON.parse(row.question_ids) as number[];
      const orders = JSON.parse(row.option_orders) as Record<string, string[]>;
      const questions = await loadQuestions(ids);
      // A key this assessment may release can still be held back by another one that uses the question.
      const held = available && !staff ? await heldBack(ids, row.assessment_id) : new Set<number>();
      const answers = new Map((await repo.answers(row.id)).map((a) => [a.question_id, a]));
      const klass = new Map(
        (row.assessment_id ? await repo.classCorrectness(row.assessment_id) : []).map((c) => [
          c.question_id,
          c,
        ]),
      );
      return {
        attempt_id: row.id,
        title: row.title,
        review_available: available,
        review_message: available
          ? null
          : assessment?.review_policy === 'after_close'
            ? REVIEW_WITHHELD.after_close
            : REVIEW_WITHHELD.never,
        items: markedOn(row, questions, answers).map((q) => {
          const saved = answers.get(q.id);
          const given = parseGiven(saved?.answer);
          const answer = valueOf(given);
          const c = klass.get(q.id);
          const shown = available && !held.has(q.id);
          return {
            question: toStudentQuestion(q, q.parsed, orders[String(q.id)] ?? []),
            answer,
            answer_text: isDontKnow(given) ? "I don't know" : describeAnswer(q.parsed, answer),
            // A right/wrong flag is the key of a true/false question: only with the answers.
            correct: shown ? saved?.correct === 1 : null,
            correct_answer: shown ? describeCorrect(q.parsed) : null,
            explanation: shown ? q.explanation : null,
            held_back: available && !shown,
            class_percent:
              shown && c && Number(c.n) > 0 ? Math.round((Number(c.right ?? 0) / Number(c.n)) * 100) : null,
          };
        }),
      };
    },

    async diagnosticResults(auth: Authed): Promise<DiagnosticResults> {
      const row = await repo.latestSubmittedOfKind(auth.user.id, 'diagnostic');
      if (!row) return { attempt_id: null, submitted_at: null, percent: null, subjects: [] };
      const questions = await loadQuestions(JSON.parse(row.question_ids) as number[]);
      const saved = await repo.answers(row.id);
      const answers = new Map(saved.map((a) => [a.question_id, a]));
      // The engine's verdict per micro topic: every answer, prerequisites included, not just the tally. With
      // one question on a topic a verdict tells right from wrong, so it waits for the review policy too.
      const assessment = row.assessment_id ? await deps.assessments.load(row.assessment_id) : null;
      const outcome = reviewReleased(assessment, now().getTime())
        ? adaptive.outcome(await diagnosticLog(row, questions, saved))
        : null;
      const verdict = new Map((outcome?.topics ?? []).map((t) => [t.id, t]));
      const subjects = new Map<number, DiagnosticResults['subjects'][number] & { position: number }>();
      // Every topic of the diagnostic is listed (the engine judges those it never asked about too); the
      // tallies count only the questions it asked.
      const marked = new Set(markedOn(row, questions, answers).map((q) => q.id));
      for (const q of [...questions].sort((a, b) => a.subject_position - b.subject_position)) {
        const s = subjects.get(q.subject_id) ?? {
          subject_id: q.subject_id,
          subject_name: q.subject_name,
          position: q.subject_position,
          correct: 0,
          total: 0,
          micro_topics: [],
        };
        const right = answers.get(q.id)?.correct === 1 ? 1 : 0;
        const asked = marked.has(q.id) ? 1 : 0;
        s.total += asked;
        s.correct += right;
        let m = s.micro_topics.find((x) => x.micro_topic_id === q.micro_topic_id);
        if (!m)
          s.micro_topics.push(
            (m = {
              micro_topic_id: q.micro_topic_id,
              micro_topic_name: q.micro_topic_name,
              subject_name: q.subject_name,
              correct: 0,
              total: 0,
              level: verdict.get(q.micro_topic_id)?.level,
              probability: verdict.get(q.micro_topic_id)?.p,
            }),
          );
        m.total += asked;
        m.correct += right;
        subjects.set(q.subject_id, s);
      }
      return {
        attempt_id: row.id,
        submitted_at: row.submitted_at,
        percent: row.percent,
        confidence: outcome?.confidence ?? null,
        subjects: [...subjects.values()].map(({ position: _p, ...s }) => s),
      };
    },

    /** An assessment's attempts for staff who may manage it; a teacher sees only their schools' students. */
    async forStaff(auth: Authed, assessmentId: number): Promise<StaffAttempt[]> {
      await deps.assessments.checkFollow(auth, assessmentId);
      const schools =
        roleOf(auth.user) === 'admin' || !deps.teacherSchoolIds
          ? null
          : await deps.teacherSchoolIds(auth.user.id);
      const rows = await repo.staffList(assessmentId, schools);
      return rows.map((r) => ({
        id: r.id,
        student_id: r.student_id,
        student_name: r.student_name,
        school_name: r.school_name ?? null,
        status: r.status as StaffAttempt['status'],
        started_at: r.started_at,
        submitted_at: r.submitted_at,
        last_seen_at: r.last_seen_at,
        student_last_synced_at: r.student_last_synced_at ?? null,
        score: r.score,
        max_score: r.max_score,
        percent: r.percent,
        passed: r.passed === null ? null : r.passed === 1,
        auto_submitted: r.auto_submitted === 1,
        used_offline_grace: r.used_offline_grace === 1,
        late_answers: Number(r.late_answers ?? 0),
      }));
    },

    summariesOf: (userId: number) =>
      repo.summariesOf(userId) as Promise<
        Array<{
          id: string;
          assessment_id: number;
          status: string;
          percent: number | null;
          passed: number | null;
          deadline_at: string | null;
          started_at: string;
          submitted_at: string | null;
        }>
      >,

    /** Submits every attempt whose deadline and offline grace have passed. */
    async sweepExpired(): Promise<number> {
      const expired = await repo.expiredOpen(iso());
      for (const { id } of expired) {
        const row = await repo.find(id);
        if (row) await grade(row, true);
      }
      return expired.length;
    },
  };

  /** Staff read a student's attempt for what it is; release rules are about what students see. */
  function staffReads(auth: Authed, row: AttemptRow): boolean {
    return row.user_id !== auth.user.id && roleOf(auth.user) !== 'student';
  }
}
export type AttemptsService = ReturnType<typeof createAttemptsService>;

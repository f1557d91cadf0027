import type { AttemptResult, DiagnosticResults } from '../../../shared/contracts/attempts.ts';
import type { StaffAttempt } from '../../../shared/contracts/assessments.ts';
import type { AttemptSummary } from '../assessments/assessments.service.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import type { Own } from './attempt-access.ts';
import { staffReads } from './attempt-access.ts';
import type { DiagnosticLogOf } from './adaptive-step.ts';
import { conflict, questionIdsOf, type AttemptCore, type Graded, type ReleaseRead } from './attempt-core.ts';
import type { AttemptRow } from './attempts.repository.ts';
import { markedOn } from './given-answers.ts';
import { reviewReleased } from './release.ts';

/** Results: an attempt's score and topics, the diagnostic's verdicts, and an assessment's attempts for staff. */
export function createAttemptResults(
  core: AttemptCore,
  parts: {
    own: Own;
    grade: (
      row: AttemptRow,
      auto: boolean,
      meanwhile?: (graded: Graded) => void,
    ) => Promise<Graded | undefined>;
    diagnosticLog: DiagnosticLogOf;
  },
) {
  const { deps, repo, adaptive, now, loadQuestions, readRelease, heldBack, assessmentOf, answersById } = core;
  const { own, grade, diagnosticLog } = parts;

  /**
   * The micro topics whose right/wrong tally would tell the student something another assessment still
   * holds back: a topic's tally with one held question in it is that question's right/wrong flag (or, beside
   * the flags the review shows, the held one's). Any attempt can meet them: a quiz sharing a question with an
   * open exam, and the diagnostic above all, which draws from the whole bank.
   */
  async function heldTopics(
    row: AttemptRow,
    asked: Array<{ id: number; micro_topic_id: number }>,
    read?: ReleaseRead,
  ) {
    const held = read
      ? await read.held(row.assessment_id)
      : await heldBack(
          asked.map((q) => q.id),
          row.assessment_id,
          row.user_id,
        );
    return new Set(asked.filter((q) => held.has(q.id)).map((q) => q.micro_topic_id));
  }

  /**
   * Whether the caller may see the per-topic tallies, and the topics whose tally must still wait (a held-back
   * key): read once, so the result below never mixes two moments. The attempt's own review policy comes from
   * the same read as what the other assessments hold back, judged by the clock taken before it (`readRelease`);
   * `read` is one started earlier (the submit's, on PostgreSQL), for the attempt's questions and student.
   */
  async function disclosure(
    auth: Authed,
    { row, questions, answers, assessment }: Graded,
    read?: Promise<ReleaseRead>,
  ) {
    if (staffReads(auth, row)) return { released: true, withheld: new Set<number>() };
    const r = await (read ?? readRelease(questionIdsOf(row), row.user_id));
    const policy = assessment && (r.facts.find((a) => a.id === assessment.id) ?? assessment);
    const released = reviewReleased(policy, r.t);
    // Whatever the kind: a quiz or exam that shares a question with another assessment hides that key in
    // its review, so that topic's tally waits too (the diagnostic, drawing from the whole bank, meets many).
    const withheld = released
      ? await heldTopics(row, markedOn(row, questions, answers), r)
      : new Set<number>();
    return { released, withheld };
  }

  /** The result as the caller may see it: the score, and per topic only once the answers are released. */
  async function resultOf(
    auth: Authed,
    graded: Graded,
    disclosed: ReturnType<typeof disclosure> = disclosure(auth, graded),
  ): Promise<AttemptResult> {
    const { row, questions, answers, assessment } = graded;
    const { released, withheld } = await disclosed;
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
      per_micro_topic: [...topics.values()].map((t) =>
        released && !withheld.has(t.micro_topic_id) ? t : { ...t, correct: null },
      ),
    };
  }

  async function submit(auth: Authed, id: string): Promise<AttemptResult> {
    const row = await own(auth, id);
    if (row.status !== 'in_progress') return result(auth, id);
    // What the result may show is read while grading runs, never after it. On PostgreSQL the read (one
    // statement) goes out now, beside grading's own reads before the lock: a round trip on a connection of its
    // own, done by the time the commit is. On SQLite it starts once the marks are written and runs while the
    // commit is synced to disk (there it is CPU on the one connection, which the transaction holds until
    // then). Either way the answer still goes only after the commit is durable.
    const early = core.ctx.dialect === 'postgres' ? readRelease(questionIdsOf(row), row.user_id) : undefined;
    // Awaited below; if grading fails or loses the race instead, nobody does, and that is no error of its own.
    early?.catch(() => {});
    let disclosed: ReturnType<typeof disclosure> | undefined;
    const graded = await grade(row, false, (g) => {
      disclosed = disclosure(auth, g, early);
      disclosed.catch(() => {});
    });
    return graded ? resultOf(auth, graded, disclosed) : result(auth, id);
  }

  async function result(auth: Authed, id: string): Promise<AttemptResult> {
    const row = await own(auth, id, { staffMayRead: true });
    if (row.status !== 'submitted') throw conflict('This attempt has not been submitted yet.');
    const questions = await loadQuestions(questionIdsOf(row));
    const answers = await answersById(row.id);
    const assessment = await assessmentOf(row);
    return resultOf(auth, { row, questions, answers, assessment });
  }

  async function diagnosticResults(auth: Authed): Promise<DiagnosticResults> {
    const row = await repo.latestSubmittedOfKind(auth.user.id, 'diagnostic');
    if (!row) return { attempt_id: null, submitted_at: null, percent: null, subjects: [] };
    const questions = await loadQuestions(questionIdsOf(row));
    const saved = await repo.answers(row.id);
    const answers = new Map(saved.map((a) => [a.question_id, a]));
    // The engine's verdict per micro topic: every answer, prerequisites included, not just the tally. With
    // one question on a topic a verdict tells right from wrong, so it waits for the review policy too.
    const assessment = await assessmentOf(row);
    const released = reviewReleased(assessment, now().getTime());
    const outcome = released ? adaptive.outcome(await diagnosticLog(row, questions, saved)) : null;
    const verdict = new Map((outcome?.topics ?? []).map((t) => [t.id, t]));
    const readiness = await deps.readinessOf?.(auth.user.id);
    const subjects = new Map<number, DiagnosticResults['subjects'][number] & { position: number }>();
    // Every topic of the diagnostic is listed (the engine judges those it never asked about too); the
    // tallies count only the questions it asked.
    const askedQuestions = markedOn(row, questions, answers);
    const marked = new Set(askedQuestions.map((q) => q.id));
    // A topic (and so its subject) whose tally would tell a held-back question's right/wrong shows none.
    const withheld = await heldTopics(row, askedQuestions);
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
      s.correct = (s.correct ?? 0) + right;
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
            readiness: readiness?.of.get(q.micro_topic_id),
            waits_for: readiness?.waitsFor.get(q.micro_topic_id),
          }),
        );
      m.total += asked;
      m.correct = (m.correct ?? 0) + right;
      subjects.set(q.subject_id, s);
    }
    // Right/wrong tallies wait for the review policy, as the verdicts do, and never tell a held-back key.
    const tallied = (topic: number) => released && !withheld.has(topic);
    return {
      attempt_id: row.id,
      submitted_at: row.submitted_at,
      percent: row.percent,
      confidence: outcome?.confidence ?? null,
      subjects: [...subjects.values()].map(({ position: _p, ...s }) => ({
        ...s,
        correct: s.micro_topics.every((m) => tallied(m.micro_topic_id)) ? s.correct : null,
        micro_topics: s.micro_topics.map((m) => (tallied(m.micro_topic_id) ? m : { ...m, correct: null })),
      })),
      ready_count: readiness?.ready.length,
    };
  }

  /** An assessment's attempts for staff who may manage it; a teacher sees only their schools' students. */
  async function forStaff(auth: Authed, assessmentId: number): Promise<StaffAttempt[]> {
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
  }

  const summariesOf = (userId: number) => repo.summariesOf(userId) as Promise<AttemptSummary[]>;

  return { submit, result, diagnosticResults, forStaff, summariesOf };
}

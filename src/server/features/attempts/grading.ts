import type pg from 'pg';
import { pgPoolOf } from '../../db/database.ts';
import { isCorrect } from '../questions/question-types.ts';
import {
  questionIdsOf,
  type AttemptCore,
  type Graded,
  type LoadedAssessment,
  type LoadedQuestion,
} from './attempt-core.ts';
import type { AttemptRow } from './attempts.repository.ts';
import { gradeInTwoTrips, type GradeWrites } from './grading.repository.ts';
import { markedOn, parseGiven, valueOf } from './given-answers.ts';
import { LATENCY_GRACE_MS } from './release.ts';

/** Marking an attempt and recording the marks, once, however many finalisers race. */
export function createGrading(core: AttemptCore) {
  const { deps, repo, now, iso, loadQuestions, assessmentOf, answersById } = core;

  /**
   * Grades from the saved answers; only the first finaliser wins, so a retried submit changes nothing.
   * The attempt row stays locked while grading, so an answer cannot slip in between reading and marking.
   *
   * `meanwhile` is handed what was graded as soon as the marks are written, before they are on disk: work it
   * starts there (the submit's reads for its answer) runs while the commit is synced, instead of after. It
   * must not be awaited in here: on SQLite its queries wait for the connection this transaction holds and
   * run once its COMMIT frees it (the sync itself runs off the event loop, transaction.ts); on PostgreSQL
   * they take a connection of their own. Nothing is answered before `grade` resolves, after the sync. (On
   * PostgreSQL, but for the diagnostic, the writes go with the COMMIT, `gradeInTwoTrips`: it is handed what
   * was graded once both are done; the submit's read there started before grading.)
   */
  async function grade(
    first: AttemptRow,
    auto: boolean,
    meanwhile?: (graded: Graded) => void,
  ): Promise<Graded | undefined> {
    // Read side by side before the lock: an attempt's questions are fixed when it starts. (Not while the
    // transaction holds its connection: on PostgreSQL, submits waiting for pooled connections while holding
    // one could take every connection of the pool and wait for each other.)
    const [assessment, questions] = await Promise.all([
      assessmentOf(first),
      loadQuestions(questionIdsOf(first)),
    ]);
    const pool = first.kind === 'diagnostic' ? undefined : pgPoolOf(core.ctx.db);
    const graded = pool
      ? await gradeOnPostgres(pool, first.id, questions, assessment, auto)
      : await repo.transaction(async (trx) => {
          const row = await trx.findLocked(first.id);
          if (!row || row.status !== 'in_progress') return undefined;
          const answers = await answersById(row.id, trx);
          const { writes, graded } = marking({ row, questions, answers, assessment }, auto);
          if (!(await trx.recordGrade(writes))) return undefined;
          meanwhile?.(graded);
          return graded;
        });
    // PostgreSQL's fast path sends its writes with the COMMIT: they are on disk by now.
    if (graded && pool) meanwhile?.(graded);
    if (graded) deps.onGraded?.(graded.row.user_id);
    return graded;
  }

  /** PostgreSQL: the lock, the answers, the writes and the commit in two round trips (`gradeInTwoTrips`). */
  async function gradeOnPostgres(
    pool: pg.Pool,
    attemptId: string,
    questions: LoadedQuestion[],
    assessment: LoadedAssessment | null,
    auto: boolean,
  ): Promise<Graded | undefined> {
    let graded: Graded | undefined;
    const won = await gradeInTwoTrips(core.ctx.db, pool, attemptId, (row, saved) => {
      if (!row || row.status !== 'in_progress') return undefined;
      const answers = new Map(saved.map((a) => [a.question_id, a]));
      const m = marking({ row, questions, answers, assessment }, auto);
      graded = m.graded;
      return m.writes;
    });
    return won ? graded : undefined;
  }

  /**
   * What grading writes, and the attempt as it stands once that is written: the submit answers its result from
   * this instead of reading it all again (four round trips fewer on PostgreSQL). Marks only an attempt read
   * under its lock; the writes record nothing if another finaliser has won the race meanwhile.
   */
  function marking(
    { row, questions, answers, assessment }: Graded,
    auto: boolean,
  ): { writes: GradeWrites; graded: Graded } {
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
    const writes = {
      attemptId: row.id,
      userId: row.user_id,
      marks,
      verdicts,
      // Proficiency counts every graded question, Test Yourself included.
      tallies: [...perTopic].map(([microTopicId, t]) => ({ microTopicId, ...t })),
      now: iso(),
      diagnostic: row.kind === 'diagnostic',
    };
    for (const [questionId, correct] of verdicts)
      answers.set(questionId, { ...answers.get(questionId)!, correct });
    return { writes, graded: { row: { ...row, ...marks }, questions, answers, assessment } };
  }

  return { grade };
}

import type { Analysis } from '../../../shared/contracts/attempts.ts';
import { isDontKnow } from '../../../shared/contracts/attempts.ts';
import type { Authed } from '../../plugins/routes.ts';
import { describeAnswer, describeCorrect, toStudentQuestion } from '../questions/question-types.ts';
import type { Own } from './attempt-access.ts';
import { staffReads } from './attempt-access.ts';
import { conflict, questionIdsOf, type AttemptCore } from './attempt-core.ts';
import { markedOn, parseGiven, valueOf } from './given-answers.ts';
import { REVIEW_WITHHELD, reviewReleased } from './release.ts';

/** The review of a submitted attempt: each question with the answer given, and the key once released. */
export function createAttemptReview(core: AttemptCore, own: Own) {
  const { repo, now, loadQuestions, heldBack, assessmentOf, answersById } = core;

  async function analysis(auth: Authed, id: string): Promise<Analysis> {
    const row = await own(auth, id, { staffMayRead: true });
    if (row.status !== 'submitted') throw conflict('This attempt has not been submitted yet.');
    const assessment = await assessmentOf(row);
    const staff = staffReads(auth, row);
    const available = staff || reviewReleased(assessment, now().getTime());
    const ids = questionIdsOf(row);
    const orders = await repo.optionOrders(row.id);
    const questions = await loadQuestions(ids);
    // A key this assessment may release can still be held back by another one that uses the question.
    const held =
      available && !staff ? await heldBack(ids, row.assessment_id, row.user_id) : new Set<number>();
    const answers = await answersById(row.id);
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
  }

  return analysis;
}

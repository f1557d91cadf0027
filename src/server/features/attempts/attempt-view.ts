import type { Attempt, Feedback, SavedAnswer } from '../../../shared/contracts/attempts.ts';
import { toStudentQuestion } from '../questions/question-types.ts';
import type { DiagnosticLogOf } from './adaptive-step.ts';
import { questionIdsOf, type AttemptCore } from './attempt-core.ts';
import type { AttemptRow } from './attempts.repository.ts';
import { feedbackFor, parseGiven, valueOf } from './given-answers.ts';

/** An attempt as the taking screens read it: its questions, the answers saved, feedback, what comes next. */
export function createAttemptView(core: AttemptCore, diagnosticLog: DiagnosticLogOf) {
  const { repo, selector, adaptive, iso, loadQuestions, heldBack } = core;

  async function view(row: AttemptRow): Promise<Attempt> {
    const ids = questionIdsOf(row);
    const orders = await repo.optionOrders(row.id);
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
      const held = await heldBack(ids, null, row.user_id);
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
  return view;
}

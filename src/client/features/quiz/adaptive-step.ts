import type { AdaptiveStep, StudentQuestion } from '../../../shared/contracts/attempts.ts';
import { isAnswered, type AnswerMap } from './attempt-view.ts';

// Pure rules of the adaptive diagnostic's taking screen: which question comes next, when it is over, and the
// number a question shows. The server decides (it alone knows which answers were right); offline the client
// goes on down the order the server last gave, and the server replays the answers when they arrive.

/**
 * The next question to ask (its index), or null when the diagnostic is over: the server said so, the cap
 * is reached, or nothing is left. `also` counts as answered (the answer just given, not yet in `answers`).
 */
export function nextDiagnosticQuestion(
  questions: readonly StudentQuestion[],
  answers: AnswerMap,
  step: AdaptiveStep | null,
  also: number | null = null,
): number | null {
  const answered = (id: number) => id === also || isAnswered(answers[id]);
  const count = questions.filter((q) => answered(q.id)).length;
  if (step?.done || count >= (step?.cap ?? questions.length)) return null;
  const order = [
    ...(step?.next_question_id != null ? [step.next_question_id] : []),
    ...(step?.upcoming ?? []),
    ...questions.map((q) => q.id),
  ];
  const id = order.find((x) => !answered(x) && questions.some((q) => q.id === x));
  return id === undefined ? null : questions.findIndex((q) => q.id === id);
}

/** "Question n of N": n in the order the student met them (answered ones by time), N the most asked. */
export function diagnosticNumber(
  questions: readonly StudentQuestion[],
  answers: AnswerMap,
  step: AdaptiveStep | null,
  current: number,
): { number: number; total: number } {
  const asked = questions
    .map((q) => answers[q.id])
    .filter((a) => a !== undefined && isAnswered(a))
    .sort((a, b) => (a.answered_at ?? '').localeCompare(b.answered_at ?? ''))
    .map((a) => a.question_id);
  const at = asked.indexOf(current);
  const total = Math.min(step?.cap ?? questions.length, questions.length);
  return { number: at >= 0 ? at + 1 : Math.min(asked.length + 1, total), total };
}

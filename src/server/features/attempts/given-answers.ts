import type { AnswerValue, Feedback } from '../../../shared/contracts/attempts.ts';
import { givenAnswerSchema, isDontKnow, type GivenAnswer } from '../../../shared/contracts/attempts.ts';
import type { AttemptAnswersTable } from '../../db/tables/attempts.ts';
import { answerProblem, correctChoice, describeCorrect, isCorrect } from '../questions/question-types.ts';
import type { parseContent } from '../questions/questions.service.ts';
import type { AttemptRow } from './attempts.repository.ts';

/** A stored answer: an answer value or "I don't know". */
export const parseGiven = (text: string | null | undefined): GivenAnswer | null =>
  text ? givenAnswerSchema.parse(JSON.parse(text)) : null;
/** The answer to grade: "I don't know" is graded like no answer (wrong, and no chance of a guess). */
export const valueOf = (a: GivenAnswer | null): AnswerValue | null => (a && !isDontKnow(a) ? a : null);

export function givenProblem(content: ReturnType<typeof parseContent>, answer: GivenAnswer, kind: string) {
  if (isDontKnow(answer))
    return kind === 'diagnostic' ? null : '"I don\'t know" is an answer only in a diagnostic.';
  return answerProblem(content, answer);
}

/**
 * The questions an attempt is marked on. The adaptive diagnostic holds a pool and asks only some of it:
 * a question it never asked is not a wrong answer.
 */
export function markedOn<Q extends { id: number }>(
  row: Pick<AttemptRow, 'kind'>,
  questions: Q[],
  answers: ReadonlyMap<number, Pick<AttemptAnswersTable, 'answer'>>,
): Q[] {
  return row.kind === 'diagnostic' ? questions.filter((q) => answers.get(q.id)?.answer) : questions;
}

export function feedbackFor(
  q: { parsed: ReturnType<typeof parseContent>; explanation: string },
  answer: AnswerValue,
): Feedback {
  return {
    correct: isCorrect(q.parsed, answer),
    explanation: q.explanation,
    correct_answer: describeCorrect(q.parsed),
    correct_value: correctChoice(q.parsed),
  };
}

import type { GivenAnswer, SavedAnswer, StudentQuestion } from '../../../shared/contracts/attempts.ts';
import type { OutboxEntry } from '../../lib/outbox.ts';

// Pure rules of the taking screen: which answer wins, what counts as answered, what the submit dialog says.

export type AnswerMap = Readonly<Record<number, SavedAnswer>>;

const timeOf = (answer: SavedAnswer | undefined) =>
  answer?.answered_at ? Date.parse(answer.answered_at) : Number.NEGATIVE_INFINITY;

/**
 * The answers to show: the saved ones, overridden by writes still waiting in the outbox unless the saved
 * answer is newer (given later on another device).
 */
export function mergeAnswers(saved: readonly SavedAnswer[], pending: readonly OutboxEntry[]): AnswerMap {
  const merged: Record<number, SavedAnswer> = {};
  for (const answer of saved) merged[answer.question_id] = answer;
  for (const entry of pending) {
    if (entry.meta.type !== 'answer' || typeof entry.meta.questionId !== 'number') continue;
    const body = entry.body as { answer: GivenAnswer | null; flagged?: boolean; answered_at: string };
    const local: SavedAnswer = {
      question_id: entry.meta.questionId,
      answer: body.answer,
      flagged: body.flagged ?? false,
      answered_at: body.answered_at,
    };
    if (timeOf(local) >= timeOf(merged[local.question_id])) merged[local.question_id] = local;
  }
  return merged;
}

export function isAnswered(answer: SavedAnswer | undefined): boolean {
  return answer?.answer !== null && answer?.answer !== undefined;
}

/** 1-based numbers of the questions without an answer, in the order the student sees them. */
export function unansweredNumbers(questions: readonly StudentQuestion[], answers: AnswerMap): number[] {
  return questions.flatMap((q, index) => (isAnswered(answers[q.id]) ? [] : [index + 1]));
}

function listOf(numbers: readonly number[]): string {
  if (numbers.length === 1) return String(numbers[0]);
  return `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

/** 1-based numbers of the questions flagged for review. */
export function flaggedNumbers(questions: readonly StudentQuestion[], answers: AnswerMap): number[] {
  return questions.flatMap((q, index) => (answers[q.id]?.flagged === true ? [index + 1] : []));
}

function questionsAre(numbers: readonly number[], what: string): string {
  return numbers.length === 1
    ? `Question ${numbers[0]} is ${what}.`
    : `Questions ${listOf(numbers)} are ${what}.`;
}

/** The text of the submit confirmation: it names every unanswered question and every flagged one. */
export function submitConfirmText(unanswered: readonly number[], flagged: readonly number[] = []): string {
  const after = 'You cannot change your answers after submitting.';
  const notes = [
    unanswered.length > 0 ? questionsAre(unanswered, 'unanswered') : null,
    flagged.length > 0 ? questionsAre(flagged, 'flagged for review') : null,
  ].filter(Boolean);
  if (notes.length === 0) return `Submit your answers now? ${after}`;
  return `${notes.join(' ')} Submit anyway? ${after}`;
}

/** Where to open: the place the student left, else where the server's selector says to go next. */
export function startPosition(
  questions: readonly StudentQuestion[],
  serverPosition: number,
  nextQuestionId: number | null,
  answered: boolean,
): number {
  if (questions.length === 0) return 0;
  const next = questions.findIndex((q) => q.id === nextQuestionId);
  const position = answered || next < 0 ? serverPosition : next;
  return Math.min(Math.max(position, 0), questions.length - 1);
}

/** A database id from a route parameter, or null when the text is not one. */
export function positiveId(text: string | undefined): number | null {
  if (!text || !/^\d{1,9}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/** The queue is the assessments still to run after this one, comma separated (DESIGN.md section 4). */
export function parseQueue(queue: string | undefined): number[] {
  return (queue ?? '')
    .split(',')
    .map((part) => positiveId(part.trim()))
    .filter((id): id is number => id !== null);
}

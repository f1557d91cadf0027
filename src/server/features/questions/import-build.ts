import {
  QUESTION_TYPE_LABELS,
  questionContentSchema,
  type QuestionContent,
} from '../../../shared/contracts/questions.ts';
import { contentProblems, newOptionId } from './question-types.ts';

/** Our content for a question read from a file: the content, or why it cannot be one of ours. */
export type Built = { content: QuestionContent } | { reason: string };

const LIMITS = { options: [2, 8], text: 500, accepted: [1, 10], acceptedText: 200 } as const;

function tooLong(texts: string[], max: number, what: string): string | null {
  return texts.some((t) => t.length > max) ? `${what} may be at most ${max} characters.` : null;
}

function between(n: number, [min, max]: readonly [number, number], what: string): string | null {
  if (n < min) return `It needs at least ${min} ${what}.`;
  if (n > max) return `It may have at most ${max} ${what}.`;
  return null;
}

function validated(candidate: unknown): Built {
  const parsed = questionContentSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { reason: `${issue.path.join('.') || 'content'}: ${issue.message}` };
  }
  const problems = Object.values(contentProblems(parsed.data)).flat();
  if (problems.length) return { reason: problems.join(' ') };
  return { content: parsed.data };
}

/** Choice options with their marks: single needs one right option, multiple at least one. */
export function choiceContent(multiple: boolean, options: Array<{ text: string; correct: boolean }>): Built {
  const count = between(options.length, LIMITS.options, 'options');
  if (count) return { reason: count };
  if (options.some((o) => !o.text)) return { reason: 'An option has no text.' };
  const long = tooLong(
    options.map((o) => o.text),
    LIMITS.text,
    'An option',
  );
  if (long) return { reason: long };
  const withIds = options.map((o) => ({ id: newOptionId(), ...o }));
  const correct = withIds.filter((o) => o.correct).map((o) => o.id);
  if (!correct.length) return { reason: 'No option is marked correct (the answer key is missing).' };
  if (!multiple && correct.length > 1)
    return { reason: 'More than one option is fully correct in a question with one answer.' };
  return validated({
    type: multiple ? 'multiple_choice' : 'single_choice',
    options: withIds.map(({ id, text }) => ({ id, text })),
    correct,
  });
}

export function trueFalseContent(correct: boolean | null): Built {
  if (correct === null)
    return { reason: 'Neither true nor false is marked correct (the answer key is missing).' };
  return validated({ type: 'true_false', correct });
}

export function shortAnswerContent(accepted: string[]): Built {
  if (!accepted.length) return { reason: 'No answer is marked fully correct (the answer key is missing).' };
  const count = between(accepted.length, LIMITS.accepted, 'accepted answers');
  if (count) return { reason: count };
  const long = tooLong(accepted, LIMITS.acceptedText, 'An accepted answer');
  if (long) return { reason: long };
  return validated({ type: 'short_answer', accepted });
}

export function matchingContent(pairs: Array<{ left: string; right: string }>): Built {
  const count = between(pairs.length, LIMITS.options, 'pairs');
  if (count) return { reason: count };
  if (pairs.some((p) => !p.left || !p.right)) return { reason: 'A pair has an empty side.' };
  const long = tooLong(
    pairs.flatMap((p) => [p.left, p.right]),
    LIMITS.text,
    'An item',
  );
  if (long) return { reason: long };
  return validated({
    type: 'matching',
    pairs: pairs.map((p) => ({
      left_id: newOptionId(),
      left: p.left,
      right_id: newOptionId(),
      right: p.right,
    })),
  });
}

export function orderingContent(items: string[]): Built {
  const count = between(items.length, LIMITS.options, 'items');
  if (count) return { reason: count };
  if (items.some((t) => !t)) return { reason: 'An item has no text.' };
  const long = tooLong(items, LIMITS.text, 'An item');
  if (long) return { reason: long };
  return validated({ type: 'ordering', items: items.map((text) => ({ id: newOptionId(), text })) });
}

/** The reason given for another system's question type we do not have. */
export function unsupported(system: string, type: string): string {
  return `${system} ${type} questions are not supported: the bank has ${Object.values(QUESTION_TYPE_LABELS)
    .join(', ')
    .toLowerCase()} questions.`;
}

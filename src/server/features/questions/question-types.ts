import { randomBytes, randomInt } from 'node:crypto';
import type { AnswerValue, StudentQuestion } from '../../../shared/contracts/attempts.ts';
import type { QuestionContent } from '../../../shared/contracts/questions.ts';

/** Opaque option ids: neither their text nor their order says which option is right. */
export const newOptionId = () => randomBytes(6).toString('base64url');

export function shuffled<T>(items: readonly T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Short answers match ignoring case, accents, punctuation and spacing. */
export function normaliseShortAnswer(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Problems an admin must fix before a question can be saved (beyond the schema's shape). */
export function contentProblems(content: QuestionContent): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const dupes = (ids: string[]) => new Set(ids).size !== ids.length;
  const dupeTexts = (texts: string[]) =>
    new Set(texts.map((t) => t.trim().toLowerCase())).size !== texts.length;
  switch (content.type) {
    case 'single_choice':
    case 'multiple_choice': {
      const ids = content.options.map((o) => o.id);
      if (dupes(ids) || dupeTexts(content.options.map((o) => o.text)))
        errors['content.options'] = ['Every option must be different.'];
      if (!content.correct.every((c) => ids.includes(c)) || dupes(content.correct))
        errors['content.correct'] = ['The correct answer must be one of the options.'];
      else if (content.type === 'multiple_choice' && content.correct.length === ids.length)
        errors['content.correct'] = ['At least one option must be wrong.'];
      break;
    }
    case 'matching': {
      const ids = content.pairs.flatMap((p) => [p.left_id, p.right_id]);
      if (
        dupes(ids) ||
        dupeTexts(content.pairs.map((p) => p.left)) ||
        dupeTexts(content.pairs.map((p) => p.right))
      )
        errors['content.pairs'] = ['Every item on each side must be different.'];
      break;
    }
    case 'ordering':
      if (dupes(content.items.map((i) => i.id)) || dupeTexts(content.items.map((i) => i.text)))
        errors['content.items'] = ['Every item must be different.'];
      break;
    case 'short_answer':
      if (content.accepted.every((a) => normaliseShortAnswer(a) === ''))
        errors['content.accepted'] = ['An accepted answer must contain letters or digits.'];
      break;
    case 'true_false':
      break;
  }
  return errors;
}

/** The option order a student sees for this question in this attempt. */
export function optionOrderFor(content: QuestionContent, shuffleOptions: boolean): string[] {
  switch (content.type) {
    case 'single_choice':
    case 'multiple_choice': {
      const ids = content.options.map((o) => o.id);
      return shuffleOptions ? shuffled(ids) : ids;
    }
    // Ordering items and matching right-hand items are always shuffled (their stored order is the answer), and
    // uniformly over every order, the key's own included: a shuffle that never leaves an item where the key
    // puts it gives the key away (two items are then always shown reversed).
    case 'ordering':
      return shuffled(content.items.map((i) => i.id));
    case 'matching':
      return shuffled(content.pairs.map((p) => p.right_id));
    default:
      return [];
  }
}

export function toStudentQuestion(
  q: { id: number; type: string; stem: string; image_url: string | null; micro_topic_id: number },
  content: QuestionContent,
  order: string[],
): StudentQuestion {
  const inOrder = <T extends { id: string }>(items: T[]) =>
    order.length ? order.map((id) => items.find((i) => i.id === id)!).filter(Boolean) : items;
  const base = {
    id: q.id,
    type: content.type,
    stem: q.stem,
    image_url: q.image_url,
    micro_topic_id: q.micro_topic_id,
    options: [],
    left: [],
    right: [],
  };
  switch (content.type) {
    case 'single_choice':
    case 'multiple_choice':
      return { ...base, options: inOrder(content.options).map(({ id, text }) => ({ id, text })) };
    case 'ordering':
      return { ...base, options: inOrder(content.items).map(({ id, text }) => ({ id, text })) };
    case 'matching':
      return {
        ...base,
        left: content.pairs.map((p) => ({ id: p.left_id, text: p.left })),
        right: inOrder(content.pairs.map((p) => ({ id: p.right_id, text: p.right }))),
      };
    default:
      return base;
  }
}

/** Why an answer cannot belong to this question, or null when it fits. */
export function answerProblem(content: QuestionContent, answer: AnswerValue): string | null {
  if (answer.type !== content.type)
    return `This question expects a ${content.type.replace('_', ' ')} answer.`;
  switch (content.type) {
    case 'single_choice':
      return content.options.some((o) => o.id === (answer as { choice: string }).choice)
        ? null
        : 'That option is not part of this question.';
    case 'multiple_choice': {
      const choices = (answer as { choices: string[] }).choices;
      if (new Set(choices).size !== choices.length) return 'Each option can be chosen once.';
      return choices.every((c) => content.options.some((o) => o.id === c))
        ? null
        : 'That option is not part of this question.';
    }
    case 'ordering': {
      const order = (answer as { order: string[] }).order;
      const ids = content.items.map((i) => i.id);
      return order.length === ids.length &&
        new Set(order).size === ids.length &&
        order.every((o) => ids.includes(o))
        ? null
        : 'Put every item in order, each once.';
    }
    case 'matching': {
      const pairs = (answer as { pairs: Record<string, string> }).pairs;
      const lefts = content.pairs.map((p) => p.left_id);
      const rights = content.pairs.map((p) => p.right_id);
      const used = Object.values(pairs);
      if (!Object.keys(pairs).every((l) => lefts.includes(l)) || !used.every((r) => rights.includes(r)))
        return 'That item is not part of this question.';
      return new Set(used).size === used.length ? null : 'Each item on the right can be matched once.';
    }
    default:
      return null;
  }
}

export function isCorrect(content: QuestionContent, answer: AnswerValue | null): boolean {
  if (!answer || answer.type !== content.type) return false;
  switch (content.type) {
    case 'single_choice':
      return content.correct[0] === (answer as { choice: string }).choice;
    case 'multiple_choice': {
      const choices = (answer as { choices: string[] }).choices;
      return choices.length === content.correct.length && choices.every((c) => content.correct.includes(c));
    }
    case 'true_false':
      return content.correct === (answer as { value: boolean }).value;
    case 'short_answer': {
      const given = normaliseShortAnswer((answer as { text: string }).text);
      return given !== '' && content.accepted.some((a) => normaliseShortAnswer(a) === given);
    }
    case 'matching': {
      const pairs = (answer as { pairs: Record<string, string> }).pairs;
      return content.pairs.every((p) => pairs[p.left_id] === p.right_id);
    }
    case 'ordering': {
      const order = (answer as { order: string[] }).order;
      return content.items.every((item, i) => order[i] === item.id);
    }
  }
}

/** The correct answer in words, for review screens and Test Yourself feedback. */
export function describeCorrect(content: QuestionContent): string {
  switch (content.type) {
    case 'single_choice':
    case 'multiple_choice':
      return content.options
        .filter((o) => content.correct.includes(o.id))
        .map((o) => o.text)
        .join('; ');
    case 'true_false':
      return content.correct ? 'True' : 'False';
    case 'short_answer':
      return content.accepted.join(' / ');
    case 'matching':
      return content.pairs.map((p) => `${p.left} → ${p.right}`).join('; ');
    case 'ordering':
      return content.items.map((i) => i.text).join(' → ');
  }
}

/** The right answer of a choice question as an answer value (for marking its options); null otherwise. */
export function correctChoice(content: QuestionContent): AnswerValue | null {
  switch (content.type) {
    case 'single_choice':
      return content.correct[0] === undefined ? null : { type: 'single_choice', choice: content.correct[0] };
    case 'multiple_choice':
      return { type: 'multiple_choice', choices: [...content.correct] };
    case 'true_false':
      return { type: 'true_false', value: content.correct };
    default:
      return null;
  }
}

/** The student's answer in words. */
export function describeAnswer(content: QuestionContent, answer: AnswerValue | null): string {
  if (!answer || answer.type !== content.type) return 'No answer';
  const optionText = (id: string) =>
    content.type === 'single_choice' || content.type === 'multiple_choice'
      ? (content.options.find((o) => o.id === id)?.text ?? '?')
      : '?';
  switch (answer.type) {
    case 'single_choice':
      return optionText(answer.choice);
    case 'multiple_choice':
      return answer.choices.map(optionText).join('; ');
    case 'true_false':
      return answer.value ? 'True' : 'False';
    case 'short_answer':
      return answer.text;
    case 'matching': {
      if (content.type !== 'matching') return '?';
      return content.pairs
        .map(
          (p) =>
            `${p.left} → ${content.pairs.find((r) => r.right_id === answer.pairs[p.left_id])?.right ?? '—'}`,
        )
        .join('; ');
    }
    case 'ordering':
      return content.type === 'ordering'
        ? answer.order.map((id) => content.items.find((i) => i.id === id)?.text ?? '?').join(' → ')
        : '?';
  }
}

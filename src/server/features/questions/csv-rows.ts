import {
  QUESTION_TYPES,
  questionContentSchema,
  type Question,
  type QuestionContent,
} from '../../../shared/contracts/questions.ts';
import { richTextToPlain } from '../../../shared/rich-text.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { unguardCell } from '../../plugins/csv.ts';
import type { QuestionInput } from './question-content.ts';
import { newOptionId } from './question-types.ts';

const split = (v: string) =>
  v
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
const unguard = unguardCell;

/** One CSV row → question input; throws a 422-shaped error naming what is wrong. */
export function rowToInput(raw: string[], topics: Map<string, number>): QuestionInput {
  // The request check lets NUL through in the file (contracts/questions.ts) so that only this row fails:
  // PostgreSQL cannot store it, and one failed insert would lose every good row.
  if (raw.some((cell) => cell.includes('\0')))
    throw unprocessable({ row: ['The row contains a character that is not allowed.'] });
  const cells = raw.map(unguard);
  const [
    topic = '',
    type = '',
    difficulty = '',
    stem = '',
    explanation = '',
    options = '',
    correct = '',
    practice = '',
  ] = cells;
  const errors: Record<string, string[]> = {};
  const practiceOnly = PRACTICE_CELLS[practice.trim().toLowerCase()];
  if (practiceOnly === undefined) errors.practice_only = ['practice_only must be yes, no or empty.'];
  const microTopicId = topics.get(topic.trim().toLowerCase());
  if (!microTopicId) errors.micro_topic = [`Unknown micro topic "${topic}".`];
  if (!(QUESTION_TYPES as readonly string[]).includes(type.trim()))
    errors.type = [`Type must be one of ${QUESTION_TYPES.join(', ')}.`];
  const level = Number(difficulty);
  if (![1, 2, 3].includes(level)) errors.difficulty = ['Difficulty must be 1, 2 or 3.'];
  if (!stem.trim()) errors.stem = ['The question text is required.'];
  if (Object.keys(errors).length) throw unprocessable(errors);
  const content = contentFromCells(type.trim() as QuestionContent['type'], options, correct);
  return {
    micro_topic_id: microTopicId!,
    difficulty: level,
    stem: stem.trim(),
    explanation: explanation.trim(),
    image_url: null,
    content,
    practice_only: practiceOnly!,
  };
}

const PRACTICE_CELLS: Record<string, boolean> = { '': false, no: false, false: false, yes: true, true: true };

function contentFromCells(type: QuestionContent['type'], options: string, correct: string): QuestionContent {
  const bad = (msg: string) =>
    unprocessable({ [type === 'matching' || type === 'ordering' ? 'options' : 'correct']: [msg] });
  let candidate: unknown;
  switch (type) {
    case 'single_choice':
    case 'multiple_choice': {
      const opts = split(options).map((text) => ({ id: newOptionId(), text }));
      const picks = split(correct).map(Number);
      if (!picks.length || picks.some((n) => !Number.isInteger(n) || n < 1 || n > opts.length))
        throw bad('Correct must list option numbers (1 = first option), separated by |.');
      candidate = { type, options: opts, correct: picks.map((n) => opts[n - 1]!.id) };
      break;
    }
    case 'true_false': {
      const v = correct.trim().toLowerCase();
      if (v !== 'true' && v !== 'false') throw bad('Correct must be true or false.');
      candidate = { type, correct: v === 'true' };
      break;
    }
    case 'short_answer':
      candidate = { type, accepted: split(correct) };
      break;
    case 'matching': {
      const pairs = split(options).map((p) => p.split('=').map((s) => s.trim()));
      if (pairs.some((p) => p.length !== 2 || !p[0] || !p[1]))
        throw bad('Options must be pairs like left=right, separated by |.');
      candidate = {
        type,
        pairs: pairs.map(([left, right]) => ({
          left_id: newOptionId(),
          left,
          right_id: newOptionId(),
          right,
        })),
      };
      break;
    }
    case 'ordering':
      candidate = { type, items: split(options).map((text) => ({ id: newOptionId(), text })) };
      break;
  }
  const parsed = questionContentSchema.safeParse(candidate);
  if (!parsed.success)
    throw unprocessable(
      Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'content', [i.message]])),
    );
  return parsed.data;
}

export function questionToRow(q: Question): string[] {
  const c = q.content;
  const base = [
    q.micro_topic_name,
    q.type,
    String(q.difficulty),
    richTextToPlain(q.stem),
    richTextToPlain(q.explanation),
  ];
  return [...base, ...contentCells(c), q.practice_only ? 'yes' : 'no'];
}

function contentCells(c: QuestionContent): [string, string] {
  switch (c.type) {
    case 'single_choice':
    case 'multiple_choice':
      return [
        c.options.map((o) => o.text).join('|'),
        c.correct.map((id) => String(c.options.findIndex((o) => o.id === id) + 1)).join('|'),
      ];
    case 'true_false':
      return ['', String(c.correct)];
    case 'short_answer':
      return ['', c.accepted.join('|')];
    case 'matching':
      return [c.pairs.map((p) => `${p.left}=${p.right}`).join('|'), ''];
    case 'ordering':
      return [c.items.map((i) => i.text).join('|'), ''];
  }
}

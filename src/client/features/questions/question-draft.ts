import type { FieldErrors } from '../../../shared/contracts/common.ts';
import type {
  Question,
  QuestionBody,
  QuestionContent,
  QuestionType,
} from '../../../shared/contracts/questions.ts';

export type OptionDraft = { id: string; text: string };
export type PairDraft = { left_id: string; left: string; right_id: string; right: string };

/**
 * Everything the editor holds. Each type keeps its own part, so switching the type back and forth
 * loses nothing that was typed.
 */
export type QuestionDraft = {
  micro_topic_id: number | null;
  difficulty: number;
  stem: string;
  explanation: string;
  image_url: string | null;
  /** Test Yourself only: never used in an assessment, so practice may show its answer. */
  practice_only: boolean;
  type: QuestionType;
  /** single and multiple choice */
  options: OptionDraft[];
  correct: string[];
  trueFalse: boolean | null;
  accepted: string[];
  pairs: PairDraft[];
  /** ordering, in the correct order */
  items: OptionDraft[];
};

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** 8 random characters matching the contract's /^[A-Za-z0-9_-]{1,24}$/ (works outside secure contexts). */
export function newOptionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

const option = (text = ''): OptionDraft => ({ id: newOptionId(), text });
const pair = (left = '', right = ''): PairDraft => ({
  left_id: newOptionId(),
  left,
  right_id: newOptionId(),
  right,
});

export function emptyDraft(microTopicId: number | null = null): QuestionDraft {
  return {
    micro_topic_id: microTopicId,
    difficulty: 1,
    stem: '',
    explanation: '',
    image_url: null,
    practice_only: false,
    type: 'single_choice',
    // Two rows, the fewest a question needs; rows left blank are not sent (contentOf), so none blocks a save.
    options: [option(), option()],
    correct: [],
    trueFalse: null,
    accepted: [''],
    pairs: [pair(), pair()],
    items: [option(), option()],
  };
}

export function draftFromQuestion(q: Question): QuestionDraft {
  const draft: QuestionDraft = {
    ...emptyDraft(q.micro_topic_id),
    difficulty: q.difficulty,
    // The editor reads and writes the stored (sanitised) form directly.
    stem: q.stem,
    explanation: q.explanation,
    image_url: q.image_url,
    practice_only: q.practice_only,
    type: q.content.type,
  };
  const c = q.content;
  switch (c.type) {
    case 'single_choice':
    case 'multiple_choice':
      return { ...draft, options: c.options.map((o) => ({ ...o })), correct: [...c.correct] };
    case 'true_false':
      return { ...draft, trueFalse: c.correct };
    case 'short_answer':
      return { ...draft, accepted: [...c.accepted] };
    case 'matching':
      return { ...draft, pairs: c.pairs.map((p) => ({ ...p })) };
    case 'ordering':
      return { ...draft, items: c.items.map((i) => ({ ...i })) };
  }
}

/** A single-choice question has one correct option; more marks (from multiple choice) keep the first. */
export function withType(draft: QuestionDraft, type: QuestionType): QuestionDraft {
  return type === 'single_choice'
    ? { ...draft, type, correct: draft.correct.slice(0, 1) }
    : { ...draft, type };
}

const filled = (text: string) => text.trim() !== '';
const pairFilled = (p: PairDraft) => filled(p.left) || filled(p.right);

/**
 * For each list the content is built from, the draft row each sent row came from. Rows left blank are not
 * part of the question: they are left out of what is sent, so an unused spare row never blocks a save, and the
 * server's errors (which count the rows it was sent) are mapped back to the rows on screen (draftErrors).
 */
export type SentRows = Record<'options' | 'items' | 'pairs' | 'accepted', number[]>;

function keptIndexes<T>(list: readonly T[], keep: (item: T) => boolean): number[] {
  return list.flatMap((item, i) => (keep(item) ? [i] : []));
}

export function sentRows(draft: QuestionDraft): SentRows {
  return {
    options: keptIndexes(draft.options, (o) => filled(o.text)),
    items: keptIndexes(draft.items, (o) => filled(o.text)),
    pairs: keptIndexes(draft.pairs, pairFilled),
    accepted: keptIndexes(draft.accepted, filled),
  };
}

/** The server's errors keyed by the rows on screen (`content.options.1.text` of the sent rows → the draft's). */
export function draftErrors(errors: FieldErrors, rows: SentRows | null): FieldErrors {
  if (!rows) return errors;
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const m = /^content\.(options|items|pairs|accepted)\.(\d+)(.*)$/.exec(key);
    const at = m ? rows[m[1] as keyof SentRows][Number(m[2])] : undefined;
    const mapped = m && at !== undefined ? `content.${m[1]}.${at}${m[3]}` : key;
    (out[mapped] ??= []).push(...messages);
  }
  return out;
}

/** The gradable content of the draft's current type; the server checks it (and says what is wrong). */
export function contentOf(draft: QuestionDraft): QuestionContent {
  switch (draft.type) {
    case 'single_choice':
    case 'multiple_choice': {
      const options = draft.options.filter((o) => filled(o.text));
      const ids = options.map((o) => o.id);
      return {
        type: draft.type,
        options: options.map(({ id, text }) => ({ id, text })),
        correct: draft.correct.filter((id) => ids.includes(id)),
      };
    }
    case 'true_false':
      // null stays null so the server names the missing choice instead of the client guessing one.
      return { type: 'true_false', correct: draft.trueFalse as boolean };
    case 'short_answer':
      return { type: 'short_answer', accepted: draft.accepted.map((a) => a.trim()).filter(Boolean) };
    case 'matching':
      return { type: 'matching', pairs: draft.pairs.filter(pairFilled).map((p) => ({ ...p })) };
    case 'ordering':
      return {
        type: 'ordering',
        items: draft.items.filter((o) => filled(o.text)).map(({ id, text }) => ({ id, text })),
      };
  }
}

export function bodyOf(draft: QuestionDraft): QuestionBody {
  return {
    // Left out when none is chosen (JSON drops undefined): the server names the missing field.
    micro_topic_id: (draft.micro_topic_id ?? undefined) as number,
    difficulty: draft.difficulty,
    stem: draft.stem,
    explanation: draft.explanation,
    image_url: draft.image_url,
    practice_only: draft.practice_only,
    content: contentOf(draft),
  };
}

export const newOption = option;
export const newPair = pair;

/** Moves item `index` one place up or down; the same array when it cannot move. */
export function moveItem<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

const TOP_FIELDS = [
  'micro_topic_id',
  'difficulty',
  'stem',
  'explanation',
  'image_url',
  'data_url',
  'practice_only',
];
const TYPE_FIELDS: Record<QuestionType, RegExp> = {
  single_choice: /^content\.(options|correct)(\.\d+\.text)?$/,
  multiple_choice: /^content\.(options|correct)(\.\d+\.text)?$/,
  true_false: /^content\.correct$/,
  short_answer: /^content\.accepted(\.\d+)?$/,
  matching: /^content\.pairs(\.\d+\.(left|right))?$/,
  ordering: /^content\.items(\.\d+\.text)?$/,
};

/** Does the editor show errors of `field` next to an input (for this type)? Others go to the top. */
export function isShownField(field: string, type: QuestionType): boolean {
  return TOP_FIELDS.includes(field) || TYPE_FIELDS[type].test(field);
}

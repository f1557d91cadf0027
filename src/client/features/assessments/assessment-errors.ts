import type { FieldErrors } from '../../../shared/contracts/common.ts';
import { assessmentBodySchema } from '../../../shared/contracts/assessments.ts';
import { isBlankDraw } from './assessment-draft.ts';
import type { AssessmentDraft, DrawDraft } from './assessment-draft.ts';

/** The builder's sections, in the order they appear. */
export const SECTIONS = [
  { id: 'details', title: 'Details' },
  { id: 'questions', title: 'Questions' },
  { id: 'schedule', title: 'Schedule & attempts' },
  { id: 'schools', title: 'Who takes it' },
  { id: 'review', title: 'Marking & review' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

/** The element a field's error leads to: its input, or a box whose first control takes the focus. */
export const fieldTargetId = (field: string): string => `assessment-field-${field.replace(/\./g, '-')}`;

type FieldInfo = { section: SectionId; label: (index: number) => string };
const fixed = (section: SectionId, label: string): FieldInfo => ({ section, label: () => label });

/** Every field the builder shows, in the order a person meets them (the focus and summary order). */
const FIELDS: [pattern: string, info: FieldInfo][] = [
  ['title', fixed('details', 'Title')],
  ['description', fixed('details', 'Description')],
  ['question_ids', fixed('questions', 'Questions')],
  ['draws', fixed('questions', 'Micro topics to draw from')],
  ['draws.#.micro_topic_id', { section: 'questions', label: (i) => `Micro topic ${i + 1}` }],
  ['draws.#.count', { section: 'questions', label: (i) => `Questions to draw from micro topic ${i + 1}` }],
  ['confirm_exposed', fixed('questions', 'Answers already shown by Test Yourself')],
  ['opens_at', fixed('schedule', 'Opens at')],
  ['closes_at', fixed('schedule', 'Closes at')],
  ['time_limit_minutes', fixed('schedule', 'Time limit (minutes)')],
  ['attempts_allowed', fixed('schedule', 'Attempts allowed')],
  ['offline_grace_minutes', fixed('schedule', 'Offline grace (minutes)')],
  ['school_ids', fixed('schools', 'Target schools')],
  ['pass_mark', fixed('review', 'Pass mark (%)')],
  ['review_policy', fixed('review', 'Show answers and explanations')],
];

/** One error as the summary lists it; `targetId` is null for what no field of the form shows. */
export type ListedError = {
  field: string;
  label: string;
  message: string;
  section: SectionId | null;
  targetId: string | null;
};

function lookup(field: string): { key: [number, number, number]; index: number; info: FieldInfo } | null {
  const row = /^draws\.(\d+)\./.exec(field);
  const index = row ? Number(row[1]) : 0;
  const pattern = row ? field.replace(/^draws\.\d+\./, 'draws.#.') : field;
  const rank = FIELDS.findIndex(([p]) => p === pattern);
  if (rank < 0) return null;
  // A draw row's topic and count stay together, row after row.
  const first = FIELDS.findIndex(([p]) => p.startsWith('draws.#.'));
  return { key: row ? [first, index, rank] : [rank, 0, 0], index, info: FIELDS[rank]![1] };
}

/**
 * Every message of `errors` in the order of the form (draw rows by row), each with the label a person sees
 * and where it leads; messages for fields the form does not show come last, unlinked.
 */
export function listErrors(errors: FieldErrors): ListedError[] {
  const last: [number, number, number] = [FIELDS.length, 0, 0];
  return Object.entries(errors)
    .filter(([, messages]) => messages.length > 0)
    .map(([field, messages]) => ({ field, messages, at: lookup(field) }))
    .sort((a, b) => {
      const x = a.at?.key ?? last;
      const y = b.at?.key ?? last;
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    })
    .flatMap(({ field, messages, at }) =>
      messages.map((message) => ({
        field,
        message,
        label: at ? at.info.label(at.index) : '',
        section: at ? at.info.section : null,
        targetId: at ? fieldTargetId(field) : null,
      })),
    );
}

/** How many errors each section holds (for the section navigation). */
export function errorsBySection(listed: ListedError[]): Partial<Record<SectionId, number>> {
  const counts: Partial<Record<SectionId, number>> = {};
  for (const e of listed) if (e.section) counts[e.section] = (counts[e.section] ?? 0) + 1;
  return counts;
}

const NUMBERS = {
  time_limit_minutes: [1, 600],
  attempts_allowed: [1, 100],
  pass_mark: [0, 100],
  offline_grace_minutes: [0, 120],
} as const;
const numberMessage = (min: number, max: number) => `Give a whole number from ${min} to ${max}.`;
function wrongNumber(text: string, min: number, max: number, required: boolean): string | null {
  const t = text.trim();
  if (!t) return required ? numberMessage(min, max) : null;
  const n = Number(t);
  return Number.isInteger(n) && n >= min && n <= max ? null : numberMessage(min, max);
}

/**
 * Everything the browser can check before sending, all at once: the numbers as typed, a teacher's schools,
 * and the contract's own rules (the same ones the server applies). What needs the database is the server's.
 * `body`: what would be sent, from assessmentBodyOf (blank draw rows already left out).
 */
export function clientErrors(
  draft: AssessmentDraft,
  body: Parameters<typeof assessmentBodySchema.safeParse>[0],
  options: { schoolsRequired: boolean; sentDraws: number[] },
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, [min, max]] of Object.entries(NUMBERS) as [
    keyof typeof NUMBERS,
    readonly [number, number],
  ][]) {
    if (field === 'attempts_allowed' && draft.unlimited_attempts) continue;
    const wrong = wrongNumber(draft[field], min, max, field !== 'time_limit_minutes');
    if (wrong) errors[field] = [wrong];
  }
  if (draft.selection === 'random')
    options.sentDraws.forEach((row) => {
      const d = draft.draws[row]!;
      if (d.micro_topic_id === null) errors[`draws.${row}.micro_topic_id`] = ['Choose a micro topic.'];
      const wrong = wrongNumber(d.count, 1, 50, true);
      if (wrong) errors[`draws.${row}.count`] = [wrong];
    });
  if (options.schoolsRequired && draft.school_ids.length === 0)
    errors.school_ids = ['Choose the schools this is for.'];

  const parsed = assessmentBodySchema.safeParse(body);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = fromSent(issue.path.join('.'), options.sentDraws);
      // The numbers (and each draw's fields) have their own message above; a whole-field rule adds to it.
      if (field in NUMBERS || /^draws\.\d+\./.test(field) || errors[field]?.includes(issue.message)) continue;
      (errors[field] ??= []).push(issue.message);
    }
  return errors;
}

/** `draws.N.x` of what was sent, as the row of the form it came from (blank rows are not sent). */
function fromSent(field: string, sentDraws: number[]): string {
  return field.replace(/^draws\.(\d+)\./, (whole, n: string) => {
    const row = sentDraws[Number(n)];
    return row === undefined ? whole : `draws.${row}.`;
  });
}

/** The server's 422 errors, with draw rows renumbered as the form shows them. */
export function serverErrors(errors: FieldErrors, sentDraws: number[]): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors))
    (out[fromSent(field, sentDraws)] ??= []).push(...messages);
  return out;
}

/** The rows of `draws` that are sent: every row but the blank ones. */
export const sentDrawRows = (draws: DrawDraft[]): number[] =>
  draws.flatMap((d, i) => (isBlankDraw(d) ? [] : [i]));

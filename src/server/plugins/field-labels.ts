import type { z } from 'zod';

/**
 * What a person calls each field, for validation messages: "The micro topic field is required.", not "The
 * micro topic id field is required." The errors object keeps the API's keys (the client maps them to its
 * inputs); only the words change. Question bank and assessment fields are named one by one; any other field
 * falls back to its key with `_id`/`_ids` dropped and underscores as spaces.
 */
const nth = (m: RegExpExecArray) => Number(m[1]) + 1;
const LABELS: Array<[RegExp, string | ((m: RegExpExecArray) => string)]> = [
  // Question bank (contracts/questions.ts).
  [/^micro_topic_id$/, 'micro topic'],
  [/^sub_topic_id$/, 'sub topic'],
  [/^subject_id$/, 'subject'],
  [/^stem$/, 'question text'],
  [/^image_url$|^data_url$/, 'image'],
  [/^practice_only$/, 'Test Yourself setting'],
  [/^content$/, 'answer'],
  [/^content\.type$/, 'question type'],
  [/^content\.options$/, 'options'],
  [/^content\.options\.(\d+)(\.text)?$/, (m) => `option ${nth(m)}`],
  [/^content\.options\.(\d+)\.id$/, (m) => `option ${nth(m)}`],
  [/^content\.correct(\.\d+)?$/, 'correct answer'],
  [/^content\.accepted$/, 'accepted answers'],
  [/^content\.accepted\.(\d+)$/, (m) => `accepted answer ${nth(m)}`],
  [/^content\.pairs$/, 'matching pairs'],
  [/^content\.pairs\.(\d+)\.(left|right)(_id)?$/, (m) => `${m[2]} item of pair ${nth(m)}`],
  [/^content\.pairs\.(\d+)$/, (m) => `pair ${nth(m)}`],
  [/^content\.items$/, 'items'],
  [/^content\.items\.(\d+)(\.text|\.id)?$/, (m) => `item ${nth(m)}`],
  [/^csv$/, 'file'],
  // Assessments (contracts/assessments.ts).
  [/^selection$/, 'question selection'],
  [/^question_ids$/, 'questions'],
  [/^question_ids\.(\d+)$/, (m) => `question ${nth(m)}`],
  [/^draws$/, 'micro topics to draw from'],
  [/^draws\.(\d+)\.micro_topic_id$/, (m) => `micro topic of draw ${nth(m)}`],
  [/^draws\.(\d+)\.count$/, (m) => `number of questions of draw ${nth(m)}`],
  [/^draws\.(\d+)$/, (m) => `draw ${nth(m)}`],
  [/^shuffle_questions$/, 'shuffle questions setting'],
  [/^shuffle_options$/, 'shuffle options setting'],
  [/^time_limit_minutes$/, 'time limit'],
  [/^opens_at$/, 'opening time'],
  [/^closes_at$/, 'closing time'],
  [/^attempts_allowed$/, 'number of attempts allowed'],
  [/^pass_mark$/, 'pass mark'],
  [/^review_policy$/, 'review policy'],
  [/^offline_grace_minutes$/, 'offline grace period'],
  [/^school_ids$/, 'schools'],
  [/^school_ids\.(\d+)$/, (m) => `school ${nth(m)}`],
  [/^published$/, 'published setting'],
  [/^kind$/, 'kind of assessment'],
  [/^confirm_exposed$/, 'confirmation to use questions Test Yourself has shown'],
];

export function fieldLabel(field: string): string {
  for (const [pattern, label] of LABELS) {
    const m = pattern.exec(field);
    if (m) return typeof label === 'string' ? label : label(m);
  }
  return field
    .split('.')
    .map((part) => part.replace(/_ids$/, 's').replace(/_id$/, ''))
    .join(' ')
    .replaceAll('_', ' ');
}

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const count = (n: number) => WORDS[n] ?? String(n);
const TYPE_WORDS: Record<string, string> = { int: 'whole number', number: 'number', boolean: 'yes or no' };

export function article(expected: string): string {
  const word = TYPE_WORDS[expected] ?? expected;
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

type Issue = z.core.$ZodRawIssue;

/**
 * The message for an issue whose schema gave none of its own (zod calls this only then): zod's defaults
 * ("Too small: expected array to have >=2 items") in the words of the form, naming the field by its label.
 */
export function issueMessage(issue: Issue): string | undefined {
  const label = fieldLabel(issue.path?.map(String).join('.') ?? '') || 'value';
  const i = issue as Issue & {
    origin?: string;
    minimum?: number | bigint;
    maximum?: number | bigint;
    expected?: string;
  };
  const min = Number(i.minimum);
  const max = Number(i.maximum);
  // A missing enum is an invalid value to zod, but to the person it is a field left empty.
  if ((issue.code === 'invalid_value' || issue.code === 'invalid_type') && issue.input === undefined)
    return `The ${label} field is required.`;
  switch (issue.code) {
    case 'too_small':
      if (i.origin === 'string')
        return min <= 1
          ? `The ${label} field is required.`
          : `The ${label} must be at least ${min} characters.`;
      if (i.origin === 'array') return `Give at least ${count(min)} ${label}.`;
      return `The ${label} must be at least ${min}.`;
    case 'too_big':
      if (i.origin === 'string') return `The ${label} may be at most ${max} characters.`;
      if (i.origin === 'array') return `Give at most ${count(max)} ${label}.`;
      return `The ${label} may be at most ${max}.`;
    case 'invalid_value':
      return `Choose a valid ${label}.`;
    case 'invalid_format':
      return `The ${label} is not valid.`;
    case 'invalid_type':
      return i.expected ? `The ${label} must be ${article(i.expected)}.` : undefined;
    case 'not_multiple_of':
      return `The ${label} is not valid.`;
    default:
      return undefined;
  }
}

// The classroom bench's quiz: questions of every type the product has, with their keys, and answers made
// right or wrong on purpose, so the expected score comes from the bench's own knowledge of the key, not
// from the server's grader.
import type { AnswerValue } from '../src/shared/contracts/attempts.ts';
import type { QuestionContent } from '../src/shared/contracts/questions.ts';

export interface QuizQuestion {
  /** Filled in once the server has made the question. */
  id: number;
  stem: string;
  content: QuestionContent;
}

export interface GivenAnswer {
  value: AnswerValue;
  right: boolean;
}

const TYPES = [
  'single_choice',
  'true_false',
  'multiple_choice',
  'short_answer',
  'matching',
  'single_choice',
  'ordering',
  'true_false',
] as const;

/** Question `n` of the quiz (its stem names it, so a browser student can tell which one is on screen). */
function question(n: number): QuizQuestion {
  const type = TYPES[n % TYPES.length]!;
  const stem = `Classroom question ${n + 1}: which answer fits best?`;
  const id = (s: string) => `q${n}${s}`;
  const options = ['Play', 'Stories', 'Songs', 'Blocks'].map((text, i) => ({
    id: id(String.fromCharCode(97 + i)),
    text: `${text} ${n + 1}`,
  }));
  switch (type) {
    case 'single_choice':
      return { id: 0, stem, content: { type, options, correct: [options[n % 4]!.id] } };
    case 'multiple_choice':
      return { id: 0, stem, content: { type, options, correct: [options[0]!.id, options[2]!.id] } };
    case 'true_false':
      return { id: 0, stem, content: { type, correct: n % 2 === 0 } };
    case 'short_answer':
      return { id: 0, stem, content: { type, accepted: [`Learning through play ${n + 1}`] } };
    case 'matching':
      return {
        id: 0,
        stem,
        content: {
          type,
          pairs: ['Toddler', 'Preschooler', 'Infant'].map((left, i) => ({
            left_id: id(`l${i}`),
            left: `${left} ${n + 1}`,
            right_id: id(`r${i}`),
            right: `Stage ${i + 1} of ${n + 1}`,
          })),
        },
      };
    case 'ordering':
      return {
        id: 0,
        stem,
        content: {
          type,
          items: ['Observe', 'Plan', 'Act', 'Reflect'].map((text, i) => ({
            id: id(`o${i}`),
            text: `${text} ${n + 1}`,
          })),
        },
      };
  }
}

export function quizQuestions(count: number): QuizQuestion[] {
  return Array.from({ length: count }, (_, n) => question(n));
}

/** A right (or, on purpose, wrong) answer to `q`, by the key the bench wrote. */
export function answerFor(q: QuizQuestion, right: boolean): GivenAnswer {
  const c = q.content;
  const value = ((): AnswerValue => {
    switch (c.type) {
      case 'single_choice': {
        const other = c.options.find((o) => o.id !== c.correct[0])!;
        return { type: c.type, choice: right ? c.correct[0]! : other.id };
      }
      case 'multiple_choice':
        return {
          type: c.type,
          choices: right ? [...c.correct] : [c.options[0]!.id, c.options[1]!.id],
        };
      case 'true_false':
        return { type: c.type, value: right ? c.correct : !c.correct };
      case 'short_answer':
        return { type: c.type, text: right ? c.accepted[0]! : 'Worksheets all day' };
      case 'matching': {
        const rights = c.pairs.map((p) => p.right_id);
        // Wrong: every item gets the next item's match.
        const shifted = right ? rights : [...rights.slice(1), rights[0]!];
        return { type: c.type, pairs: Object.fromEntries(c.pairs.map((p, i) => [p.left_id, shifted[i]!])) };
      }
      case 'ordering': {
        const ids = c.items.map((i) => i.id);
        return { type: c.type, order: right ? ids : [ids[1]!, ids[0]!, ...ids.slice(2)] };
      }
    }
  })();
  return { value, right };
}

/** One spelling of an answer for comparison: keys sorted, a set of choices sorted. */
export function canonical(value: unknown): string {
  const sortValue = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortValue);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, x]) => [k, sortValue(x)]),
      );
    return v;
  };
  const v = value as { type?: string; choices?: string[] } | null;
  if (v?.type === 'multiple_choice' && v.choices)
    return JSON.stringify(sortValue({ ...v, choices: [...v.choices].sort() }));
  return JSON.stringify(sortValue(value));
}

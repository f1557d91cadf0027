import {
  questionContentSchema,
  type Question,
  type QuestionContent,
} from '../../../shared/contracts/questions.ts';
import type { QuestionRow } from './questions.repository.ts';
import { parametersOf } from '../learning/item-parameters.ts';

export function parseContent(json: string): QuestionContent {
  return questionContentSchema.parse(JSON.parse(json));
}

/** How many parsed contents `sharedContent` keeps: every question of a large bank. */
export const SHARED_CONTENT_LIMIT = 5_000;
const shared = new Map<string, QuestionContent>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * parseContent for the hot paths of taking and grading (every answer saved, every submit of 50 questions):
 * the parse of the same stored text is made once and shared, frozen, so no caller can change it for the
 * others. Keyed by the text itself, so an edited question is parsed afresh. The oldest entry goes first.
 */
export function sharedContent(json: string): QuestionContent {
  const hit = shared.get(json);
  if (hit) return hit;
  const parsed = deepFreeze(parseContent(json));
  if (shared.size >= SHARED_CONTENT_LIMIT) shared.delete(shared.keys().next().value!);
  shared.set(json, parsed);
  return parsed;
}

export function toQuestion(row: QuestionRow): Question {
  const {
    slip: _s,
    guess: _g,
    dont_know_known: _k,
    dont_know_unknown: _u,
    answers: _a,
    fitted_at: _f,
    ...rest
  } = row;
  const content = parseContent(row.content);
  return {
    ...rest,
    type: row.type as Question['type'],
    content,
    used_in: Number(row.used_in ?? 0),
    practice_only: row.practice_only === 1,
    parameters: parametersOf(row, content),
  };
}

export interface QuestionInput {
  micro_topic_id: number;
  difficulty: number;
  stem: string;
  explanation: string;
  image_url: string | null;
  content: QuestionContent;
  practice_only: boolean;
}

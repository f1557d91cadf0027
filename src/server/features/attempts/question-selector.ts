import { shuffled } from '../questions/question-types.ts';

/**
 * Decides which questions an attempt holds and which comes next. The taking screens only ever ask
 * `next`; the diagnostic's adaptive selector (adaptive-selector.ts) also reads the graded answers.
 */
export interface QuestionSelector {
  plan(input: {
    fixed: number[];
    draws: Array<{ pool: number[]; count: number }>;
    shuffle: boolean;
  }): number[];
  next(attempt: { question_ids: number[]; answered: ReadonlySet<number> }): number | null;
}

export const fixedOrderSelector: QuestionSelector = {
  plan({ fixed, draws, shuffle }) {
    const ids = fixed.length ? [...fixed] : draws.flatMap((d) => shuffled(d.pool).slice(0, d.count));
    return shuffle || !fixed.length ? shuffled(ids) : ids;
  },
  next({ question_ids, answered }) {
    return question_ids.find((id) => !answered.has(id)) ?? null;
  },
};

import type { QuestionContent } from '../../../shared/contracts/questions.ts';

/**
 * How a question's answers depend on whether the student knows its micro topic: three outcomes (right,
 * wrong, "I don't know"), each with its chance for a student who knows the topic and for one who does not.
 *
 * - `dontKnowKnown` / `dontKnowUnknown`: the chance of choosing "I don't know" (an unsure knower does too).
 * - `slip`: a knower who answers gets it wrong anyway. `guess`: a non-knower who answers gets it right.
 *
 * The type's defaults are where a question starts; `item-fit.ts` learns each question's own rates from the
 * stored answers. A guess rate is never below GUESS_FLOOR: a short answer, a matching or an ordering is not
 * guessed blind by a student who half knows the topic, and a near-zero rate would make one lucky answer proof.
 */
export interface ItemModel {
  slip: number;
  guess: number;
  dontKnowKnown: number;
  dontKnowUnknown: number;
}

export type Outcome = 'correct' | 'wrong' | 'dont_know';

export const DEFAULT_SLIP = 0.1;
export const GUESS_FLOOR = 0.15;
export const DEFAULT_DONT_KNOW_KNOWN = 0.05;
export const DEFAULT_DONT_KNOW_UNKNOWN = 0.3;
/** Fitted rates stay inside these bounds: no answer is ever proof either way. */
export const MIN_RATE = 0.02;
export const MAX_SLIP = 0.4;
export const MAX_GUESS = 0.75;

function factorial(n: number): number {
  let f = 1;
  for (let i = 2; i <= n; i += 1) f *= i;
  return f;
}

/** The chance of getting it right at random, before the floor. */
export function blindGuess(content: QuestionContent): number {
  switch (content.type) {
    case 'single_choice':
      return 1 / content.options.length;
    case 'multiple_choice':
      // "Select all that apply": any non-empty subset of the options may be the key.
      return 1 / (2 ** content.options.length - 1);
    case 'true_false':
      return 0.5;
    case 'short_answer':
      return 0;
    case 'matching':
      return 1 / factorial(content.pairs.length);
    case 'ordering':
      return 1 / factorial(content.items.length);
  }
}

/** A question's rates before any answer is fitted: its type's guess (floored), the default slip and "I don't know". */
export function defaultItemModel(content: QuestionContent): ItemModel {
  return {
    slip: DEFAULT_SLIP,
    guess: Math.max(GUESS_FLOOR, blindGuess(content)),
    dontKnowKnown: DEFAULT_DONT_KNOW_KNOWN,
    dontKnowUnknown: DEFAULT_DONT_KNOW_UNKNOWN,
  };
}

/** P(outcome | known) and P(outcome | not known). */
export function outcomeChances(item: ItemModel, outcome: Outcome): { known: number; unknown: number } {
  switch (outcome) {
    case 'correct':
      return {
        known: (1 - item.dontKnowKnown) * (1 - item.slip),
        unknown: (1 - item.dontKnowUnknown) * item.guess,
      };
    case 'wrong':
      return {
        known: (1 - item.dontKnowKnown) * item.slip,
        unknown: (1 - item.dontKnowUnknown) * (1 - item.guess),
      };
    case 'dont_know':
      return { known: item.dontKnowKnown, unknown: item.dontKnowUnknown };
  }
}

export const OUTCOMES: readonly Outcome[] = ['correct', 'wrong', 'dont_know'];

/** A model whose rates are inside the bounds, whatever produced them. */
export function bounded(item: ItemModel): ItemModel {
  const clamp = (x: number, hi: number) => Math.min(hi, Math.max(MIN_RATE, x));
  const slip = clamp(item.slip, MAX_SLIP);
  // A non-knower is never likelier to be right than a knower.
  const guess = clamp(Math.min(item.guess, 1 - slip - 0.1), MAX_GUESS);
  return {
    slip,
    guess,
    dontKnowKnown: clamp(item.dontKnowKnown, 0.5),
    dontKnowUnknown: clamp(Math.max(item.dontKnowUnknown, item.dontKnowKnown), 0.95),
  };
}

import { outcomeChances, type ItemModel, type Outcome } from '../diagnostic/item-model.ts';
import { MASTERED, NOT_MASTERED } from '../diagnostic/mastery-levels.ts';

export { DEFAULT_SLIP, defaultItemModel, type ItemModel, type Outcome } from '../diagnostic/item-model.ts';
export { MASTERED, NOT_MASTERED } from '../diagnostic/mastery-levels.ts';

/**
 * The proficiency model: Bayesian knowledge tracing per student per micro topic.
 *
 * Each topic holds P(mastered). A graded answer moves it by Bayes' rule through the item's rates
 * (`diagnostic/item-model.ts`, fitted from the stored answers where a refit has run, else its type's
 * defaults): right, wrong and "I don't know" each have their chance for a knower and a non-knower; practice
 * with feedback then adds a learning step (the student saw the right answer). Between answers the estimate
 * decays toward the prior with a half-life, so an old mastery fades and the topic becomes due for a re-check.
 *
 * Pure functions only: the stored state is a fold of these over the student's graded answers in time order,
 * so recomputing from the answers gives the same numbers (the recalculation calls are idempotent).
 */

export const PRIOR = 0.3;
/** Practice with feedback: the chance an unmastered topic becomes mastered after seeing the answer. */
export const LEARN_RATE = 0.1;
/** The share of mastery above the prior that remains after this many days without evidence is one half. */
export const HALF_LIFE_DAYS = 90;
/** Estimates never reach certainty: one lucky or careless answer must always be able to move them. */
const FLOOR = 0.001;
const CEILING = 0.999;
const DAY_MS = 86_400_000;

const clamp = (p: number) => Math.min(CEILING, Math.max(FLOOR, p));

/** The estimate `days` after it was last updated: the part above the prior halves every HALF_LIFE_DAYS. */
export function decayed(p: number, days: number): number {
  if (days <= 0 || p <= PRIOR) return p;
  return PRIOR + (p - PRIOR) * 0.5 ** (days / HALF_LIFE_DAYS);
}

/**
 * P(mastered | this outcome): Bayes through the item's chances of the outcome for a knower and a non-knower.
 * "I don't know" (and a question left unanswered) is its own outcome: it moves the estimate by the item's
 * dontKnowKnown against dontKnowUnknown, not as a wrong answer would.
 */
export function afterAnswer(p: number, outcome: Outcome, item: ItemModel): number {
  const { known, unknown } = outcomeChances(item, outcome);
  return clamp((p * known) / (p * known + (1 - p) * unknown));
}

/** After feedback (Test Yourself shows the answer): some unmastered students learn it. */
export function afterFeedback(p: number): number {
  return clamp(p + (1 - p) * LEARN_RATE);
}

export interface Evidence {
  at: string;
  outcome: Outcome;
  item: ItemModel;
  /** The student saw the right answer right away (practice). */
  feedback: boolean;
}

export interface TopicState {
  p: number;
  evidence: number;
  /** When the estimate was last moved by an answer (ISO). */
  updatedAt: string | null;
}

export const EMPTY_TOPIC: TopicState = { p: PRIOR, evidence: 0, updatedAt: null };

/** Whole days: an estimate changes from one day to the next, not from one call to the next. */
const daysBetween = (from: string | null, to: string) =>
  from === null ? 0 : Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / DAY_MS));

/** One answer applied to a topic's state: decay to the answer's time, Bayes, then the learning step. */
export function step(state: TopicState, e: Evidence): TopicState {
  let p = decayed(state.p, daysBetween(state.updatedAt, e.at));
  p = afterAnswer(p, e.outcome, e.item);
  if (e.feedback) p = afterFeedback(p);
  const updatedAt = state.updatedAt !== null && state.updatedAt > e.at ? state.updatedAt : e.at;
  return { p, evidence: state.evidence + 1, updatedAt };
}

/** The estimate as of `now`, decay included. */
export function effective(state: TopicState, now: string): number {
  return decayed(state.p, daysBetween(state.updatedAt, now));
}

export type MasteryLevel = 'mastered' | 'not_sure' | 'not_mastered' | 'unknown';

export function levelOf(state: TopicState, now: string): MasteryLevel {
  if (state.evidence === 0) return 'unknown';
  const p = effective(state, now);
  if (p >= MASTERED) return 'mastered';
  if (p <= NOT_MASTERED) return 'not_mastered';
  return 'not_sure';
}

/** Mastered once (the stored estimate) but faded since: time to check again. */
export function isDueForRecheck(state: TopicState, now: string): boolean {
  return state.evidence > 0 && state.p >= MASTERED && effective(state, now) < MASTERED;
}

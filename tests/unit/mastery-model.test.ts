import { describe, expect, it } from 'vitest';
import {
  afterAnswer,
  decayed,
  EMPTY_TOPIC,
  effective,
  HALF_LIFE_DAYS,
  defaultItemModel,
  isDueForRecheck,
  levelOf,
  MASTERED,
  PRIOR,
  step,
  type Evidence,
  type Outcome,
} from '../../src/server/features/learning/mastery-model.ts';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * DAY).toISOString();
const choice4 = defaultItemModel({
  type: 'single_choice',
  options: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: id })),
  correct: ['a'],
});
const answer = (correct: boolean | null, days = 0, feedback = false): Evidence => ({
  at: at(days),
  outcome: correct === null ? 'dont_know' : correct ? 'correct' : 'wrong',
  item: choice4,
  feedback,
});

describe('the proficiency model', () => {
  it("starts from the type's rates, with a guess floor where a blind guess is near impossible", () => {
    expect(choice4).toEqual({ slip: 0.1, guess: 0.25, dontKnowKnown: 0.05, dontKnowUnknown: 0.3 });
    expect(defaultItemModel({ type: 'true_false', correct: true }).guess).toBe(0.5);
    expect(defaultItemModel({ type: 'short_answer', accepted: ['x'] }).guess).toBe(0.15);
    const items = ['a', 'b', 'c', 'd'].map((id) => ({ id, text: id }));
    expect(defaultItemModel({ type: 'ordering', items }).guess).toBe(0.15);
  });

  it('moves up on a right answer and down on a wrong one, by Bayes through the outcome chances', () => {
    const right = afterAnswer(PRIOR, 'correct', choice4);
    // 0.3 × 0.95 × 0.9 / (0.3 × 0.95 × 0.9 + 0.7 × 0.7 × 0.25)
    expect(right).toBeCloseTo(0.2565 / (0.2565 + 0.1225), 6);
    const wrong = afterAnswer(PRIOR, 'wrong', choice4);
    // 0.3 × 0.95 × 0.1 / (0.3 × 0.95 × 0.1 + 0.7 × 0.7 × 0.75)
    expect(wrong).toBeCloseTo(0.0285 / (0.0285 + 0.3675), 6);
  });

  it('does not take one right short answer as proof of knowing', () => {
    const short = afterAnswer(PRIOR, 'correct', defaultItemModel({ type: 'short_answer', accepted: ['x'] }));
    const tf = afterAnswer(PRIOR, 'correct', defaultItemModel({ type: 'true_false', correct: true }));
    expect(short).toBeGreaterThan(tf);
    // Before the floor a lucky short answer took 0.3 to 0.999; now it stays short of mastered.
    expect(short).toBeLessThan(0.8);
  });

  it('moves on "I don\'t know" by how often knowers and non-knowers choose it, not as a wrong answer', () => {
    const p = 0.6;
    const dontKnow = afterAnswer(p, 'dont_know', choice4);
    // 0.6 × 0.05 / (0.6 × 0.05 + 0.4 × 0.3)
    expect(dontKnow).toBeCloseTo(0.03 / (0.03 + 0.12), 6);
    expect(dontKnow).toBeLessThan(p);
    // A question that knowers often answer "I don't know" too says less by it.
    const unsureKnowers = { ...choice4, dontKnowKnown: 0.25 };
    expect(afterAnswer(p, 'dont_know', unsureKnowers)).toBeGreaterThan(dontKnow);
    // And fitted rates are used as given: a question whose non-knowers guess right half the time.
    const guessy = { ...choice4, guess: 0.5 };
    expect(afterAnswer(PRIOR, 'correct', guessy)).toBeLessThan(afterAnswer(PRIOR, 'correct', choice4));
    const outcomes: Outcome[] = ['correct', 'wrong', 'dont_know'];
    for (const o of outcomes) expect(afterAnswer(p, o, choice4)).toBeGreaterThan(0);
  });

  it('reaches mastered after a run of right answers, and a slip does not undo it', () => {
    let s = EMPTY_TOPIC;
    for (let i = 0; i < 4; i += 1) s = step(s, answer(true, 0));
    expect(levelOf(s, at(0))).toBe('mastered');
    const slipped = step(s, answer(false, 0));
    expect(slipped.p).toBeGreaterThan(0.5);
    expect(slipped.evidence).toBe(5);
  });

  it('adds a learning step after feedback in practice', () => {
    const without = step(EMPTY_TOPIC, answer(false, 0, false));
    const withFeedback = step(EMPTY_TOPIC, answer(false, 0, true));
    expect(withFeedback.p).toBeGreaterThan(without.p);
  });

  it('fades toward the prior with its half-life and then is due for a re-check', () => {
    expect(decayed(0.9, HALF_LIFE_DAYS)).toBeCloseTo(PRIOR + 0.3, 6);
    expect(decayed(0.2, 400)).toBe(0.2);
    let s = EMPTY_TOPIC;
    for (let i = 0; i < 5; i += 1) s = step(s, answer(true, 0));
    expect(isDueForRecheck(s, at(1))).toBe(false);
    const later = at(HALF_LIFE_DAYS);
    expect(effective(s, later)).toBeLessThan(MASTERED);
    expect(isDueForRecheck(s, later)).toBe(true);
  });

  it('is unknown until there is evidence', () => {
    expect(levelOf(EMPTY_TOPIC, at(0))).toBe('unknown');
    expect(levelOf(step(EMPTY_TOPIC, answer(false)), at(0))).toBe('not_mastered');
  });
});

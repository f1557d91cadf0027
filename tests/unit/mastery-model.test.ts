import { describe, expect, it } from 'vitest';
import {
  afterAnswer,
  decayed,
  EMPTY_TOPIC,
  effective,
  HALF_LIFE_DAYS,
  isDueForRecheck,
  itemParams,
  levelOf,
  MASTERED,
  PRIOR,
  step,
  type Evidence,
} from '../../src/server/features/learning/mastery-model.ts';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * DAY).toISOString();
const choice4 = itemParams({
  type: 'single_choice',
  options: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: id })),
  correct: ['a'],
});
const answer = (correct: boolean | null, days = 0, feedback = false): Evidence => ({
  at: at(days),
  correct,
  item: choice4,
  feedback,
});

describe('the proficiency model', () => {
  it('derives guess rates from what a random answer could hit', () => {
    expect(choice4).toEqual({ slip: 0.1, guess: 0.25 });
    expect(itemParams({ type: 'true_false', correct: true }).guess).toBe(0.5);
    expect(itemParams({ type: 'short_answer', accepted: ['x'] }).guess).toBe(0);
    const items = ['a', 'b', 'c'].map((id) => ({ id, text: id }));
    expect(itemParams({ type: 'ordering', items }).guess).toBeCloseTo(1 / 6);
  });

  it('moves up on a right answer and down on a wrong one, by Bayes through slip and guess', () => {
    const right = afterAnswer(PRIOR, true, choice4);
    // 0.3 × 0.9 / (0.3 × 0.9 + 0.7 × 0.25)
    expect(right).toBeCloseTo(0.27 / (0.27 + 0.175), 6);
    const wrong = afterAnswer(PRIOR, false, choice4);
    expect(wrong).toBeCloseTo(0.03 / (0.03 + 0.7 * 0.75), 6);
  });

  it('counts a right true/false answer for less than a right short answer (guessing)', () => {
    const tf = afterAnswer(PRIOR, true, itemParams({ type: 'true_false', correct: true }));
    const short = afterAnswer(PRIOR, true, itemParams({ type: 'short_answer', accepted: ['x'] }));
    expect(short).toBeGreaterThan(tf);
    expect(short).toBeLessThan(1);
  });

  it('treats "I don\'t know" as not knowing, without the chance of a lucky guess', () => {
    expect(afterAnswer(0.6, null, choice4)).toBeLessThan(afterAnswer(0.6, false, choice4));
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

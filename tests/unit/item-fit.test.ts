import { describe, expect, it } from 'vitest';
import { CORRECT, DONT_KNOW, fitItems, WRONG } from '../../src/server/features/diagnostic/item-fit.ts';
import {
  blindGuess,
  defaultItemModel,
  type ItemModel,
} from '../../src/server/features/diagnostic/item-model.ts';
import { seededRandom } from '../../src/server/features/diagnostic/knowledge-space.ts';

const choice = (n: number) =>
  ({
    type: 'single_choice',
    options: Array.from({ length: n }, (_, i) => ({ id: `o${i}`, text: `${i}` })),
    correct: ['o0'],
  }) as const;

describe('the type defaults', () => {
  it('floor every guess rate and take "select all that apply" at its blind chance', () => {
    expect(blindGuess({ type: 'multiple_choice', options: choice(3).options, correct: ['o0'] })).toBeCloseTo(
      1 / 7,
    );
    expect(blindGuess({ type: 'short_answer', accepted: ['x'] })).toBe(0);
    expect(defaultItemModel({ type: 'short_answer', accepted: ['x'] }).guess).toBe(0.15);
    expect(defaultItemModel(choice(4)).guess).toBe(0.25);
    expect(defaultItemModel({ type: 'true_false', correct: true }).guess).toBe(0.5);
  });
});

/**
 * A class of students on a chain of topics 0 → 1 → … → 5: each knows a topic they are ready for with a
 * chance set by their ability, and (with `leak`) one they are not ready for now and then. Three questions per
 * topic with known true rates; every student answers every question.
 */
function simulate(truth: ItemModel[], leak: number, students = 1500) {
  const random = seededRandom(17);
  const T = 6;
  const student: number[] = [];
  const item: number[] = [];
  const outcome: number[] = [];
  for (let s = 0; s < students; s++) {
    const ability = 0.15 + 0.8 * random();
    const known: boolean[] = [];
    for (let t = 0; t < T; t++) known.push(t === 0 || known[t - 1] ? random() < ability : random() < leak);
    truth.forEach((rates, i) => {
      const knows = known[Math.floor(i / 3)]!;
      student.push(s);
      item.push(i);
      if (random() < (knows ? rates.dontKnowKnown : rates.dontKnowUnknown)) outcome.push(DONT_KNOW);
      else outcome.push((knows ? random() >= rates.slip : random() < rates.guess) ? CORRECT : WRONG);
    });
  }
  return fitItems({
    students,
    items: truth.map((_, i) => ({ topic: Math.floor(i / 3), prior: defaultItemModel(choice(4)) })),
    topics: Array.from({ length: T }, (_, t) => ({ parents: t === 0 ? [] : [t - 1], subject: 0 })),
    student: Int32Array.from(student),
    item: Int32Array.from(item),
    outcome: Uint8Array.from(outcome),
  });
}

describe('fitting item parameters from answers', () => {
  const truth: ItemModel[] = Array.from({ length: 18 }, (_, i) => ({
    slip: [0.05, 0.1, 0.25][i % 3]!,
    guess: [0.1, 0.3, 0.5][(i + 1) % 3]!,
    dontKnowKnown: 0.03,
    dontKnowUnknown: i % 2 ? 0.5 : 0.2,
  }));

  it('recovers each question\'s slip, guess and "I don\'t know" rates', () => {
    const fit = simulate(truth, 0);
    fit.items.forEach((f, i) => {
      expect(Math.abs(f.slip - truth[i]!.slip)).toBeLessThan(0.06);
      // Within 0.1 of the truth, where the type's default (0.25) is up to 0.25 away.
      expect(Math.abs(f.guess - truth[i]!.guess)).toBeLessThan(0.1);
      expect(Math.abs(f.dontKnowUnknown - truth[i]!.dontKnowUnknown)).toBeLessThan(0.08);
    });
    // A question guessed half the time is told from one guessed a tenth of the time.
    expect(fit.items[1]!.guess).toBeGreaterThan(fit.items[2]!.guess + 0.25);
    expect(fit.answers[0]).toBe(1500);
  });

  it('finds no leak where topics are learnt in order, and one where they are not', () => {
    expect(simulate(truth, 0).leak).toBeLessThan(0.03);
    const leaky = simulate(truth, 0.2).leak;
    expect(leaky).toBeGreaterThan(0.1);
    expect(leaky).toBeLessThan(0.3);
  });
});

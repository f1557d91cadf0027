import { describe, expect, it } from 'vitest';
import { facility, itemFlags, pointBiserial, sumsOf } from '../../src/server/features/reports/item-stats.ts';
import { shortName } from '../../src/server/features/reports/reports.service.ts';

/** The textbook definition, computed the long way: Pearson's r between the 0/1 item and the total. */
function pearson(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe('item statistics', () => {
  it('facility is the share right', () => {
    expect(
      facility(
        sumsOf([
          { right: true, total: 1 },
          { right: false, total: 0 },
        ]),
      ),
    ).toBe(0.5);
    expect(facility(sumsOf([]))).toBeNull();
  });

  it('point-biserial from sums equals Pearson r of the raw marks', () => {
    const totals = [100, 67, 33, 0, 50, 83, 17, 67];
    const marks = [1, 1, 0, 0, 1, 0, 0, 1];
    const r = pointBiserial(sumsOf(marks.map((m, i) => ({ right: m === 1, total: totals[i]! }))));
    expect(r).toBeCloseTo(pearson(marks, totals), 10);
  });

  it('works the paper example: totals 100, 67, 33, 0', () => {
    const totals = [100, 67, 33, 0];
    const item = (rights: boolean[]) => sumsOf(rights.map((right, i) => ({ right, total: totals[i]! })));
    expect(pointBiserial(item([true, true, false, false]))).toBeCloseTo(0.897, 3);
    expect(pointBiserial(item([true, true, true, false]))).toBeCloseTo(0.773, 3);
    // Answered right by the weak students only: negative.
    expect(pointBiserial(item([false, false, true, true]))).toBeCloseTo(-0.897, 3);
  });

  it('is undefined when everyone is right, everyone wrong, or every total is the same', () => {
    expect(
      pointBiserial(
        sumsOf([
          { right: true, total: 50 },
          { right: true, total: 70 },
        ]),
      ),
    ).toBeNull();
    expect(
      pointBiserial(
        sumsOf([
          { right: false, total: 50 },
          { right: false, total: 70 },
        ]),
      ),
    ).toBeNull();
    expect(
      pointBiserial(
        sumsOf([
          { right: true, total: 50 },
          { right: false, total: 50 },
        ]),
      ),
    ).toBeNull();
    expect(pointBiserial(sumsOf([{ right: true, total: 50 }]))).toBeNull();
  });

  it('flags items that misbehave', () => {
    const opts = (key: number, ...others: number[]) => [
      { key: true, count: key },
      ...others.map((count) => ({ key: false, count })),
    ];
    expect(itemFlags(0.5, 0.4, opts(10, 3, 2))).toEqual([]);
    expect(itemFlags(0.1, 0.4, [])).toEqual(['too_hard']);
    expect(itemFlags(0.97, 0.4, [])).toEqual(['too_easy']);
    expect(itemFlags(0.5, 0.05, [])).toEqual(['low_discrimination']);
    expect(itemFlags(0.5, -0.2, [])).toEqual(['negative']);
    expect(itemFlags(0.3, 0.3, opts(3, 5, 1))).toEqual(['distractor']);
    // A tie with the key is not yet a problem.
    expect(itemFlags(0.3, 0.3, opts(3, 3))).toEqual([]);
    // Multiple choice: a wrong option chosen more often than the least chosen key.
    expect(itemFlags(0.5, 0.3, [...opts(8, 6), { key: true, count: 4 }])).toEqual(['distractor']);
    // Nothing to say with no answers.
    expect(itemFlags(null, null, opts(0, 0))).toEqual([]);
  });
});

describe('names on a student board', () => {
  it('shows first name and initial', () => {
    expect(shortName('Sam Rivera')).toBe('Sam R.');
    expect(shortName('  Ana María de la Cruz ')).toBe('Ana C.');
    expect(shortName('Prince')).toBe('Prince');
  });
});

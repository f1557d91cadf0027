import type { ItemFlag } from '../../../shared/contracts/reports.ts';

/**
 * Classical item analysis from sums, so the database adds up a million answers and this file only divides.
 * The totals are the attempts' percent scores; an item is "right" or not per attempt that was shown it.
 */
export interface ItemSums {
  /** Attempts that were shown the item (an attempt that left it blank counts as wrong). */
  n: number;
  right: number;
  /** Σ total, Σ total², and Σ total over the attempts that got it right. */
  sumTotal: number;
  sumTotalSq: number;
  sumTotalRight: number;
}

/** Below this share right an item is too hard to tell anyone apart; above the next, too easy. */
export const FACILITY_LOW = 0.2;
export const FACILITY_HIGH = 0.95;
/** Below this the item hardly separates strong from weak students. */
export const DISCRIMINATION_LOW = 0.1;

export function facility(s: ItemSums): number | null {
  return s.n ? s.right / s.n : null;
}

/**
 * Point-biserial correlation between the item (1/0) and the total: (M₁ − M₀) / σ · √(p·q), with σ the
 * population deviation of the totals. Null when it is undefined: everyone right, everyone wrong, or all
 * totals equal.
 */
export function pointBiserial(s: ItemSums): number | null {
  const wrong = s.n - s.right;
  if (s.n < 2 || s.right === 0 || wrong === 0) return null;
  const mean = s.sumTotal / s.n;
  const variance = s.sumTotalSq / s.n - mean * mean;
  // Sums of integers: a variance this small is rounding, i.e. every total is the same.
  if (variance <= 1e-9) return null;
  const m1 = s.sumTotalRight / s.right;
  const m0 = (s.sumTotal - s.sumTotalRight) / wrong;
  const p = s.right / s.n;
  const r = ((m1 - m0) / Math.sqrt(variance)) * Math.sqrt(p * (1 - p));
  return Math.max(-1, Math.min(1, r));
}

/** The same from the raw marks and totals: the definition the sums must agree with (tests use it). */
export function sumsOf(marks: Array<{ right: boolean; total: number }>): ItemSums {
  const s: ItemSums = { n: 0, right: 0, sumTotal: 0, sumTotalSq: 0, sumTotalRight: 0 };
  for (const m of marks) {
    s.n++;
    s.sumTotal += m.total;
    s.sumTotalSq += m.total * m.total;
    if (m.right) {
      s.right++;
      s.sumTotalRight += m.total;
    }
  }
  return s;
}

/** What is wrong with an item, if anything. Options: how often each was chosen, and whether it is a key. */
export function itemFlags(
  fac: number | null,
  disc: number | null,
  options: Array<{ key: boolean; count: number }>,
): ItemFlag[] {
  const flags: ItemFlag[] = [];
  if (fac !== null && fac < FACILITY_LOW) flags.push('too_hard');
  if (fac !== null && fac > FACILITY_HIGH) flags.push('too_easy');
  if (disc !== null && disc < 0) flags.push('negative');
  else if (disc !== null && disc < DISCRIMINATION_LOW) flags.push('low_discrimination');
  const keys = options.filter((o) => o.key).map((o) => o.count);
  // Multiple choice: a wrong option chosen more often than the least chosen right one.
  const keyCount = keys.length ? Math.min(...keys) : null;
  if (keyCount !== null && options.some((o) => !o.key && o.count > keyCount)) flags.push('distractor');
  return flags;
}

/** Rounds for display and the contract: 2 decimals. */
export const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

/** [start, end] seconds of a video really played. */
export type Interval = [number, number];

/**
 * The union of two sets of intervals, clamped to [0, duration] (when known), sorted and merged. Union, so a
 * report sent twice, or replayed from the offline outbox after a newer one, changes nothing; never smaller
 * than what was already there, so progress does not go backwards.
 */
export function mergeIntervals(a: Interval[], b: Interval[], duration: number | null): Interval[] {
  const limit = duration && duration > 0 ? duration : Infinity;
  const clean = [...a, ...b]
    .map(([s, e]): Interval => [Math.max(0, Math.min(s, limit)), Math.max(0, Math.min(e, limit))])
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e) && e > s)
    .sort((x, y) => x[0] - y[0]);
  const merged: Interval[] = [];
  for (const [s, e] of clean) {
    const last = merged[merged.length - 1];
    // Touching intervals join: a player reports [0, 10] then [10, 20] for one continuous play.
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  // Rounded to milliseconds: the sum must come out the same however often the same report is merged.
  return merged.map(([s, e]) => [round(s), round(e)]);
}

export function totalSeconds(intervals: Interval[]): number {
  return round(intervals.reduce((sum, [s, e]) => sum + (e - s), 0));
}

/** Stored JSON back to intervals; anything malformed counts as nothing watched. */
export function parseIntervals(json: string): Interval[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (i): i is Interval =>
        Array.isArray(i) && i.length === 2 && typeof i[0] === 'number' && typeof i[1] === 'number',
    );
  } catch {
    return [];
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;

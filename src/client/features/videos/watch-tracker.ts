/** [start, end] seconds really played. */
export type Interval = [number, number];

/** A jump larger than this between two time updates is a seek, not playing (updates come every ~0.25 s). */
export const SEEK_GAP_SECONDS = 1.5;

/** Sorted union of intervals (the server computes the same; here it drives what the student sees). */
export function merge(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

export const total = (intervals: Interval[]) => intervals.reduce((sum, [s, e]) => sum + e - s, 0);

/**
 * Records what is actually played. Only advancing play counts: when the time jumps (a seek, either way) by
 * more than SEEK_GAP_SECONDS, a new interval starts where it landed, so seeking to the end adds nothing but
 * the seconds played after landing.
 */
export class WatchTracker {
  private done: Interval[];
  private current: Interval | null = null;

  constructor(known: Interval[] = []) {
    this.done = merge(known.map(([s, e]): Interval => [s, e]));
  }

  /** A time update while playing. */
  played(time: number): void {
    const c = this.current;
    if (c && time >= c[1] && time - c[1] <= SEEK_GAP_SECONDS) {
      c[1] = time;
      return;
    }
    this.stop();
    this.current = [time, time];
  }

  /** Paused, seeking or ended: the next update starts a new interval. */
  stop(): void {
    if (this.current && this.current[1] > this.current[0]) this.done = merge([...this.done, this.current]);
    this.current = null;
  }

  intervals(): Interval[] {
    const all = this.current ? [...this.done, this.current] : this.done;
    return merge(all.map(([s, e]): Interval => [Math.round(s * 1000) / 1000, Math.round(e * 1000) / 1000]));
  }
}

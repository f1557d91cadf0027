import { mergeIntervals, totalSeconds, type Interval } from './watched-intervals.ts';

/**
 * How much of a video may be credited as watched: no more than the server could have seen play.
 *
 * The rule (README, "Assessment integrity"): the watched time credited for a video is the union of the
 * stretches its player reports, but never more than FASTEST_PLAYBACK_RATE × the seconds since the server first
 * served that video's page to this student (`opened_at`), plus CREDIT_ALLOWANCE_SECONDS. Nothing plays before
 * its page is served, so honest watching, online or offline and synced later, is always within it.
 */

/** The fastest speed the browsers' own video controls offer (the player uses them): 2×. */
export const FASTEST_PLAYBACK_RATE = 2;
/** Slack for rounding and for the clocks of several server processes, in seconds of video. */
export const CREDIT_ALLOWANCE_SECONDS = 5;

/** Seconds of video that may be credited in all, `nowMs` after the page was first served. */
export function creditBudget(openedAtMs: number, nowMs: number): number {
  return FASTEST_PLAYBACK_RATE * Math.max(0, (nowMs - openedAtMs) / 1000) + CREDIT_ALLOWANCE_SECONDS;
}

/**
 * The first-served time to count from. A row from before the rule (no `opened_at`) is taken as opened just
 * long enough ago for what it already holds at the fastest speed; a report for a page never served counts
 * from now (only the allowance).
 */
export function openedAtOf(
  before: { opened_at: string | null; watched_seconds: number | string } | undefined,
  nowMs: number,
): number {
  if (before?.opened_at) return Date.parse(before.opened_at);
  const held = before ? Number(before.watched_seconds) : 0;
  return nowMs - (held / FASTEST_PLAYBACK_RATE) * 1000;
}

/** The parts of `a` outside `b` (both sorted and merged). */
function subtract(a: Interval[], b: Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const [start, end] of a) {
    let s = start;
    for (const [bs, be] of b) {
      if (be <= s || bs >= end) continue;
      if (bs > s) out.push([s, bs]);
      s = Math.max(s, be);
      if (s >= end) break;
    }
    if (s < end) out.push([s, end]);
  }
  return out;
}

/**
 * `merged` (what was credited before, with the new report) cut to the budget: what was credited before
 * stays whatever the budget (progress never goes backwards); of the new stretches, the earliest in the video
 * come first, up to the budget. The player sends everything it has played with each report, so what is cut
 * now is credited by a later report, once the time has passed.
 */
export function creditWithin(before: Interval[], merged: Interval[], budget: number): Interval[] {
  const held = totalSeconds(before);
  const room = Math.max(0, budget - held);
  if (totalSeconds(merged) - held <= room) return merged;
  const taken: Interval[] = [];
  let left = room;
  for (const [s, e] of subtract(merged, before)) {
    if (left <= 0) break;
    const end = Math.min(e, s + left);
    taken.push([s, end]);
    left -= end - s;
  }
  return mergeIntervals(before, taken, null);
}

/**
 * When a student may see answers: the review policy of the assessment, and what every other assessment
 * still holds back. One question can sit in several assessments (and in Test Yourself), so its key is shown
 * only when no open or upcoming assessment that uses it still keeps it secret.
 */

/** Answers that arrive this long after the deadline still count: the network is not the student's fault. */
export const LATENCY_GRACE_MS = 15_000;

/** The end of an attempt's offline grace, from its deadline (ms): as ISO text, as stored. */
export const graceUntil = (deadline: number, graceMinutes: number) =>
  new Date(deadline + Math.max(graceMinutes * 60_000, LATENCY_GRACE_MS)).toISOString();

export interface ReleaseFacts {
  review_policy: string;
  closes_at: string | null;
  offline_grace_minutes: number;
  /**
   * The latest close date an override gives any student or school (issue 27); null or absent: none. The
   * assessment is over for everyone only once that one is.
   */
  override_closes_at?: string | null;
}

/**
 * The last moment an answer to this assessment can still be accepted: the close (the latest any student's
 * override gives), plus the offline grace of an attempt whose deadline is the close. Nothing may be released
 * before it.
 */
function lastAnswerAt(a: ReleaseFacts): number | null {
  if (a.closes_at === null) return null;
  const close = Math.max(
    Date.parse(a.closes_at),
    a.override_closes_at ? Date.parse(a.override_closes_at) : -Infinity,
  );
  return close + Math.max(a.offline_grace_minutes * 60_000, LATENCY_GRACE_MS);
}

/** Whether the student who submitted an attempt at this assessment may see its answers now. */
export function reviewReleased(a: ReleaseFacts | null, now: number): boolean {
  if (!a) return true; // Test Yourself: the feedback has shown the answers already.
  if (a.review_policy === 'after_submit') return true;
  if (a.review_policy === 'after_close') {
    // "After close" without a close date would mean "now": it means "not yet" until a close date is set.
    const last = lastAnswerAt(a);
    return last !== null && last <= now;
  }
  return false;
}

/**
 * Whether an assessment still keeps the keys of its questions from everyone: until its answers are out
 * for all (its close, plus the grace), and for ever when its policy never shows them. An assessment with no
 * close date holds its questions for as long as it exists, because someone may still take it.
 */
export function holdsKeys(a: ReleaseFacts, now: number): boolean {
  if (a.review_policy === 'never') return true;
  const last = lastAnswerAt(a);
  return last === null || last > now;
}

/**
 * Whether a diagnostic still holds its questions' keys from one student: while they are taking it, or may
 * take it again (an attempt open, or one made and attempts left). A diagnostic is the gate every student
 * passes before any quiz, exam or Test Yourself, and the demo's draws from the whole bank: held from
 * everyone who has not answered it, it would hide nearly every key everywhere for good (a student let in
 * by their school's own diagnostic would never see a quiz's answers). A student who has not passed the gate
 * sees no other assessment's keys at all; one who passed it elsewhere and never started this one is not held
 * back for its sake (it has no marks, only their own starting point).
 */
export function diagnosticHoldsFrom(
  a: { attempts_allowed: number | null },
  taker: { made: number; open: number } | undefined,
): boolean {
  if (!taker) return false;
  return taker.open > 0 || a.attempts_allowed === null || taker.made < a.attempts_allowed;
}

export const REVIEW_WITHHELD = {
  after_close: 'Answers and explanations appear here once the assessment closes.',
  never: 'Your teacher has chosen not to show answers for this assessment.',
  heldBack:
    'This question is still used in an assessment that is open or coming up, so its answer is held back.',
} as const;

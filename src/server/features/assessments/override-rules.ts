/**
 * The rules one student takes an assessment under (issue 27): the assessment's, changed by an override for
 * the student or their school and by the student's standing time multiplier. Pure: the repository reads the
 * rows, this decides. The rule in words is in shared/contracts/overrides.ts.
 */

export interface OverrideFields {
  extra_minutes: number | null;
  time_multiplier: number | null;
  closes_at: string | null;
  attempts_allowed: number | null;
}

export interface BaseRules {
  time_limit_minutes: number | null;
  closes_at: string | null;
  attempts_allowed: number | null;
}

export interface EffectiveRules extends BaseRules {
  /** The student's own time is longer than the assessment's (extra minutes or a multiplier above 1). */
  extra_time: boolean;
  /** Any override or standing multiplier changed a rule for this student. */
  overridden: boolean;
}

/** A student's override over their school's, field by field: a field the student's leaves empty falls back. */
export function mergeOverrides(
  student: OverrideFields | undefined,
  school: OverrideFields | undefined,
): OverrideFields | undefined {
  if (!student) return school;
  if (!school) return student;
  return {
    extra_minutes: student.extra_minutes ?? school.extra_minutes,
    time_multiplier: student.time_multiplier ?? school.time_multiplier,
    closes_at: student.closes_at ?? school.closes_at,
    attempts_allowed: student.attempts_allowed ?? school.attempts_allowed,
  };
}

/**
 * The assessment's limit × the multiplier (the override's, else the standing one, else 1), rounded up to whole
 * minutes, plus the extra minutes; the override's close date and attempts instead of the assessment's. An
 * untimed assessment stays untimed: extra time is time on the clock, not a later close (that is `closes_at`).
 */
export function effectiveRules(
  a: BaseRules,
  override: OverrideFields | undefined,
  standingMultiplier: number | null,
): EffectiveRules {
  const multiplier = override?.time_multiplier ?? standingMultiplier ?? 1;
  const extra = override?.extra_minutes ?? 0;
  const limit =
    a.time_limit_minutes === null ? null : Math.ceil(a.time_limit_minutes * multiplier - 1e-9) + extra;
  const closes = override?.closes_at ?? a.closes_at;
  const attempts = override?.attempts_allowed ?? a.attempts_allowed;
  return {
    time_limit_minutes: limit,
    closes_at: closes,
    attempts_allowed: attempts,
    extra_time: limit !== null && a.time_limit_minutes !== null && limit > a.time_limit_minutes,
    overridden: limit !== a.time_limit_minutes || closes !== a.closes_at || attempts !== a.attempts_allowed,
  };
}

/** When an attempt started at `startedAt` (ms) must end: its time from the start, capped by the close. */
export function deadlineOf(startedAt: number, rules: Pick<BaseRules, 'time_limit_minutes' | 'closes_at'>) {
  const ends = [
    rules.time_limit_minutes ? startedAt + rules.time_limit_minutes * 60_000 : null,
    rules.closes_at ? Date.parse(rules.closes_at) : null,
  ].filter((x): x is number => x !== null);
  return ends.length ? Math.min(...ends) : null;
}

/**
 * An attempt in progress when its rules change (an override given, changed or removed, a standing multiplier
 * edited): its new deadline. Longer time applies at once. Shorter time (an override removed or reduced) goes
 * back to the normal rule, but never earlier than now: the student is not cut off mid-answer, and an answer
 * the server already accepted stays accepted (the offline grace then runs from now). A deadline that has
 * already passed is never moved earlier, nor later by a shortening.
 */
export function retimedDeadline(current: number | null, computed: number | null, now: number): number | null {
  const old = current ?? Infinity;
  if (computed === null) return null;
  if (computed >= old) return computed;
  return Math.max(computed, Math.min(old, now));
}

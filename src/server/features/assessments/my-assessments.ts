import type { Assessment, MyAssessment } from '../../../shared/contracts/assessments.ts';
import { DEFAULT_CAP } from '../diagnostic/diagnostic-engine.ts';
import type { EffectiveRules } from './override-rules.ts';

/** Attempt facts the student list needs, supplied by the attempts feature. */
export interface AttemptSummary {
  assessment_id: number;
  id: string;
  status: string;
  percent: number | null;
  /** 1 or 0 once graded; null for a diagnostic (no pass mark) or while in progress. */
  passed: number | null;
  deadline_at: string | null;
  started_at: string;
  submitted_at: string | null;
}

/**
 * One assessment on the student's lists, with its state for this student at `now` (ms), under their own rules
 * (`rules`: the assessment's changed by their overrides; override-rules.ts).
 */
export function myAssessment(
  a: Assessment,
  attempts: AttemptSummary[],
  now: number,
  rules: EffectiveRules,
): MyAssessment {
  const mine = attempts
    .filter((t) => t.assessment_id === a.id)
    .sort((x, y) => x.started_at.localeCompare(y.started_at));
  const open = mine.find((t) => t.status === 'in_progress');
  const submitted = mine.filter((t) => t.status === 'submitted');
  const notYet = a.opens_at !== null && Date.parse(a.opens_at) > now;
  const over = rules.closes_at !== null && Date.parse(rules.closes_at) <= now;
  const left = rules.attempts_allowed === null ? Infinity : rules.attempts_allowed - mine.length;
  const state: MyAssessment['state'] = open
    ? 'in_progress'
    : notYet
      ? 'scheduled'
      : over
        ? 'closed'
        : submitted.length
          ? 'submitted'
          : 'not_started';
  const percents = submitted.map((t) => t.percent ?? 0);
  // The latest by submission, not by start: an attempt started first may be submitted last.
  const last = submitted.reduce<AttemptSummary | undefined>(
    (latest, t) => (!latest || (t.submitted_at ?? '') > (latest.submitted_at ?? '') ? t : latest),
    undefined,
  );
  return {
    id: a.id,
    kind: a.kind,
    title: a.title,
    description: a.description,
    // The adaptive diagnostic holds a pool and asks at most its cap of it: the student is told the most.
    question_count: a.kind === 'diagnostic' ? Math.min(a.question_count, DEFAULT_CAP) : a.question_count,
    time_limit_minutes: rules.time_limit_minutes,
    opens_at: a.opens_at,
    closes_at: rules.closes_at,
    pass_mark: a.pass_mark,
    attempts_allowed: rules.attempts_allowed,
    attempts_used: mine.length,
    extra_time: rules.extra_time,
    review_policy: a.review_policy,
    state,
    in_progress_attempt_id: open?.id ?? null,
    seconds_left: open?.deadline_at
      ? Math.max(0, Math.round((Date.parse(open.deadline_at) - now) / 1000))
      : null,
    best_percent: percents.length ? Math.max(...percents) : null,
    last_attempt_id: last?.id ?? null,
    // The score is the student's under every review policy ("never" shows the score, not the
    // answers); a pass flag is no answer key. So the dashboard reads them here, not one result each.
    last_percent: last ? (last.percent ?? 0) : null,
    last_passed: last && last.passed !== null && a.kind !== 'diagnostic' ? last.passed === 1 : null,
    last_submitted_at: last?.submitted_at ?? null,
    can_start: !open && !notYet && !over && left > 0,
  };
}

import type { AssessmentKind, MyAssessment } from '../../../shared/contracts/assessments.ts';
import { formatDate } from '../../lib/format.ts';

// How one assessment reads in the student's lists: its state in words and what can be done with it.

export const KIND_NAMES: Record<AssessmentKind, { one: string; many: string }> = {
  quiz: { one: 'quiz', many: 'quizzes' },
  exam: { one: 'exam', many: 'exams' },
  diagnostic: { one: 'diagnostic', many: 'diagnostics' },
};

const STATE_LABELS: Record<MyAssessment['state'], string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  submitted: 'Submitted',
  scheduled: 'Scheduled',
  closed: 'Closed',
};

export function stateLabel(item: MyAssessment): string {
  return STATE_LABELS[item.state];
}

const minutes = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * How long until a moment, as a student reads a due date: "closes in 2 days", "opens in 5 hours". Rounded
 * down (a day and a half is "1 day"), so the time left is never overstated; under an hour it counts minutes.
 */
export function timeUntilText(iso: string, now: number, verb: 'closes' | 'opens'): string {
  const ms = Date.parse(iso) - now;
  if (Number.isNaN(ms)) return '';
  if (ms <= 0) return verb === 'closes' ? 'closed' : 'open now';
  if (ms < 3_600_000) return `${verb} in ${plural(Math.max(1, Math.floor(ms / 60_000)), 'minute')}`;
  if (ms < 86_400_000) return `${verb} in ${plural(Math.floor(ms / 3_600_000), 'hour')}`;
  return `${verb} in ${plural(Math.floor(ms / 86_400_000), 'day')}`;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An assessment as the student's lists show it: the server's view, corrected by what this device knows. */
export type StudentAssessment = MyAssessment & {
  /** Submitted on this device while offline; the server does not have it yet. */
  submit_waiting?: boolean;
  /** The attempt in progress is on this device, so it can be continued without a network. */
  on_device?: boolean;
  /** Of the attempt in progress on this device: questions answered, of how many. */
  answered?: { done: number; of: number };
};

/** One line that says where the student stands with this assessment. */
export function stateDetail(item: StudentAssessment, now: number = Date.now()): string {
  const best = item.best_percent !== null ? `Best score ${item.best_percent}%` : null;
  const closes = item.closes_at ? capital(timeUntilText(item.closes_at, now, 'closes')) : null;
  switch (item.state) {
    case 'in_progress':
      return item.seconds_left !== null
        ? `${minutes(Math.max(1, Math.ceil(item.seconds_left / 60)))} left`
        : 'No time limit';
    case 'submitted':
      if (item.submit_waiting) return 'Submitted on this device, waiting to sync';
      return [best ?? 'Submitted', item.can_start ? closes : null].filter(Boolean).join(' · ');
    case 'scheduled':
      return item.opens_at ? capital(timeUntilText(item.opens_at, now, 'opens')) : 'Not open yet';
    case 'closed':
      return best ? `${best}. Closed ${formatDate(item.closes_at)}` : `Closed ${formatDate(item.closes_at)}`;
    default:
      return closes ?? 'Open, no closing date';
  }
}

export function attemptsText(item: MyAssessment): string {
  if (item.attempts_allowed === null) return `Attempts: ${item.attempts_used} used, no limit`;
  const left = Math.max(0, item.attempts_allowed - item.attempts_used);
  return `Attempts left: ${left} of ${item.attempts_allowed}`;
}

/** "8 questions"; the adaptive diagnostic's "Up to 25 questions" (it may stop sooner). */
export function questionCountText(item: Pick<MyAssessment, 'kind' | 'question_count'>): string {
  const n = item.question_count;
  const words = `${n} ${n === 1 ? 'question' : 'questions'}`;
  return item.kind === 'diagnostic' ? `Up to ${words}` : words;
}

export function timeLimitText(
  item: Pick<MyAssessment, 'time_limit_minutes'> & Partial<Pick<MyAssessment, 'extra_time'>>,
): string {
  return item.time_limit_minutes === null
    ? 'No time limit'
    : `Time limit ${minutes(item.time_limit_minutes)}${item.extra_time ? ', with your extra time' : ''}`;
}

export type ListAction =
  | { kind: 'continue'; label: 'Continue' }
  | { kind: 'start'; label: 'Start' | 'Retake'; timed: boolean }
  | { kind: 'review'; label: 'Review'; attemptId: string };

export interface ListActions {
  actions: ListAction[];
  /** Why an action is missing right now ("Starting needs a connection"), or what is pending. */
  note: string | null;
}

/**
 * What the student can do now: continue the attempt in progress, start (or retake, once taken) while
 * attempts remain, review the last result. Offline, nothing that needs the server is offered: a start, or
 * continuing an attempt this device has never seen.
 */
export function actionsFor(
  item: StudentAssessment,
  { online = true }: { online?: boolean } = {},
): ListActions {
  const actions: ListAction[] = [];
  let note: string | null = null;
  if (item.submit_waiting) note = 'Waiting to sync';
  else if (item.state === 'in_progress') {
    if (online || item.on_device) actions.push({ kind: 'continue', label: 'Continue' });
    else note = 'Continue once you are online';
  } else if (item.can_start) {
    const label = item.last_attempt_id ? 'Retake' : 'Start';
    if (online) actions.push({ kind: 'start', label, timed: item.time_limit_minutes !== null });
    else note = `${label === 'Start' ? 'Starting' : 'Retaking'} needs a connection`;
  }
  if (item.last_attempt_id && !item.submit_waiting)
    actions.push({ kind: 'review', label: 'Review', attemptId: item.last_attempt_id });
  return { actions, note };
}

const dueTime = (item: MyAssessment) => (item.closes_at ? Date.parse(item.closes_at) : Infinity);
const openTime = (item: MyAssessment) => (item.opens_at ? Date.parse(item.opens_at) : Infinity);

/** 0 first: in progress, open to start, done with attempts left, done, not open yet, closed. */
function rank(item: StudentAssessment): number {
  if (item.state === 'in_progress') return 0;
  if (item.state === 'not_started') return item.can_start ? 1 : 3;
  if (item.state === 'submitted') return item.can_start ? 2 : 3;
  return item.state === 'scheduled' ? 4 : 5;
}

/**
 * What needs the student now comes first: in progress (least time left first), then what is open by its
 * due date (soonest first, no date last), then what is done, then what opens later, then what is closed.
 */
export function sortForStudent<T extends StudentAssessment>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => {
    const byRank = rank(a) - rank(b);
    if (byRank !== 0) return byRank;
    switch (rank(a)) {
      case 0:
        return (a.seconds_left ?? Infinity) - (b.seconds_left ?? Infinity);
      case 4:
        return openTime(a) - openTime(b);
      case 5:
        return dueTime(b) - dueTime(a);
      default:
        return dueTime(a) - dueTime(b);
    }
  });
}

export interface Progress {
  total: number;
  done: number;
  passed: number;
  /** The average of the best score at each one done; null before any. */
  average: number | null;
}

/** "3 of 8 quizzes done": taken at least once (on this device counts), and how well. */
export function progressOf(items: readonly StudentAssessment[]): Progress {
  const done = items.filter((i) => i.last_attempt_id !== null || i.submit_waiting);
  const scores = done.map((i) => i.best_percent).filter((p): p is number => p !== null);
  return {
    total: items.length,
    done: done.length,
    passed: done.filter((i) => i.best_percent !== null && i.best_percent >= i.pass_mark).length,
    average: scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null,
  };
}

/** How many attempts remain, said as the stakes of this one: "This is your only attempt." */
function attemptStakes(item: MyAssessment): string | null {
  if (item.attempts_allowed === null) return null;
  const left = Math.max(0, item.attempts_allowed - item.attempts_used);
  if (left === 1)
    return item.attempts_used === 0 ? 'This is your only attempt.' : 'This is your last attempt.';
  return `You have ${left} attempts left, this one included.`;
}

const RELEASE_TEXTS: Record<MyAssessment['review_policy'], (kind: string) => string> = {
  after_submit: () => 'You see the answers as soon as you submit.',
  after_close: (kind) => `The answers are released when the ${kind} closes.`,
  never: () => 'You will see your score, not the answers.',
};

/** What starting means: the time limit, the attempts left and when the answers are released. */
export function startRulesText(item: MyAssessment): string {
  const kind = KIND_NAMES[item.kind].one;
  return [
    item.extra_time
      ? `You have ${minutes(item.time_limit_minutes ?? 0)} for this ${kind}, with your extra time. The timer starts as soon as you begin and keeps running if you leave.`
      : `This ${kind} has a time limit of ${minutes(item.time_limit_minutes ?? 0)}. The timer starts as soon as you begin and keeps running if you leave.`,
    attemptStakes(item),
    RELEASE_TEXTS[item.review_policy](kind),
  ]
    .filter(Boolean)
    .join(' ');
}

/** The start confirmation: the rules above, then the question. */
export function startConfirmText(item: MyAssessment): string {
  return `${startRulesText(item)} Start now?`;
}

import type { AssessmentKind, MyAssessment } from '../../../shared/contracts/assessments.ts';
import { formatDate } from '../quiz/format.ts';

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

/** One line that says where the student stands with this assessment. */
export function stateDetail(item: MyAssessment): string {
  const best = item.best_percent !== null ? `Best score ${item.best_percent}%` : null;
  switch (item.state) {
    case 'in_progress':
      return item.seconds_left !== null
        ? `${minutes(Math.max(1, Math.ceil(item.seconds_left / 60)))} left`
        : 'No time limit';
    case 'submitted':
      return best ?? 'Submitted';
    case 'scheduled':
      return item.opens_at ? `Opens ${formatDate(item.opens_at)}` : 'Not open yet';
    case 'closed':
      return best ? `${best}. Closed ${formatDate(item.closes_at)}` : `Closed ${formatDate(item.closes_at)}`;
    default:
      return item.closes_at ? `Open until ${formatDate(item.closes_at)}` : 'Open';
  }
}

export function attemptsText(item: MyAssessment): string {
  if (item.attempts_allowed === null) return `Attempts: ${item.attempts_used} used, no limit`;
  const left = Math.max(0, item.attempts_allowed - item.attempts_used);
  return `Attempts left: ${left} of ${item.attempts_allowed}`;
}

export function timeLimitText(item: Pick<MyAssessment, 'time_limit_minutes'>): string {
  return item.time_limit_minutes === null
    ? 'No time limit'
    : `Time limit ${minutes(item.time_limit_minutes)}`;
}

export type ListAction =
  | { kind: 'resume'; label: 'Resume' }
  | { kind: 'start'; label: 'Start'; timed: boolean }
  | { kind: 'review'; label: 'Review result'; attemptId: string };

/** Resume an attempt in progress, start one when allowed, review the last result when there is one. */
export function actionsFor(item: MyAssessment): ListAction[] {
  const actions: ListAction[] = [];
  if (item.state === 'in_progress') actions.push({ kind: 'resume', label: 'Resume' });
  else if (item.can_start)
    actions.push({ kind: 'start', label: 'Start', timed: item.time_limit_minutes !== null });
  if (item.last_attempt_id)
    actions.push({ kind: 'review', label: 'Review result', attemptId: item.last_attempt_id });
  return actions;
}

const ORDER: Record<MyAssessment['state'], number> = {
  in_progress: 0,
  not_started: 1,
  submitted: 2,
  scheduled: 3,
  closed: 4,
};

/** What needs the student now comes first: in progress, then open, then done, then not open. */
export function sortForStudent(items: readonly MyAssessment[]): MyAssessment[] {
  return [...items].sort((a, b) => ORDER[a.state] - ORDER[b.state]);
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

/** The start confirmation: the time limit, the attempts left and when the answers are released. */
export function startConfirmText(item: MyAssessment): string {
  const kind = KIND_NAMES[item.kind].one;
  return [
    `This ${kind} has a time limit of ${minutes(item.time_limit_minutes ?? 0)}. The timer starts as soon as you begin and keeps running if you leave.`,
    attemptStakes(item),
    RELEASE_TEXTS[item.review_policy](kind),
    'Start now?',
  ]
    .filter(Boolean)
    .join(' ');
}

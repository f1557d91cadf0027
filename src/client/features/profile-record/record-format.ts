import type { RecordAttempt, RecordKind } from '../../../shared/contracts/profile-record.ts';

export const KIND_LABELS: Record<RecordKind, string> = {
  quiz: 'Quiz',
  exam: 'Exam',
  diagnostic: 'Diagnostic',
  practice: 'Test Yourself',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date and time in the reader's locale; an unreadable value is shown as it came. */
export function formatDateTime(iso: string): string {
  const date = parsed(iso);
  return date ? dateFormat.format(date) : iso;
}

export function formatDay(iso: string): string {
  const date = parsed(iso);
  return date ? dayFormat.format(date) : iso;
}

/** "March 2026", in the reader's locale and time zone. */
export function monthOf(iso: string): string {
  const date = parsed(iso);
  return date ? monthFormat.format(date) : '';
}

/** The score and nothing more: the one part of a result every review policy lets a student see. */
export function scoreText(a: RecordAttempt): string | null {
  if (a.status !== 'submitted' || a.score === null || a.max_score === null) return null;
  return `${a.score}/${a.max_score} (${a.percent ?? 0}%)`;
}

export function statusText(a: RecordAttempt): string {
  if (a.status === 'in_progress') return 'In progress';
  return a.used_offline_grace ? 'Submitted late (offline grace)' : 'Submitted';
}

/** Attempts grouped by the month they were started in, keeping their order (newest first). */
export function groupByMonth(attempts: RecordAttempt[]): Array<{ month: string; attempts: RecordAttempt[] }> {
  const groups: Array<{ month: string; attempts: RecordAttempt[] }> = [];
  for (const a of attempts) {
    const month = monthOf(a.started_at);
    const last = groups.at(-1);
    if (last && last.month === month) last.attempts.push(a);
    else groups.push({ month, attempts: [a] });
  }
  return groups;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 attempts: 8 quizzes, 1 exam, 1 diagnostic, 2 Test Yourself practices." */
export function totalsText(totals: Record<RecordKind, number>): string {
  const all = totals.quiz + totals.exam + totals.diagnostic + totals.practice;
  const parts = [
    totals.quiz && plural(totals.quiz, 'quiz', 'quizzes'),
    totals.exam && plural(totals.exam, 'exam', 'exams'),
    totals.diagnostic && plural(totals.diagnostic, 'diagnostic', 'diagnostics'),
    totals.practice && plural(totals.practice, 'Test Yourself practice', 'Test Yourself practices'),
  ].filter(Boolean);
  return `${plural(all, 'attempt', 'attempts')}${parts.length ? `: ${parts.join(', ')}` : ''}.`;
}

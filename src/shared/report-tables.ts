import type {
  ActivityDay,
  InactiveStudent,
  ItemFlag,
  ItemRow,
  SchoolRank,
  StudentRank,
} from './contracts/reports.ts';
import { dateTimeText, dayText } from './date-text.ts';
import { itemParametersText } from './item-parameters-text.ts';

/**
 * The columns of every report table and the text of each cell, in one place: the screen draws these cells
 * and the CSV export writes the same ones, so a download holds exactly what the table shows. Words are for
 * teachers, not statisticians: "% correct", not "facility".
 */
export interface ReportColumn<R> {
  label: string;
  cell: (row: R) => string;
  /** Numbers align right on screen. */
  numeric?: boolean;
}

const dash = '—';
const num = (n: number | null, digits = 0) => (n === null ? dash : n.toFixed(digits));

export const STUDENT_RANK_COLUMNS: ReportColumn<StudentRank>[] = [
  { label: 'Rank', cell: (r) => String(r.rank), numeric: true },
  { label: 'Student', cell: (r) => r.full_name },
  { label: 'School', cell: (r) => r.school_name ?? dash },
  { label: 'Attempts', cell: (r) => String(r.attempts), numeric: true },
  { label: 'Average score (%)', cell: (r) => num(r.average_score, 1), numeric: true },
  { label: 'Topics mastered', cell: (r) => `${r.topics_mastered} of ${r.topics_total}` },
  { label: 'Progress (%)', cell: (r) => num(r.progress), numeric: true },
];

export const SCHOOL_RANK_COLUMNS: ReportColumn<SchoolRank>[] = [
  { label: 'Rank', cell: (r) => String(r.rank), numeric: true },
  { label: 'School', cell: (r) => r.school_name },
  { label: 'Students', cell: (r) => String(r.students), numeric: true },
  { label: 'Attempts', cell: (r) => String(r.attempts), numeric: true },
  { label: 'Average score (%)', cell: (r) => num(r.average_score, 1), numeric: true },
  { label: 'Average progress (%)', cell: (r) => num(r.average_progress, 1), numeric: true },
];

/** What each flag means, in a teacher's words. */
export const ITEM_FLAG_LABELS: Record<ItemFlag, string> = {
  too_hard: 'Fewer than 1 in 5 got it right',
  too_easy: 'Almost everyone got it right',
  low_discrimination: 'Strong and weak students did about the same',
  negative: 'Weaker students did better than stronger ones',
  distractor: 'A wrong option was chosen more often than the right one',
};

/**
 * One word (or two) per question. A wrong option beating the key, or weaker students doing better, most
 * often means a wrong key or a misleading question: "Check key" comes first.
 */
export function itemVerdict(r: Pick<ItemRow, 'answered' | 'flags'>): string {
  if (r.answered === 0) return 'No answers';
  if (r.flags.includes('distractor') || r.flags.includes('negative')) return 'Check key';
  if (r.flags.includes('too_hard')) return 'Too hard';
  if (r.flags.includes('too_easy')) return 'Too easy';
  if (r.flags.includes('low_discrimination')) return 'Unclear';
  return 'Good';
}

/** How well a question separates strong from weak students, in words, with the figure behind them. */
export function separatesText(d: number | null): string {
  if (d === null) return "Can't tell yet";
  const words = d >= 0.3 ? 'Well' : d >= 0.1 ? 'Somewhat' : d >= 0 ? 'Hardly' : 'Backwards';
  return `${words} (${d.toFixed(2)})`;
}

export const ITEM_COLUMNS: ReportColumn<ItemRow>[] = [
  { label: '#', cell: (r) => String(r.position), numeric: true },
  { label: 'Question', cell: (r) => r.stem },
  { label: 'Verdict', cell: itemVerdict },
  { label: 'Answers', cell: (r) => String(r.answered), numeric: true },
  {
    label: '% correct',
    cell: (r) => (r.facility === null ? dash : `${Math.round(r.facility * 100)}%`),
    numeric: true,
  },
  { label: 'Separates strong from weak students', cell: (r) => separatesText(r.discrimination) },
  {
    label: 'Options chosen',
    cell: (r) =>
      r.options.length
        ? r.options.map((o) => `${o.label}${o.key ? ' (right answer)' : ''}: ${o.count}`).join('; ')
        : dash,
  },
  { label: 'Guessing and slips', cell: (r) => itemParametersText(r.parameters) },
  { label: 'Flags', cell: (r) => r.flags.map((f) => ITEM_FLAG_LABELS[f]).join('; ') || dash },
];

export const ACTIVITY_COLUMNS: ReportColumn<ActivityDay>[] = [
  { label: 'Day', cell: (r) => dayText(r.day) },
  { label: 'Active students', cell: (r) => String(r.active_students), numeric: true },
  { label: 'Attempts submitted', cell: (r) => String(r.attempts), numeric: true },
  { label: 'Questions answered', cell: (r) => String(r.questions_answered), numeric: true },
  { label: '% correct', cell: (r) => (r.accuracy === null ? dash : `${r.accuracy}%`), numeric: true },
  { label: 'Minutes active', cell: (r) => String(r.minutes_active), numeric: true },
];

/** The inactive students' columns; "Last active" is written in the reader's time zone (default UTC). */
export const inactiveColumns = (timeZone?: string): ReportColumn<InactiveStudent>[] => [
  { label: 'Student', cell: (r) => r.full_name },
  { label: 'School', cell: (r) => r.school_name ?? dash },
  {
    label: 'Last active',
    cell: (r) => (r.last_active_at ? dateTimeText(r.last_active_at, timeZone) : 'Never'),
  },
  {
    label: 'Days inactive',
    cell: (r) => (r.days_inactive === null ? 'Never active' : String(r.days_inactive)),
  },
];
export const INACTIVE_COLUMNS = inactiveColumns();

/** The table as rows of cell texts, header first: what the CSV export writes. */
export function reportGrid<R>(columns: ReportColumn<R>[], rows: R[]): string[][] {
  return [columns.map((c) => c.label), ...rows.map((r) => columns.map((c) => c.cell(r)))];
}

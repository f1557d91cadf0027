import type {
  ActivityDay,
  InactiveStudent,
  ItemFlag,
  ItemRow,
  SchoolRank,
  StudentRank,
} from './contracts/reports.ts';

/**
 * The columns of every report table and the text of each cell, in one place: the screen draws these cells
 * and the CSV export writes the same ones, so a download holds exactly what the table shows.
 */
export interface ReportColumn<R> {
  label: string;
  cell: (row: R) => string;
  /** Numbers align right on screen. */
  numeric?: boolean;
}

const dash = '—';
const num = (n: number | null, digits = 0) => (n === null ? dash : n.toFixed(digits));
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'Never');

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

export const ITEM_FLAG_LABELS: Record<ItemFlag, string> = {
  too_hard: 'Too hard',
  too_easy: 'Too easy',
  low_discrimination: 'Weak discrimination',
  negative: 'Negative discrimination',
  distractor: 'A distractor beats the key',
};

export const ITEM_COLUMNS: ReportColumn<ItemRow>[] = [
  { label: '#', cell: (r) => String(r.position), numeric: true },
  { label: 'Question', cell: (r) => r.stem },
  { label: 'Type', cell: (r) => r.type.replace('_', ' ') },
  { label: 'Answers', cell: (r) => String(r.answered), numeric: true },
  { label: 'Facility', cell: (r) => num(r.facility, 2), numeric: true },
  { label: 'Discrimination', cell: (r) => num(r.discrimination, 2), numeric: true },
  {
    label: 'Options chosen',
    cell: (r) =>
      r.options.length
        ? r.options.map((o) => `${o.label}${o.key ? ' (key)' : ''}: ${o.count}`).join('; ')
        : dash,
  },
  { label: 'Flags', cell: (r) => r.flags.map((f) => ITEM_FLAG_LABELS[f]).join('; ') || 'OK' },
];

export const ACTIVITY_COLUMNS: ReportColumn<ActivityDay>[] = [
  { label: 'Day', cell: (r) => r.day },
  { label: 'Active students', cell: (r) => String(r.active_students), numeric: true },
  { label: 'Attempts submitted', cell: (r) => String(r.attempts), numeric: true },
  { label: 'Questions answered', cell: (r) => String(r.questions_answered), numeric: true },
  { label: 'Accuracy (%)', cell: (r) => num(r.accuracy), numeric: true },
  { label: 'Minutes active', cell: (r) => String(r.minutes_active), numeric: true },
];

export const INACTIVE_COLUMNS: ReportColumn<InactiveStudent>[] = [
  { label: 'Student', cell: (r) => r.full_name },
  { label: 'School', cell: (r) => r.school_name ?? dash },
  { label: 'Last active', cell: (r) => day(r.last_active_at) },
  {
    label: 'Days inactive',
    cell: (r) => (r.days_inactive === null ? 'Never active' : String(r.days_inactive)),
  },
];

/** The table as rows of cell texts, header first: what the CSV export writes. */
export function reportGrid<R>(columns: ReportColumn<R>[], rows: R[]): string[][] {
  return [columns.map((c) => c.label), ...rows.map((r) => columns.map((c) => c.cell(r)))];
}

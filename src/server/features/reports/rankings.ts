import type { MyRanking, SchoolRank } from '../../../shared/contracts/reports.ts';
import type { Authed } from '../../plugins/routes.ts';
import { round1 } from './report-days.ts';
import type { ReportsRepository } from './reports.repository.ts';

/** The student's board: this many places either side of their own. */
const BOARD_REACH = 3;

/** Another student's name on a board: first name and initial, never the whole name. */
export function shortName(full: string): string {
  const parts = full.trim().split(/\s+/);
  const last = parts.length > 1 ? parts[parts.length - 1]! : '';
  return last ? `${parts[0]} ${last[0]!.toUpperCase()}.` : (parts[0] ?? '');
}

type SchoolStatsRow = Awaited<ReturnType<ReportsRepository['schoolStats']>>[number];

/** Schools ranked by mean score or progress; equal values share a rank. */
export function rankSchools(rows: SchoolStatsRow[], by: 'score' | 'progress') {
  const metric = (r: (typeof rows)[number]) => (by === 'score' ? r.average_score : r.average_progress);
  const sorted = [...rows].sort(
    (a, b) => (metric(b) ?? -1) - (metric(a) ?? -1) || a.name.localeCompare(b.name) || a.id - b.id,
  );
  const out: SchoolRank[] = [];
  sorted.forEach((r, i) => {
    const prev = out[i - 1];
    const tie = prev && (metric(sorted[i - 1]!) ?? -1) === (metric(r) ?? -1);
    out.push({
      rank: tie ? prev.rank : i + 1,
      school_id: r.id,
      school_name: r.name,
      students: r.students,
      attempts: r.attempts,
      average_score: round1(r.average_score),
      average_progress: round1(r.average_progress),
    });
  });
  return out;
}

/**
 * The student's board: schoolmates by progress (topics mastered, which only marked answers move, so it
 * gives away no withheld score), a few places either side, others named by first name and initial.
 */
export async function myRanking(
  repo: Pick<ReportsRepository, 'optedOut' | 'boardOf' | 'schoolName'>,
  me: Authed['user'],
): Promise<MyRanking> {
  const visible = !(await repo.optedOut(me.id));
  const empty = { visible, school_name: null, rank: null, total: 0, rows: [] };
  if (!visible || me.school_id === null) return empty;
  const [board, schoolName] = await Promise.all([repo.boardOf(me.school_id), repo.schoolName(me.school_id)]);
  const pct = (b: (typeof board)[number]) => (b.total ? (100 * b.mastered) / b.total : 0);
  board.sort((a, b) => pct(b) - pct(a) || b.mastered - a.mastered || a.id - b.id);
  const ranks: number[] = [];
  board.forEach((b, i) => ranks.push(i > 0 && pct(board[i - 1]!) === pct(b) ? ranks[i - 1]! : i + 1));
  const at = board.findIndex((b) => b.id === me.id);
  if (at < 0) return { ...empty, school_name: schoolName };
  const from = Math.max(0, at - BOARD_REACH);
  return {
    visible,
    school_name: schoolName,
    rank: ranks[at]!,
    total: board.length,
    rows: board.slice(from, at + BOARD_REACH + 1).map((b, i) => ({
      rank: ranks[from + i]!,
      name: b.id === me.id ? `${me.full_name} (you)` : shortName(b.full_name),
      progress: Math.round(pct(b)),
      me: b.id === me.id,
    })),
  };
}

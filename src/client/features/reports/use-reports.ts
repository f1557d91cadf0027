import { useCallback, useState } from 'react';
import type { RankingSort } from '../../../shared/contracts/reports.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import {
  fetchActivity,
  fetchInactive,
  fetchItemAnalysis,
  fetchReportAssessments,
  fetchSchoolRanking,
  fetchStudentRanking,
} from './reports.api.ts';
import type { InactiveQuery, StudentRankingQuery } from './reports.api.ts';

/** The last data stays on screen while the next page loads, so the table (and the header clicked) stays put. */
function useSticky<T>(state: LoadState<T>): LoadState<T> {
  const [last, setLast] = useState<T | undefined>(undefined);
  if (state.data && state.data !== last) setLast(state.data);
  return { ...state, data: state.data ?? last };
}

export function useStudentRanking(query: StudentRankingQuery) {
  const key = JSON.stringify(query);
  const load = useCallback(
    (signal: AbortSignal) => fetchStudentRanking(JSON.parse(key) as StudentRankingQuery, signal),
    [key],
  );
  return useSticky(useLoad(load));
}

export function useSchoolRanking(sort: RankingSort) {
  const load = useCallback((signal: AbortSignal) => fetchSchoolRanking(sort, signal), [sort]);
  return useLoad(load);
}

export function useReportAssessments(enabled: boolean) {
  const load = useCallback((signal: AbortSignal) => fetchReportAssessments(signal), []);
  return useLoad(enabled ? load : null);
}

export function useItemAnalysis(id: number | null, schoolId: number | undefined) {
  const load = useCallback((signal: AbortSignal) => fetchItemAnalysis(id!, schoolId, signal), [id, schoolId]);
  return useLoad(id === null ? null : load);
}

export function useActivity(days: number, schoolId: number | undefined) {
  const load = useCallback((signal: AbortSignal) => fetchActivity(days, schoolId, signal), [days, schoolId]);
  return useSticky(useLoad(load));
}

export function useInactive(query: InactiveQuery) {
  const key = JSON.stringify(query);
  const load = useCallback(
    (signal: AbortSignal) => fetchInactive(JSON.parse(key) as InactiveQuery, signal),
    [key],
  );
  return useSticky(useLoad(load));
}

import { useCallback } from 'react';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchSchoolRequests } from './schools.api.ts';
import type { SchoolRequestPage } from './schools.api.ts';

/** More than a screenful of waiting students is already a backlog; the screen says how many there are. */
export const SCHOOL_REQUESTS_SHOWN = 100;

export function useSchoolRequests(): LoadState<SchoolRequestPage> {
  const load = useCallback((signal: AbortSignal) => fetchSchoolRequests(SCHOOL_REQUESTS_SHOWN, signal), []);
  return useLoad(load);
}

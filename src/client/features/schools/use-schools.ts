import { useCallback } from 'react';
import type { AdminLocation, AdminSchool } from '../../../shared/contracts/admin-schools.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchLocations, fetchSchool, fetchSchools } from './schools.api.ts';
import type { SchoolPage } from './schools.api.ts';

export const SCHOOLS_PER_PAGE = 25;

/** One page of schools (a teacher's: their own), optionally narrowed by a search. */
export function useSchools(search: string, page: number): LoadState<SchoolPage> {
  const load = useCallback(
    (signal: AbortSignal) => fetchSchools({ search, page, perPage: SCHOOLS_PER_PAGE }, signal),
    [search, page],
  );
  return useLoad(load);
}

/** One school; null loads nothing (a new school). */
export function useSchool(id: number | null): LoadState<AdminSchool> {
  const load = useCallback((signal: AbortSignal) => fetchSchool(id!, signal), [id]);
  return useLoad(id === null ? null : load);
}

/** Every location with what it holds (admins only); `enabled` false loads nothing. */
export function useLocations(enabled: boolean): LoadState<AdminLocation[]> {
  const load = useCallback((signal: AbortSignal) => fetchLocations(signal), []);
  return useLoad(enabled ? load : null);
}

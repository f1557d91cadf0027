import { useCallback, useState } from 'react';
import type { AdminUser } from '../../../shared/contracts/admin-users.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchPlaces, fetchUser, fetchUsers } from './users.api.ts';
import type { UserFilters, UserPage } from './users.api.ts';

export const USERS_PER_PAGE = 25;

/** One page of users; refetches when the filters (compared by value) or the page change. */
export function useUserPage(filters: UserFilters, page: number): LoadState<UserPage> {
  // By value: a filters object rebuilt on every render must not refetch.
  const key = JSON.stringify(filters);
  const load = useCallback(
    (signal: AbortSignal) => fetchUsers(JSON.parse(key) as UserFilters, page, USERS_PER_PAGE, signal),
    [key, page],
  );
  const state = useLoad(load);
  // The last page stays on screen while the next loads, so the table (and the header just clicked) stays put.
  const [last, setLast] = useState<UserPage | undefined>(undefined);
  if (state.data && state.data !== last) setLast(state.data);
  return { ...state, data: state.data ?? last };
}

/** The user being edited; nothing to load for a new one. */
export function useUser(id: number | null): LoadState<AdminUser> {
  const load = useCallback((signal: AbortSignal) => fetchUser(id!, signal), [id]);
  return useLoad(id === null ? null : load);
}

/** Locations and the schools the caller may place users in. */
export function usePlaces(isAdmin: boolean) {
  const load = useCallback((signal: AbortSignal) => fetchPlaces(isAdmin, signal), [isAdmin]);
  return useLoad(load);
}

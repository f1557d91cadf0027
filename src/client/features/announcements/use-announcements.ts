import { useCallback, useState } from 'react';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchAnnouncements } from './announcements.api.ts';
import type { AnnouncementFilters, AnnouncementPage } from './announcements.api.ts';

export const ANNOUNCEMENTS_PER_PAGE = 25;

/** One page of the back-office list; the last page stays on screen while the next loads. */
export function useAnnouncementPage(filters: AnnouncementFilters, page: number): LoadState<AnnouncementPage> {
  const { search, status } = filters;
  const load = useCallback(
    (signal: AbortSignal) => fetchAnnouncements({ search, status }, page, ANNOUNCEMENTS_PER_PAGE, signal),
    [search, status, page],
  );
  const state = useLoad(load);
  const [last, setLast] = useState<AnnouncementPage | undefined>(undefined);
  if (state.data && state.data !== last) setLast(state.data);
  return { ...state, data: state.data ?? last };
}

// The dashboard's hook lives apart, so the dashboard does not load the back office's API (and zod).
export { useCurrentAnnouncements } from './use-current-announcements.ts';

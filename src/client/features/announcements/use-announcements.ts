import { useCallback, useState } from 'react';
import type { CurrentAnnouncement } from '../../../shared/contracts/announcements.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { readItem, writeItem } from '../../lib/storage.ts';
import { fetchAnnouncements, fetchCurrentAnnouncements, fetchSchoolOptions } from './announcements.api.ts';
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

export function useSchoolOptions(isAdmin: boolean) {
  const load = useCallback((signal: AbortSignal) => fetchSchoolOptions(isAdmin, signal), [isAdmin]);
  return useLoad(load);
}

const dismissedKey = (userId: number) => `pathbuilder.announcements.dismissed.${userId}`;

function readDismissed(userId: number): number[] {
  try {
    const value: unknown = JSON.parse(readItem('local', dismissedKey(userId)) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * The announcements meant for the signed-in user, less those they dismissed on this device (kept in
 * localStorage per user; only ids still current are kept, so the list does not grow for ever).
 */
export function useCurrentAnnouncements(userId: number) {
  const state = useLoad(fetchCurrentAnnouncements);
  const [dismissed, setDismissed] = useState(() => readDismissed(userId));
  const visible: CurrentAnnouncement[] = (state.data ?? []).filter((a) => !dismissed.includes(a.id));
  const dismiss = (id: number) => {
    const current = new Set((state.data ?? []).map((a) => a.id));
    const next = [...dismissed.filter((d) => current.has(d)), id];
    setDismissed(next);
    writeItem('local', dismissedKey(userId), JSON.stringify(next));
  };
  return { visible, dismiss, loaded: state.data !== undefined };
}

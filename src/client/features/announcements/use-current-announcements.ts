import { useState } from 'react';
import type { CurrentAnnouncement } from '../../../shared/contracts/announcements.ts';
import { useLoad } from '../../lib/use-async.ts';
import { readItem, writeItem } from '../../lib/storage.ts';
import { fetchCurrentAnnouncements } from './current-announcements.api.ts';

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
  const state = useLoad(fetchCurrentAnnouncements, { transition: true });
  const [dismissed, setDismissed] = useState(() => readDismissed(userId));
  const visible: CurrentAnnouncement[] = (state.data ?? []).filter((a) => !dismissed.includes(a.id));
  const dismiss = (id: number) => {
    const current = new Set((state.data ?? []).map((a) => a.id));
    const next = [...dismissed.filter((d) => current.has(d)), id];
    setDismissed(next);
    writeItem('local', dismissedKey(userId), JSON.stringify(next));
  };
  // Settled: loaded, or failed (offline, say); the dashboard holds what follows until then.
  return { visible, dismiss, settled: state.data !== undefined || !!state.error };
}

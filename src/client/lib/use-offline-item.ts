import { useCallback, useEffect, useRef, useState } from 'react';
import type { OfflineItem } from './offline-content.ts';
import {
  findOffline,
  listOffline,
  makeAvailableOffline,
  offlineErrorMessage,
  onOfflineChange,
  removeOffline,
} from './offline-content.ts';

export interface OfflineItemState {
  saved: boolean;
  /** The saved size; while saving, the bytes received so far; null when not known or while removing. */
  bytes: number | null;
  busy: boolean;
  error: string | null;
  save: (item: OfflineItem) => Promise<void>;
  remove: () => Promise<void>;
}

/** Whether `key` is kept offline for the signed-in user, with save and remove (failures become `error`). */
export function useOfflineItem(key: string): OfflineItemState {
  const [saved, setSaved] = useState(false);
  const [bytes, setBytes] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    let current = true;
    const refresh = () =>
      findOffline(key).then(
        (found) => {
          if (!current) return;
          setSaved(found !== null);
          setBytes(found?.bytes ?? null);
        },
        // An unreadable index shows the item as not saved; saving again repairs it.
        () => undefined,
      );
    void refresh();
    const stop = onOfflineChange(() => void refresh());
    return () => {
      current = false;
      mounted.current = false;
      stop();
    };
  }, [key]);

  const save = useCallback(async (item: OfflineItem) => {
    setBusy(true);
    setError(null);
    setBytes(0);
    try {
      const { bytes: total } = await makeAvailableOffline(item, (soFar) => {
        if (mounted.current) setBytes(soFar);
      });
      if (!mounted.current) return;
      setSaved(true);
      setBytes(total);
    } catch (failure) {
      if (!mounted.current) return;
      setSaved(false);
      setBytes(null);
      setError(offlineErrorMessage(failure));
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, []);

  const remove = useCallback(async () => {
    setBusy(true);
    setError(null);
    // While busy, null bytes tells "Removing…" from "Saving… 3.2 MB".
    setBytes(null);
    try {
      await removeOffline(key);
      if (!mounted.current) return;
      setSaved(false);
      setBytes(null);
    } catch (failure) {
      if (mounted.current) setError(offlineErrorMessage(failure));
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, [key]);

  return { saved, bytes, busy, error, save, remove };
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The keys of everything the signed-in user keeps on this device, kept in step with saves and removals: one
 * read for a whole list, which badges its saved items ("Available offline").
 */
export function useSavedOfflineKeys(): ReadonlySet<string> {
  const [keys, setKeys] = useState<ReadonlySet<string>>(NONE);
  useEffect(() => {
    let current = true;
    const refresh = () =>
      listOffline().then(
        (items) => current && setKeys(new Set(items.map((item) => item.key))),
        // An unreadable index badges nothing; the items themselves still open.
        () => undefined,
      );
    void refresh();
    const stop = onOfflineChange(() => void refresh());
    return () => {
      current = false;
      stop();
    };
  }, []);
  return keys;
}

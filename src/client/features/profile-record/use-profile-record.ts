import { useCallback, useMemo, useState } from 'react';
import type { ProfileRecord, RecordAttempt } from '../../../shared/contracts/profile-record.ts';
import { useLoad, useUnmountSignal } from '../../lib/use-async.ts';
import { fetchProfileRecord } from './profile-record.api.ts';

/** A year of daily practice fits on the first page; older attempts load on request. */
export const RECORD_PAGE_SIZE = 100;

export interface ProfileRecordState {
  record: ProfileRecord | undefined;
  /** Every attempt loaded so far, newest first. */
  attempts: RecordAttempt[];
  loading: boolean;
  error: unknown;
  reload: () => void;
  /** When the server produced the first page (see LoadState). */
  updatedAt: number | undefined;
  /** More attempts on the server than loaded. */
  hasMore: boolean;
  loadingMore: boolean;
  moreError: unknown;
  /** Loads the next page, or (all) every page left; resolves true when that worked. */
  loadMore: (all?: boolean) => Promise<boolean>;
}

export function useProfileRecord(): ProfileRecordState {
  const first = useLoad(
    useCallback((signal: AbortSignal) => fetchProfileRecord(1, RECORD_PAGE_SIZE, signal), []),
  );
  const [older, setOlder] = useState<{ of: ProfileRecord; pages: RecordAttempt[][] } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const unmounted = useUnmountSignal();

  const record = first.data;
  // Older pages belong to the first page they were loaded after; a reload starts again.
  const pages = useMemo(() => (older && older.of === record ? older.pages : []), [older, record]);
  const attempts = record ? [...record.data, ...pages.flat()] : [];
  const hasMore = record !== undefined && attempts.length < record.meta.total;

  const loadMore = useCallback(
    async (all = false) => {
      if (!record) return false;
      setLoadingMore(true);
      setMoreError(null);
      const loaded = [...pages];
      let count = record.data.length + loaded.flat().length;
      try {
        do {
          const next = await fetchProfileRecord(loaded.length + 2, RECORD_PAGE_SIZE, unmounted());
          if (next.data.length === 0) break;
          loaded.push(next.data);
          count += next.data.length;
        } while (all && count < record.meta.total);
        setOlder({ of: record, pages: loaded });
        return true;
      } catch (error) {
        if (!unmounted().aborted) setMoreError(error);
        return false;
      } finally {
        if (!unmounted().aborted) setLoadingMore(false);
      }
    },
    [record, pages, unmounted],
  );

  return {
    record,
    attempts,
    loading: first.loading,
    error: first.error,
    reload: first.reload,
    updatedAt: first.updatedAt,
    hasMore,
    loadingMore,
    moreError,
    loadMore,
  };
}

import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { LIVE_LIMITS, type LiveDetail, type LiveList } from '../../../shared/contracts/live.ts';
import { useLoad, type LoadState } from '../../lib/use-async.ts';
import { fetchLiveDetail, fetchLiveList, type ClockOffset } from './live.api.ts';
import { createLiveThread, type LiveThread, type ThreadView } from './live-thread.ts';

export function useLiveList(): LoadState<LiveList & ClockOffset> {
  const load = useCallback((signal: AbortSignal) => fetchLiveList(signal), []);
  return useLoad(load);
}

export function useLiveDetail(id: number): LoadState<LiveDetail & ClockOffset> {
  const load = useCallback((signal: AbortSignal) => fetchLiveDetail(id, signal), [id]);
  return useLoad(load);
}

/** The time by the server's clock (a phone's may be minutes off; a countdown must not be), ticking. */
export function useServerNow(offset: number, everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now + offset;
}

/** The thread of one session, live: history, stream, and what the caller writes. */
export function useLiveThread(
  detail: LiveDetail & ClockOffset,
  userId: number,
): { thread: LiveThread; view: ThreadView } {
  // One thread per session and user; a reloaded detail of the same session keeps it (and the stream).
  const sessionId = detail.session.id;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const thread = useMemo(() => createLiveThread(detail, userId), [sessionId, userId]);
  useEffect(() => {
    thread.start();
    return () => thread.stop();
  }, [thread]);
  const view = useSyncExternalStore(thread.subscribe, thread.getSnapshot);

  // "Not open yet": come back when questions open (by the server's clock).
  const opensAt = Date.parse(detail.session.starts_at) - LIVE_LIMITS.openBeforeMinutes * 60_000;
  const { offset } = detail;
  useEffect(() => {
    if (view.closedBecause !== 'upcoming') return;
    const delay = opensAt - (Date.now() + offset) + 1000;
    // Browsers fire a timer set beyond ~24.8 days at once: far sessions wait for the next visit.
    if (delay > 2 ** 31 - 1) return;
    const timer = setTimeout(() => thread.restart(), Math.max(0, delay));
    return () => clearTimeout(timer);
  }, [view.closedBecause, opensAt, offset, thread]);
  return { thread, view };
}

/** A text kept in sessionStorage as it is typed: a reload or a dropped connection does not lose it. */
export function useStoredDraft(key: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => {
    try {
      return sessionStorage.getItem(key) ?? '';
    } catch {
      return '';
    }
  });
  const update = useCallback(
    (next: string) => {
      setValue(next);
      try {
        if (next) sessionStorage.setItem(key, next);
        else sessionStorage.removeItem(key);
      } catch {
        // Storage full or refused: the draft lives on in the page.
      }
    },
    [key],
  );
  return [value, update];
}

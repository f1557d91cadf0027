import { useCallback, useEffect, useState } from 'react';
import type { Lecture, LectureSummary } from '../../../shared/contracts/content.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchLecture, fetchLectures, markLectureRead } from './lectures.api.ts';

export function useLectures(): LoadState<LectureSummary[]> {
  const load = useCallback((signal: AbortSignal) => fetchLectures(signal), []);
  return useLoad(load);
}

export function useLecture(id: number): LoadState<Lecture> {
  const load = useCallback((signal: AbortSignal) => fetchLecture(id, signal), [id]);
  return useLoad(load);
}

/** Seconds a lecture must be on screen (the tab visible) before it counts as read. */
export const READ_AFTER_SECONDS = 5;

/**
 * Marks the lecture read once it has been open and visible for READ_AFTER_SECONDS: a lecture opened by
 * mistake, or left in a background tab, is not "read". Returns when it was read (known or just now).
 */
export function useReadTracker(id: number, readAt: string | null | undefined): string | null {
  const [marked, setMarked] = useState<string | null>(null);
  useEffect(() => {
    if (readAt === undefined || readAt !== null) return;
    let visibleMs = 0;
    let last = Date.now();
    let sent = false;
    const tick = window.setInterval(() => {
      const now = Date.now();
      if (document.visibilityState === 'visible') visibleMs += now - last;
      last = now;
      if (!sent && visibleMs >= READ_AFTER_SECONDS * 1000) {
        sent = true;
        window.clearInterval(tick);
        markLectureRead(id).then(setMarked, () => {
          // Offline or refused: it is asked again the next time the lecture is opened.
        });
      }
    }, 500);
    return () => window.clearInterval(tick);
  }, [id, readAt]);
  return readAt ?? marked;
}

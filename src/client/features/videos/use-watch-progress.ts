import { useEffect, useState } from 'react';
import { WATCHED_FRACTION } from '../../../shared/contracts/content.ts';
import type { Video } from '../../../shared/contracts/content.ts';
import { queueProgress } from './videos.api.ts';
import { merge, total, WatchTracker } from './watch-tracker.ts';

/** How often progress is reported while playing. */
const REPORT_EVERY_MS = 10_000;

export interface WatchState {
  /** Give it to the <video> element as its ref. */
  attach: (element: HTMLVideoElement | null) => void;
  /** Share of the video really played, 0..1 (0 while its length is unknown). */
  fraction: number;
  completed: boolean;
}

/** Outside the component: the player's position is the element's own state, not React's. */
function seek(media: HTMLMediaElement, seconds: number): void {
  media.currentTime = seconds;
}

const lengthOf = (media: HTMLMediaElement) =>
  Number.isFinite(media.duration) && media.duration > 0 ? media.duration : null;

/**
 * Resumes the <video> at the saved second, records the stretches really played, and reports them every
 * ten seconds while playing, on pause and at the end, and when the page is hidden or left.
 */
export function useWatchProgress(video: Video): WatchState {
  const [media, setMedia] = useState<HTMLVideoElement | null>(null);
  const [watchedSeconds, setWatchedSeconds] = useState(() => total(merge(video.progress.watched)));
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  const duration = video.duration_seconds ?? mediaDuration;

  useEffect(() => {
    if (!media) return;
    const tracker = new WatchTracker(video.progress.watched);
    let lastSent = '';
    // Whether the student played or moved the video on this page. Until then the server already has all of
    // it: a report would only repeat it, and offline wait as "1 waiting" for a change never made (or, left
    // before the video loaded, put the saved second back to 0).
    let touched = false;
    let resuming = false;
    const report = () => {
      const watched = tracker.intervals();
      if (!touched || watched.length === 0) return;
      const position = Math.round(media.currentTime * 1000) / 1000;
      const body = {
        position_seconds: position,
        watched,
        duration_seconds: video.duration_seconds ?? lengthOf(media),
      };
      const text = JSON.stringify(body);
      if (text === lastSent) return;
      lastSent = text;
      void queueProgress(video.id, body);
    };
    const resume = () => {
      const length = lengthOf(media);
      setMediaDuration(length);
      const at = video.progress.position_seconds;
      // At the very end there is nothing to resume: it starts again from the beginning.
      if (at > 0 && (length === null || at < length - 1)) {
        resuming = true;
        seek(media, at);
      }
    };
    const resumed = () => {
      resuming = false;
    };
    const onTime = () => {
      if (media.paused || media.seeking) return;
      tracker.played(media.currentTime);
      touched = true;
      setWatchedSeconds(total(tracker.intervals()));
    };
    const stop = () => {
      tracker.stop();
      if (!resuming) touched = true;
    };
    const stopAndReport = () => {
      tracker.stop();
      report();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') report();
    };
    // Added together here and removed together below: none can be left behind.
    const listeners: Array<[EventTarget, string, () => void]> = [
      [media, 'loadedmetadata', resume],
      [media, 'timeupdate', onTime],
      [media, 'seeking', stop],
      [media, 'seeked', resumed],
      [media, 'pause', stopAndReport],
      [media, 'ended', stopAndReport],
      [window, 'pagehide', report],
      [document, 'visibilitychange', onHidden],
    ];
    if (media.readyState >= 1) resume();
    for (const [target, type, handler] of listeners) target.addEventListener(type, handler);
    const timer = window.setInterval(() => {
      if (!media.paused) report();
    }, REPORT_EVERY_MS);
    return () => {
      for (const [target, type, handler] of listeners) target.removeEventListener(type, handler);
      window.clearInterval(timer);
      // Leaving the screen inside the app: what was played so far is kept.
      tracker.stop();
      report();
    };
  }, [media, video]);

  const fraction = duration ? Math.min(1, watchedSeconds / duration) : 0;
  return {
    attach: setMedia,
    fraction,
    completed: video.progress.completed_at !== null || (duration !== null && fraction >= WATCHED_FRACTION),
  };
}

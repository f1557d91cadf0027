import { useEffect, useEffectEvent } from 'react';
import type { HeartbeatResponse } from '../../../shared/contracts/attempts.ts';
import { ApiError } from '../../lib/http.ts';
import { outboxSnapshot } from '../../lib/outbox.ts';
import { waitingAnswers } from './quiz-sync.ts';
import { sendHeartbeat } from './quiz.api.ts';
import { clockOffset } from './timer.ts';

/** How often a timed attempt tells the server it is there (staff see "not heard from" after a minute). */
export const HEARTBEAT_MS = 20_000;

/** The attempt's clock as the server gave it with a heartbeat, and the offset measured by that request. */
export interface HeartbeatClock extends HeartbeatResponse {
  clockOffsetMs: number;
}

/**
 * While a timed attempt is being answered and the page is visible and online: a heartbeat every ~20 s (and
 * at once when the page is shown again or the network comes back), with the count of this attempt's answers waiting in the outbox. Offline or hidden it sends nothing
 * (the server then shows when it last heard). Each answer's clock goes to `onClock`: the deadline as it
 * stands now, which staff may have moved (extra time) since the attempt started.
 */
export function useAttemptHeartbeat(
  attemptId: string,
  { active, onClock }: { active: boolean; onClock: (clock: HeartbeatClock) => void },
): void {
  const adopt = useEffectEvent(onClock);
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let inFlight: AbortController | null = null;
    const beat = async () => {
      if (stopped || inFlight || document.visibilityState !== 'visible' || !navigator.onLine) return;
      const controller = new AbortController();
      inFlight = controller;
      const sentAt = Date.now();
      try {
        const outbox = waitingAnswers(outboxSnapshot().entries, attemptId);
        const clock = await sendHeartbeat(attemptId, outbox, controller.signal);
        if (!stopped) adopt({ ...clock, clockOffsetMs: clockOffset(clock.server_time, sentAt, Date.now()) });
      } catch (error) {
        // Submitted (or gone) on the server: nothing more to say. Anything else: the next beat tries again.
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) stop();
      } finally {
        if (inFlight === controller) inFlight = null;
      }
    };
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    const onShow = () => void beat();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void beat();
    };
    function stop() {
      stopped = true;
      clearInterval(timer);
      inFlight?.abort();
      window.removeEventListener('online', onShow);
      document.removeEventListener('visibilitychange', onVisibility);
    }
    // Not at once: opening the attempt told the server already. Coming back (shown, online) does at once.
    window.addEventListener('online', onShow);
    document.addEventListener('visibilitychange', onVisibility);
    return stop;
  }, [active, attemptId]);
}

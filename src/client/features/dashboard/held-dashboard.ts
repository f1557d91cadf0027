import { useEffect, useState } from 'react';
import { loadCopy, storeCopy } from '../../lib/attempt-store.ts';
import type { CurrentAnnouncement } from '../../../shared/contracts/announcements.ts';
import type { LearningSummary } from '../../../shared/contracts/learning.ts';
import type { DashboardData } from './dashboard-data.ts';

// What the dashboard last showed, held on this device (beside the lists' own offline copies, per user): a
// later start paints it at once, marked as refreshing with the time the server produced it, while the
// dashboard's reads go to the network; the server's answer then replaces it. Never shown as new.

/** Held under the lists' resource (/my): a copy of what the student's own writes change. */
const HELD_PATH = '/my/held-dashboard';

export interface HeldDashboard {
  data: DashboardData;
  summary: LearningSummary | null;
  announcements: CurrentAnnouncement[];
  /** The newest unseen notification's title, as the line over the dashboard showed it (absent in older copies). */
  newest?: string | null;
}

export type HeldState = { settled: boolean; held: HeldDashboard | null };

let reading: { userId: number; held: Promise<HeldDashboard | null> } | null = null;
// The last read (or kept) dashboard: a screen that mounts after the read has settled (main.tsx waits for it
// at start, routes.tsx) paints it in its first render, not one render later.
let settled: { userId: number; held: HeldDashboard | null } | null = null;

/** Starts reading the held dashboard (at start, while the screen's code loads); the screen takes it once. */
export function readHeldDashboard(userId: number): Promise<HeldDashboard | null> {
  if (reading?.userId === userId) return reading.held;
  const held = loadCopy<HeldDashboard>(userId, HELD_PATH).then((copy) => {
    const read = copy && Array.isArray(copy.data?.data?.quizzes) ? copy.data : null;
    settled = { userId, held: read };
    return read;
  });
  reading = { userId, held };
  return held;
}

/** Forgets what was read into memory (tests; the device's copy stays). */
export function forgetHeldDashboard(): void {
  reading = null;
  settled = null;
}

/** Keeps what the dashboard shows now, for the next start. */
export function holdDashboard(userId: number, held: HeldDashboard): Promise<void> {
  reading = null;
  settled = { userId, held };
  return storeCopy(userId, HELD_PATH, held);
}

/** The held dashboard of `userId`: settled once read (null when none is held). */
export function useHeldDashboard(userId: number): HeldState {
  const [state, setState] = useState<HeldState & { userId: number }>(() =>
    settled?.userId === userId
      ? { settled: true, held: settled.held, userId }
      : { settled: false, held: null, userId },
  );
  useEffect(() => {
    if (state.settled && state.userId === userId) return;
    let live = true;
    void readHeldDashboard(userId).then((held) => {
      reading = null;
      if (live) setState({ settled: true, held, userId });
    });
    return () => {
      live = false;
    };
  }, [userId, state.settled, state.userId]);
  return state.userId === userId ? state : { settled: false, held: null };
}

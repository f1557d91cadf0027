import { useCallback } from 'react';
import { useLoad } from '../../lib/use-async.ts';
import { authState, useAuth } from '../../shell/session.ts';
import { fetchMyAssessmentsStamped, startQuizSync } from '../quiz/index.ts';
import { mergeLocalAttempts } from '../quiz/index.ts';
import { useReloadOnSync } from '../quizzes/index.ts';
import { fetchMySummary } from '../learning/index.ts';
import { readHeldDashboard } from './held-dashboard.ts';
import type { DashboardData } from './dashboard-data.ts';

// The dashboard is the first screen after start: setting up the quiz sync sends answers that waited offline.
startQuizSync();

const oldest = (times: Array<number | undefined>) =>
  times.some((t) => t === undefined) ? undefined : Math.min(...(times as number[]));

/**
 * Three list requests side by side and nothing after them: each list carries the latest result of every
 * assessment, so the dashboard needs no result of its own. This device's attempts are merged in, so an
 * attempt started or submitted offline shows as such.
 */
async function loadDashboard(userId: number | null, signal: AbortSignal): Promise<DashboardData> {
  const lists = await Promise.all([
    fetchMyAssessmentsStamped('quiz', signal),
    fetchMyAssessmentsStamped('exam', signal),
    fetchMyAssessmentsStamped('diagnostic', signal),
  ]);
  const [quizzes, exams, diagnostics] = await Promise.all(
    lists.map((list) => mergeLocalAttempts(userId, list.data)),
  );
  return {
    quizzes: quizzes!,
    exams: exams!,
    diagnostics: diagnostics!,
    updatedAt: oldest(lists.map((l) => l.updatedAt)),
  };
}

// At start on '/', the data is asked for while the screen's code is still loading (routes.tsx); the
// dashboard's first load takes that answer instead of asking again.
const PREFETCH_FRESH_MS = 10_000;
let prefetched: { data: Promise<DashboardData>; at: number; userId: number | null } | null = null;

/** Starts the dashboard's reads; resolves once what the device holds is read (null: nothing held). */
export function prefetchDashboard(): Promise<unknown> {
  const userId = authState.user?.id ?? null;
  // What the device holds, to paint at once while the reads are on their way (held-dashboard.ts).
  const held = userId !== null ? readHeldDashboard(userId) : Promise.resolve(null);
  const data = loadDashboard(userId, new AbortController().signal);
  data.catch(() => undefined);
  prefetched = { data, at: Date.now(), userId };
  return held;
}

function takePrefetched(userId: number | null): Promise<DashboardData> | null {
  const taken = prefetched;
  prefetched = null;
  return taken && taken.userId === userId && Date.now() - taken.at < PREFETCH_FRESH_MS ? taken.data : null;
}

/** A student's dashboard: every quiz, exam and diagnostic with its state and latest result; all from the API. */
export function useDashboard(enabled: boolean) {
  const userId = useAuth().user?.id ?? null;
  const load = useCallback(
    (signal: AbortSignal) => takePrefetched(userId) ?? loadDashboard(userId, signal),
    [userId],
  );
  // The dashboard's lists are its largest render: in slices, so the page stays responsive (TBT).
  const state = useLoad(enabled ? load : null, { transition: true });
  useReloadOnSync(state.reload);
  return { ...state, updatedAt: state.data?.updatedAt ?? state.updatedAt };
}

/**
 * The learning summary: the pathway's first steps name the dashboard's first card. Asked for beside the lists
 * (start-prefetch.ts asks at start); settled once it is in or failed (offline, never read: the card falls
 * back to what is due).
 */
export function useLearningSummary(enabled: boolean) {
  const load = useCallback((signal: AbortSignal) => fetchMySummary(signal), []);
  const state = useLoad(enabled ? load : null, { transition: true });
  return { summary: state.data ?? null, settled: state.data !== undefined || !!state.error };
}

import { useCallback } from 'react';
import type { MyAssessment } from '../../../shared/contracts/assessments.ts';
import type { AttemptResult } from '../../../shared/contracts/attempts.ts';
import { useLoad } from '../../lib/use-async.ts';
import { fetchMyAssessments, fetchResult } from '../quiz/quiz.api.ts';
// The dashboard is the first screen after start: loading the sync module sends answers that waited offline.
import '../quiz/quiz-sync.ts';

/** How many results the dashboard fetches to find the latest ones (one request each). */
const RESULT_LOOKUPS = 12;
export const LATEST_RESULTS = 5;

export interface DashboardData {
  inProgress: MyAssessment[];
  upcoming: MyAssessment[];
  latest: AttemptResult[];
}

async function loadDashboard(signal: AbortSignal): Promise<DashboardData> {
  const [quizzes, exams, diagnostics] = await Promise.all([
    fetchMyAssessments('quiz', signal),
    fetchMyAssessments('exam', signal),
    fetchMyAssessments('diagnostic', signal),
  ]);
  const all = [...exams, ...quizzes];
  const byOpening = (a: MyAssessment, b: MyAssessment) => (a.opens_at ?? '').localeCompare(b.opens_at ?? '');
  const taken = [...all, ...diagnostics].filter((a) => a.last_attempt_id !== null).slice(0, RESULT_LOOKUPS);
  const results = await Promise.all(
    // One result that cannot be read must not hide the rest of the dashboard.
    taken.map((a) => fetchResult(a.last_attempt_id ?? '', signal).catch(() => null)),
  );
  return {
    inProgress: all.filter((a) => a.state === 'in_progress'),
    upcoming: [
      ...all.filter((a) => a.state === 'not_started' && a.can_start),
      ...all.filter((a) => a.state === 'scheduled').sort(byOpening),
    ],
    latest: results
      .filter((r): r is AttemptResult => r !== null)
      .sort((a, b) => b.submitted_at.localeCompare(a.submitted_at))
      .slice(0, LATEST_RESULTS),
  };
}

// At start on '/', the data is asked for while the screen's code is still loading (routes.tsx); the
// dashboard's first load takes that answer instead of asking again.
const PREFETCH_FRESH_MS = 10_000;
let prefetched: { data: Promise<DashboardData>; at: number } | null = null;

export function prefetchDashboard(): void {
  const data = loadDashboard(new AbortController().signal);
  data.catch(() => undefined);
  prefetched = { data, at: Date.now() };
}

function takePrefetched(): Promise<DashboardData> | null {
  const taken = prefetched;
  prefetched = null;
  return taken && Date.now() - taken.at < PREFETCH_FRESH_MS ? taken.data : null;
}

/** A student's dashboard: what is in progress, what is coming, and the latest results; all from the API. */
export function useDashboard(enabled: boolean) {
  const load = useCallback((signal: AbortSignal) => takePrefetched() ?? loadDashboard(signal), []);
  return useLoad(enabled ? load : null);
}

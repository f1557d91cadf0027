import { useEffect } from 'react';
import { LEARNING_PATHS } from '../../../shared/api-paths.ts';
import {
  DAILY_PERFORMANCE_GUARD_S,
  PROFICIENCY_GUARD_S,
  RECALC_DELAY_MS,
  USER_PROGRESS_GUARD_S,
} from '../../../shared/constants.ts';
import { putJson } from '../../lib/http.ts';

// Spec 4 and 9: 20 s after the sidebar mounts, the three recalculations run, each at most once per its
// per-user cookie guard. Spec 8: a failure is logged and rethrown; the guard is set only on success, so a
// failed one is tried again at the next mount.

interface Job {
  name: string;
  guardS: number;
  path: (userId: number) => string;
  failure: string;
}

/** The server counts days in UTC, as it stores times. */
const today = () => new Date().toISOString().slice(0, 10);

/** In order: progress counts the topics the proficiency call has just estimated. */
const JOBS: readonly Job[] = [
  {
    name: 'proficiency',
    guardS: PROFICIENCY_GUARD_S,
    path: LEARNING_PATHS.proficiency,
    failure: 'Proficiency calculation failed.',
  },
  {
    name: 'user_progress',
    guardS: USER_PROGRESS_GUARD_S,
    path: LEARNING_PATHS.progress,
    failure: 'User progress calculation failed.',
  },
  {
    name: 'daily_performance',
    guardS: DAILY_PERFORMANCE_GUARD_S,
    path: (id) => LEARNING_PATHS.daily(today(), id),
    failure: 'Daily performance calculation failed.',
  },
];

const cookieName = (job: Job, userId: number) => `pb_calc_${job.name}_${userId}`;

function guarded(job: Job, userId: number): boolean {
  const name = cookieName(job, userId);
  return document.cookie.split('; ').some((c) => c.startsWith(`${name}=`));
}

function setGuard(job: Job, userId: number): void {
  document.cookie = `${cookieName(job, userId)}=1; max-age=${job.guardS}; path=/; SameSite=Lax`;
}

async function run(job: Job, userId: number): Promise<void> {
  try {
    await putJson(job.path(userId));
  } catch (error) {
    console.error(job.failure, error);
    throw error;
  }
  setGuard(job, userId);
}

/** Runs every recalculation whose guard has lapsed; one failing does not stop the next. */
export async function runDueRecalculations(userId: number): Promise<void> {
  for (const job of JOBS) {
    if (guarded(job, userId)) continue;
    // Logged in run(); the next mount tries again.
    await run(job, userId).catch(() => undefined);
  }
}

/** Schedules the recalculations RECALC_DELAY_MS after mount; leaving (or another user) cancels them. */
export function useBackgroundRecalculations(userId: number | undefined): void {
  useEffect(() => {
    if (userId === undefined) return;
    const timer = setTimeout(() => void runDueRecalculations(userId), RECALC_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId]);
}

import type { Progress, StudentAssessment } from '../quiz/index.ts';
import { progressOf, sortForStudent } from '../quiz/index.ts';
import type { DashboardData } from './dashboard-data.ts';

// Three: more rows of Start buttons would compete with the first card's one action.
export const UPCOMING_SHOWN = 3;
export const LATEST_SHOWN = 5;

export interface DashboardView {
  /** Attempts under way, the least time left first. */
  inProgress: StudentAssessment[];
  /** Not taken yet and open, the soonest to close first; then what opens later, the soonest first. */
  upcoming: StudentAssessment[];
  /** Taken, the latest first (a submission still waiting to sync counts as the latest). */
  latest: StudentAssessment[];
  progress: { quizzes: Progress; exams: Progress };
}

const submittedAt = (item: StudentAssessment) =>
  item.submit_waiting ? '\uffff' : (item.last_submitted_at ?? '');

/** What the dashboard shows, in the order that matters to the student. */
export function dashboardView(data: Pick<DashboardData, 'quizzes' | 'exams' | 'diagnostics'>): DashboardView {
  const graded = sortForStudent([...data.exams, ...data.quizzes]);
  return {
    inProgress: graded.filter((a) => a.state === 'in_progress'),
    upcoming: graded
      .filter((a) => (a.state === 'not_started' && a.can_start) || a.state === 'scheduled')
      .slice(0, UPCOMING_SHOWN),
    latest: [...graded, ...data.diagnostics]
      .filter((a) => a.state !== 'in_progress' && (a.last_attempt_id !== null || a.submit_waiting))
      .sort((a, b) => submittedAt(b).localeCompare(submittedAt(a)))
      .slice(0, LATEST_SHOWN),
    progress: { quizzes: progressOf(data.quizzes), exams: progressOf(data.exams) },
  };
}

import type { StudentAssessment } from '../quiz/index.ts';

/** What the dashboard shows: its three lists, as loaded (use-dashboard.ts) or held on the device (held-dashboard.ts). */
export interface DashboardData {
  quizzes: StudentAssessment[];
  exams: StudentAssessment[];
  diagnostics: StudentAssessment[];
  /** When the server gave the oldest of the three lists. */
  updatedAt: number | undefined;
}

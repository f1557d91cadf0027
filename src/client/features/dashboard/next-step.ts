import type { LearningSummary, PathwayStep } from '../../../shared/contracts/learning.ts';
import type { StudentAssessment } from '../quiz/index.ts';
import type { DashboardView } from './dashboard-view.ts';

/** The one thing the dashboard's first card asks the student to do next. */
export type NextStep =
  /** An attempt under way: finish it first (its clock may be running). */
  | { kind: 'continue'; item: StudentAssessment }
  /** The pathway's first ready topic, with the quiz on it the student can start (null: none can be). */
  | { kind: 'topic'; step: PathwayStep; item: StudentAssessment | null }
  /** No ready topic to name (or no pathway read, offline): the quiz or exam due soonest. */
  | { kind: 'assessment'; item: StudentAssessment }
  /** Nothing ready and nothing due: practice keeps what is known fresh. */
  | { kind: 'practice' };

/**
 * What to do next, in the order that matters: an attempt in progress; else the pathway's first ready topic
 * (preferring one whose quiz can be started now); else the first assessment due; else practice.
 */
export function nextStep(
  view: Pick<DashboardView, 'inProgress' | 'upcoming'>,
  quizzes: readonly StudentAssessment[],
  summary: LearningSummary | null,
): NextStep {
  const underWay = view.inProgress[0];
  if (underWay) return { kind: 'continue', item: underWay };
  if (summary) {
    const startable = (step: PathwayStep) =>
      step.quiz ? (quizzes.find((q) => q.id === step.quiz!.id && q.can_start) ?? null) : null;
    const withQuiz = summary.next.find((step) => startable(step) !== null);
    const step = withQuiz ?? summary.next[0];
    if (step) return { kind: 'topic', step, item: startable(step) };
  }
  const due = view.upcoming.find((item) => item.can_start);
  if (due) return { kind: 'assessment', item: due };
  return { kind: 'practice' };
}

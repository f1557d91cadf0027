// The quizzes feature's public face: the student's assessments, their state and their list.

// An assessment's state in words and in order (the dashboard, the start screen, quiz's next steps).
export type { Progress, StudentAssessment } from './assessment-state.ts';
export {
  actionsFor,
  KIND_NAMES,
  progressOf,
  sortForStudent,
  startConfirmText,
  stateDetail,
  timeLimitText,
} from './assessment-state.ts';
// The list and its buttons (the dashboard, exams, quiz's next steps).
export { AssessmentActions, AssessmentList, StartButton } from './components/assessment-list.tsx';
// Loading the list with what this device knows (the dashboard, the start screen, quiz's retry target).
export { mergeLocalAttempts } from './local-attempts.ts';
export { useMyAssessments, useReloadOnSync } from './use-my-assessments.ts';

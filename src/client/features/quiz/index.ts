// The quiz feature's public face: what other features may use of taking an attempt and reading its result.

// The outbox's quiz writes (account's Retry, the dashboard, quizzes, Test Yourself).
export { isSubmitEntry, startQuizSync, useOnline, useSyncStatus } from './quiz-sync.ts';
// Reads (the dashboard, quizzes, the diagnostic's results, Test Yourself).
export {
  fetchDiagnosticResults,
  fetchKnowledgeGraph,
  fetchMyAssessmentsStamped,
  fetchResult,
  isNetworkFailure,
  newAttemptId,
  startPractice,
} from './quiz.api.ts';
// An assessment's state in words and in order, and starting it (the dashboard, the start screen, quizzes).
export type { ListAction, Progress, StudentAssessment } from './assessment-state.ts';
export {
  actionsFor,
  attemptsText,
  KIND_NAMES,
  progressOf,
  questionCountText,
  sortForStudent,
  startConfirmText,
  stateDetail,
  stateLabel,
  timeLimitText,
} from './assessment-state.ts';
export { StartButton } from './components/start-button.tsx';
export { stakesText, startLabel } from './start-stakes.ts';
// What this device knows of attempts the server has not heard of yet (the dashboard, quizzes).
export { mergeLocalAttempts } from './local-attempts.ts';
// What next after a result (the diagnostic's results, Test Yourself).
export { isMastered, masteryOf, topicIdsFromQuery } from './next-steps.ts';
export { NextSteps } from './components/next-steps.tsx';
export { useRetryTarget } from './use-retry-target.ts';
// Running an attempt and showing its result (Test Yourself's practice runs on the same engine).
export type { SessionData } from './attempt-session.ts';
export { adoptAttempt, openAttempt } from './attempt-session.ts';
export { isAnswered } from './attempt-view.ts';
export { AnswerInput } from './components/answer-input.tsx';
export { PreviousButton } from './components/previous-button.tsx';
export { QuestionCard } from './components/question-card.tsx';
export { SyncStatus } from './components/sync-status.tsx';
export { useAttemptRunner } from './use-attempt-runner.ts';
// The countdown follows the server's deadline: any reply that carries one (a save, a refetch, a heartbeat).
export { adoptDeadline } from './attempt-deadline.ts';
export { ResultSummary } from './components/result-summary.tsx';
export { useAttemptReport } from './use-attempt-report.ts';
export { WaitingForSync } from './screens/quiz-result-screen.tsx';

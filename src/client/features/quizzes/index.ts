// The quizzes feature's public face: the student's list of assessments and how it loads.

// The list and its buttons (the dashboard, exams).
export { AssessmentActions, AssessmentList } from './components/assessment-list.tsx';
// Loading the list with what this device knows (the dashboard, the start screen).
export { useMyAssessments, useReloadOnSync } from './use-my-assessments.ts';

import { PATHS } from '../../shell/paths.ts';

/** Quizzes, exams and diagnostics share one list and one edit screen (spec 2.3); the route picks the kind. */
export type AssessmentKind = 'quiz' | 'exam' | 'diagnostic';

export const ASSESSMENT_NOUN: Record<AssessmentKind, { one: string; many: string; article: string }> = {
  quiz: { one: 'quiz', many: 'quizzes', article: 'a' },
  exam: { one: 'exam', many: 'exams', article: 'an' },
  diagnostic: { one: 'diagnostic', many: 'diagnostics', article: 'a' },
};

/** The edit screen of one assessment (or of a new one without `id`). */
export function assessmentPath(kind: AssessmentKind, id?: number): string {
  if (kind === 'quiz') return PATHS.adminQuiz(id);
  if (kind === 'exam') return PATHS.adminExam(id);
  return PATHS.adminDiagnostic(id);
}

/** The list screen of a kind. */
export function assessmentsPath(kind: AssessmentKind): string {
  if (kind === 'quiz') return PATHS.adminQuizzes;
  if (kind === 'exam') return PATHS.adminExams;
  return PATHS.adminDiagnostics;
}

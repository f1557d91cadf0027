/** Quizzes, exams and diagnostics share one list and one edit screen (spec 2.3); the route picks the kind. */
export type AssessmentKind = 'quiz' | 'exam' | 'diagnostic';

export const ASSESSMENT_NOUN: Record<AssessmentKind, { one: string; many: string }> = {
  quiz: { one: 'quiz', many: 'quizzes' },
  exam: { one: 'exam', many: 'exams' },
  diagnostic: { one: 'diagnostic', many: 'diagnostics' },
};

/** Quizzes, exams and diagnostics share one list and one edit screen (spec 2.3); the route picks the kind. */
export type AssessmentKind = 'quiz' | 'exam' | 'diagnostic';

export const ASSESSMENT_NOUN: Record<AssessmentKind, { one: string; many: string; article: string }> = {
  quiz: { one: 'quiz', many: 'quizzes', article: 'a' },
  exam: { one: 'exam', many: 'exams', article: 'an' },
  diagnostic: { one: 'diagnostic', many: 'diagnostics', article: 'a' },
};

import type { Generated } from 'kysely';

export interface AssessmentsTable {
  id: Generated<number>;
  kind: string;
  title: string;
  description: string;
  selection: string;
  shuffle_questions: number;
  shuffle_options: number;
  time_limit_minutes: number | null;
  opens_at: string | null;
  closes_at: string | null;
  attempts_allowed: number | null;
  pass_mark: number;
  review_policy: string;
  offline_grace_minutes: number;
  published: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export interface AssessmentQuestionsTable {
  assessment_id: number;
  question_id: number;
  position: number;
}
export interface AssessmentDrawsTable {
  assessment_id: number;
  micro_topic_id: number;
  count: number;
}
export interface AssessmentSchoolsTable {
  assessment_id: number;
  school_id: number;
}

/**
 * One assessment's own rules for one student (user_id) or one school (school_id), never both (migration 0023).
 * Each null keeps the assessment's rule; a student's row wins over their school's.
 */
export interface AssessmentOverridesTable {
  id: Generated<number>;
  assessment_id: number;
  user_id: number | null;
  school_id: number | null;
  extra_minutes: number | null;
  time_multiplier: number | null;
  closes_at: string | null;
  attempts_allowed: number | null;
  updated_by: number | null;
  updated_at: string;
}

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

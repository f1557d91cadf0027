import type { AssessmentKind, ReviewPolicy } from '../../../shared/contracts/assessments.ts';

/** An assessment's body as the contract gives it: the service and the exposure check both read it. */
export interface AssessmentInput {
  kind: AssessmentKind;
  title: string;
  description: string;
  selection: 'fixed' | 'random';
  question_ids: number[];
  draws: Array<{ micro_topic_id: number; count: number }>;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  time_limit_minutes: number | null;
  opens_at: string | null;
  closes_at: string | null;
  attempts_allowed: number | null;
  pass_mark: number;
  review_policy: ReviewPolicy;
  offline_grace_minutes: number;
  school_ids: number[];
  published: boolean;
  /** An exam: use questions whose answers Test Yourself has shown anyway (exposed-questions.ts). */
  confirm_exposed?: boolean;
}

/** The assessment's own columns, from a body. */
export const columns = (body: AssessmentInput) => ({
  kind: body.kind,
  title: body.title,
  description: body.description,
  selection: body.selection,
  shuffle_questions: body.shuffle_questions ? 1 : 0,
  shuffle_options: body.shuffle_options ? 1 : 0,
  time_limit_minutes: body.time_limit_minutes,
  opens_at: body.opens_at && new Date(body.opens_at).toISOString(),
  closes_at: body.closes_at && new Date(body.closes_at).toISOString(),
  attempts_allowed: body.attempts_allowed,
  pass_mark: body.pass_mark,
  review_policy: body.review_policy,
  offline_grace_minutes: body.offline_grace_minutes,
  published: body.published ? 1 : 0,
});
/** Its questions, draws and schools: only those its selection uses, each school once. */
export const parts = (body: AssessmentInput) => ({
  questionIds: body.selection === 'fixed' ? body.question_ids : [],
  draws: body.selection === 'random' ? body.draws : [],
  schoolIds: [...new Set(body.school_ids)],
});

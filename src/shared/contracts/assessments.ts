import { z } from 'zod';
import { listOf, listQuerySchema } from './common.ts';
import { visibleText } from './visible-text.ts';

const id = z.number().int().positive().max(2_147_483_647);
export const ASSESSMENT_KINDS = ['quiz', 'exam', 'diagnostic'] as const;
export const assessmentKindSchema = z.enum(ASSESSMENT_KINDS);
export type AssessmentKind = z.infer<typeof assessmentKindSchema>;

/** When a student may see the correct answers and explanations of a submitted attempt. */
export const REVIEW_POLICIES = ['after_submit', 'after_close', 'never'] as const;
export const reviewPolicySchema = z.enum(REVIEW_POLICIES);
export type ReviewPolicy = z.infer<typeof reviewPolicySchema>;
export const REVIEW_POLICY_LABELS: Record<ReviewPolicy, string> = {
  after_submit: 'Right after submitting',
  after_close: 'After the assessment closes',
  never: 'Never (score only)',
};

const isoDate = z.iso.datetime({ offset: true, message: 'Give a date and time.' });

export const assessmentSettingsSchema = z.strictObject({
  title: visibleText('The title must be at least 3 characters.', 3).max(200),
  description: z.string().trim().max(5000).default(''),
  selection: z.enum(['fixed', 'random']),
  /** For fixed selection, in order. */
  question_ids: z.array(id).max(200).default([]),
  /** For random selection: how many questions to draw from each micro topic. */
  draws: z
    .array(z.strictObject({ micro_topic_id: id, count: z.number().int().min(1).max(50) }))
    .max(100)
    .default([]),
  shuffle_questions: z.boolean().default(false),
  shuffle_options: z.boolean().default(false),
  time_limit_minutes: z.number().int().min(1).max(600).nullable().default(null),
  opens_at: isoDate.nullable().default(null),
  closes_at: isoDate.nullable().default(null),
  attempts_allowed: z.number().int().min(1).max(100).nullable().default(1),
  pass_mark: z.number().int().min(0).max(100).default(60),
  review_policy: reviewPolicySchema.default('after_submit'),
  /** How long after the deadline answers given offline (before the deadline) are still accepted. */
  offline_grace_minutes: z.number().int().min(0).max(120).default(10),
  /** Empty: every school. */
  school_ids: z.array(id).max(200).default([]),
  published: z.boolean().default(false),
});
/**
 * The rules between fields, checked even when other fields are wrong (`when`), so one refused save names
 * every problem at once; the value may then be half-parsed, hence the guards. The server adds only what
 * needs the database (do the questions exist, are there enough to draw) and the caller's role.
 */
function checkAcrossFields(body: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message, continue: true });
  const ids = (list: unknown): unknown[] => (Array.isArray(list) ? list : []);
  if (body.selection === 'fixed') {
    const questionIds = ids(body.question_ids);
    if (questionIds.length === 0) issue('question_ids', 'Choose at least one question.');
    else if (new Set(questionIds).size !== questionIds.length)
      issue('question_ids', 'A question can be used once.');
  } else if (body.selection === 'random') {
    const draws = ids(body.draws);
    if (draws.length === 0) issue('draws', 'Choose at least one micro topic to draw from.');
    const topics = draws.map((d) =>
      d && typeof d === 'object' ? (d as { micro_topic_id?: unknown }).micro_topic_id : d,
    );
    if (new Set(topics).size !== topics.length) issue('draws', 'Each micro topic can be listed once.');
  }
  const time = (v: unknown) => (typeof v === 'string' ? Date.parse(v) : NaN);
  const opens = time(body.opens_at);
  const closes = time(body.closes_at);
  if (closes <= opens) issue('closes_at', 'The closing time must be after the opening time.');
  else if (body.review_policy === 'after_close' && (body.closes_at ?? null) === null)
    issue(
      'closes_at',
      'Answers are released when the assessment closes, so it needs a closing time (or choose another review policy).',
    );
}

export const assessmentBodySchema = assessmentSettingsSchema
  .extend({
    kind: assessmentKindSchema,
    /**
     * An exam may hold questions whose answers Test Yourself has already shown to students it is for only
     * when this says so (the server refuses it with an error on this field otherwise). Not stored.
     */
    confirm_exposed: z.boolean().optional(),
  })
  .superRefine((body, ctx) => checkAcrossFields(body, ctx), { when: () => true });
export type AssessmentBody = z.input<typeof assessmentBodySchema>;

export const assessmentSchema = z.object({
  id: z.number(),
  kind: assessmentKindSchema,
  title: z.string(),
  description: z.string(),
  selection: z.enum(['fixed', 'random']),
  question_ids: z.array(z.number()),
  draws: z.array(z.object({ micro_topic_id: z.number(), count: z.number() })),
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  time_limit_minutes: z.number().nullable(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  attempts_allowed: z.number().nullable(),
  pass_mark: z.number(),
  review_policy: reviewPolicySchema,
  offline_grace_minutes: z.number(),
  school_ids: z.array(z.number()),
  published: z.boolean(),
  question_count: z.number(),
  attempt_count: z.number(),
  created_by: z.number().nullable(),
  updated_at: z.string(),
  /** Whether the caller may change it (teachers: only quizzes and exams aimed solely at their schools). */
  can_edit: z.boolean(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

export const assessmentsQuerySchema = listQuerySchema.extend({ kind: assessmentKindSchema });
export const assessmentsResponseSchema = listOf(assessmentSchema);
export const assessmentResponseSchema = z.object({ assessment: assessmentSchema });

/** A student's view of one assessment in the /quizzes and /exams lists. */
export const myAssessmentSchema = z.object({
  id: z.number(),
  kind: assessmentKindSchema,
  title: z.string(),
  description: z.string(),
  /** For the adaptive diagnostic, the most it asks (it draws from a larger pool and may stop sooner). */
  question_count: z.number(),
  /**
   * The student's own time, close date and attempts: the assessment's, changed by their overrides and standing
   * time multiplier (contracts/overrides.ts). A student sees only their own figures.
   */
  time_limit_minutes: z.number().nullable(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  pass_mark: z.number(),
  attempts_allowed: z.number().nullable(),
  attempts_used: z.number(),
  /** The student's time is longer than the assessment's: "20 minutes, with your extra time". */
  extra_time: z.boolean(),
  /** When the answers are shown: the start confirmation says so. */
  review_policy: reviewPolicySchema,
  state: z.enum(['not_started', 'in_progress', 'submitted', 'scheduled', 'closed']),
  in_progress_attempt_id: z.string().nullable(),
  /** Seconds left on the in-progress attempt, if it is timed. */
  seconds_left: z.number().nullable(),
  best_percent: z.number().nullable(),
  last_attempt_id: z.string().nullable(),
  /** The latest submitted attempt's percent and pass (pass: null for a diagnostic), so lists need no result calls. */
  last_percent: z.number().nullable(),
  last_passed: z.boolean().nullable(),
  last_submitted_at: z.string().nullable(),
  can_start: z.boolean(),
});
export type MyAssessment = z.infer<typeof myAssessmentSchema>;
export const myAssessmentsQuerySchema = z.strictObject({ kind: assessmentKindSchema });
export const myAssessmentsResponseSchema = z.object({ data: z.array(myAssessmentSchema) });

/** A student's attempt as staff see it in the assessment's results. */
export const staffAttemptSchema = z.object({
  id: z.string(),
  student_id: z.number(),
  student_name: z.string(),
  school_name: z.string().nullable(),
  status: z.enum(['in_progress', 'submitted']),
  started_at: z.string(),
  submitted_at: z.string().nullable(),
  /** The last time the server heard from the attempt while it ran. */
  last_seen_at: z.string().nullable(),
  /** When the student's device last delivered answers or a submission, for any attempt; null: never. */
  student_last_synced_at: z.string().nullable(),
  score: z.number().nullable(),
  max_score: z.number().nullable(),
  percent: z.number().nullable(),
  passed: z.boolean().nullable(),
  auto_submitted: z.boolean(),
  /** An answer or the submit arrived after the deadline and counted as given offline. */
  used_offline_grace: z.boolean(),
  late_answers: z.number(),
});
export type StaffAttempt = z.infer<typeof staffAttemptSchema>;
export const staffAttemptsResponseSchema = z.object({ data: z.array(staffAttemptSchema) });

export { ASSESSMENT_PATHS } from '../api-paths.ts';

import { z } from 'zod';
import { assessmentKindSchema } from './assessments.ts';
import { questionTypeSchema } from './questions.ts';

const optionId = z.string().regex(/^[A-Za-z0-9_-]{1,24}$/);
const uuid = z.uuid({ message: 'The attempt id must be a UUID.' });
/** How many answers wait to sync on a device (an outbox holds one per question at most). */
const outboxSize = z.number().int().min(0).max(10_000);

/** A question as a student sees it while taking: no answer key, no explanation. */
export const studentQuestionSchema = z.object({
  id: z.number(),
  type: questionTypeSchema,
  stem: z.string(),
  image_url: z.string().nullable(),
  micro_topic_id: z.number(),
  /** single/multiple choice and ordering: the options (ordering: shuffled). */
  options: z.array(z.object({ id: z.string(), text: z.string() })),
  /** matching: left items and the shuffled right items. */
  left: z.array(z.object({ id: z.string(), text: z.string() })),
  right: z.array(z.object({ id: z.string(), text: z.string() })),
});
export type StudentQuestion = z.infer<typeof studentQuestionSchema>;

/** What a student answers, per question type. */
export const answerValueSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('single_choice'), choice: optionId }),
  z.strictObject({ type: z.literal('multiple_choice'), choices: z.array(optionId).min(1).max(8) }),
  z.strictObject({ type: z.literal('true_false'), value: z.boolean() }),
  z.strictObject({ type: z.literal('short_answer'), text: z.string().trim().min(1).max(500) }),
  z.strictObject({ type: z.literal('matching'), pairs: z.record(optionId, optionId) }),
  z.strictObject({ type: z.literal('ordering'), order: z.array(optionId).min(2).max(8) }),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
/** "I don't know" (diagnostic only): graded as not mastered, without the chance of a lucky guess. */
export const dontKnowSchema = z.strictObject({ type: z.literal('dont_know') });
export type DontKnow = z.infer<typeof dontKnowSchema>;
export const DONT_KNOW: DontKnow = { type: 'dont_know' };
/** What a student gives for a question: an answer, or (in a diagnostic) "I don't know". */
export const givenAnswerSchema = z.union([answerValueSchema, dontKnowSchema]);
export type GivenAnswer = z.infer<typeof givenAnswerSchema>;
export const isDontKnow = (a: GivenAnswer | null | undefined): a is DontKnow => a?.type === 'dont_know';
/** The answer for an answer control: none after "I don't know". */
export const answerValueOf = (a: GivenAnswer | null | undefined): AnswerValue | null =>
  a && !isDontKnow(a) ? a : null;

export const savedAnswerSchema = z.object({
  question_id: z.number(),
  answer: givenAnswerSchema.nullable(),
  flagged: z.boolean(),
  answered_at: z.string().nullable(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/** Immediate feedback (Test Yourself only). */
export const feedbackSchema = z.object({
  correct: z.boolean(),
  explanation: z.string(),
  correct_answer: z.string(),
  /**
   * The right answer of a choice question (single, multiple, true/false), so the options can be marked
   * right and wrong; null for the other types, whose `correct_answer` says it. Absent in copies kept on a
   * device before it existed.
   */
  correct_value: answerValueSchema.nullable().optional(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/**
 * The adaptive diagnostic's next step. `next_question_id` is a hint: offline the client goes on down
 * `upcoming` (the unanswered questions, most useful first) and the server replays the answers when they come.
 */
export const adaptiveStepSchema = z.object({
  next_question_id: z.number().nullable(),
  upcoming: z.array(z.number()),
  /** The stop rule says the result is sure enough (or the cap is reached): time to submit. */
  done: z.boolean(),
  /** At most this many questions are asked. */
  cap: z.number(),
});
export type AdaptiveStep = z.infer<typeof adaptiveStepSchema>;

export const attemptSchema = z.object({
  id: z.string(),
  kind: z.union([assessmentKindSchema, z.literal('practice')]),
  assessment_id: z.number().nullable(),
  title: z.string(),
  status: z.enum(['in_progress', 'submitted']),
  started_at: z.string(),
  deadline_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  server_now: z.string(),
  position: z.number(),
  questions: z.array(studentQuestionSchema),
  answers: z.array(savedAnswerSchema),
  /** Test Yourself: feedback for the answers given so far, keyed by question id. */
  feedback: z.record(z.string(), feedbackSchema),
  /** Decided by the server's question selector; null when every question is out. */
  next_question_id: z.number().nullable(),
  /** The adaptive diagnostic only: where it stands after the answers the server has. */
  adaptive: adaptiveStepSchema.optional(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const startAttemptBodySchema = z.strictObject({
  id: uuid,
  assessment_id: z.number().int().positive().max(2_147_483_647),
});
export const startPracticeBodySchema = z.strictObject({
  id: uuid,
  micro_topic_ids: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, 'Choose at least one topic.')
    .max(100),
  count: z.number().int().min(1).max(50),
});
export type StartPracticeBody = z.input<typeof startPracticeBodySchema>;
export const attemptParamsSchema = z.object({ id: uuid });
export const answerParamsSchema = z.object({
  id: uuid,
  questionId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const saveAnswerBodySchema = z.strictObject({
  answer: givenAnswerSchema.nullable(),
  flagged: z.boolean().default(false),
  /** When the student answered, by the device's clock; judged against the deadline within the offline grace. */
  answered_at: z.iso.datetime({ offset: true }),
  position: z.number().int().min(0).max(500).optional(),
  /** Answers waiting to sync on the device as it sends this one (the live view shows it to staff). */
  outbox: outboxSize.optional(),
});
export type SaveAnswerBody = z.input<typeof saveAnswerBodySchema>;
export const saveAnswerResponseSchema = z.object({
  /** false when the server already had a newer write for this question (an older replay changes nothing). */
  saved: z.boolean(),
  superseded: z.boolean(),
  feedback: feedbackSchema.nullable(),
  /** The adaptive diagnostic only: the next step after this answer. */
  adaptive: adaptiveStepSchema.optional(),
  /**
   * The attempt's deadline and the end of its offline grace as the server has them now (null: untimed). Extra
   * time given while the attempt runs moves them: the client's countdown adopts them (adoptDeadline).
   */
  deadline_at: z.string().nullable(),
  grace_until: z.string().nullable(),
});
/**
 * A timed attempt's device says it is still there, and how many answers wait to sync on it. The answer is the
 * attempt's clock as the server has it now (an override given mid-attempt moves it).
 */
export const heartbeatBodySchema = z.strictObject({ outbox: outboxSize });
export type HeartbeatBody = z.infer<typeof heartbeatBodySchema>;
export const heartbeatResponseSchema = z.object({
  deadline_at: z.string().nullable(),
  grace_until: z.string().nullable(),
  server_time: z.string(),
});
export type HeartbeatResponse = z.infer<typeof heartbeatResponseSchema>;

/** Where the student is in the attempt, so another device resumes at the same question. */
export const positionBodySchema = z.strictObject({ position: z.number().int().min(0).max(500) });
export const submitBodySchema = z.strictObject({ submitted_at: z.iso.datetime({ offset: true }).optional() });

export const microTopicResultSchema = z.object({
  micro_topic_id: z.number(),
  micro_topic_name: z.string(),
  subject_name: z.string(),
  correct: z.number(),
  total: z.number(),
});
export const resultSchema = z.object({
  attempt_id: z.string(),
  kind: z.union([assessmentKindSchema, z.literal('practice')]),
  /** null for Test Yourself; the result screen offers a retry of this assessment. */
  assessment_id: z.number().nullable(),
  title: z.string(),
  score: z.number(),
  max_score: z.number(),
  percent: z.number(),
  pass_mark: z.number().nullable(),
  passed: z.boolean().nullable(),
  started_at: z.string(),
  submitted_at: z.string(),
  time_taken_seconds: z.number(),
  auto_submitted: z.boolean(),
  /** An answer or the submit arrived after the deadline and was accepted as given offline. */
  used_offline_grace: z.boolean(),
  late_answers: z.number(),
  review_available: z.boolean(),
  /** correct is null until the review policy releases the answers. */
  per_micro_topic: z.array(microTopicResultSchema.extend({ correct: z.number().nullable() })),
});
export type AttemptResult = z.infer<typeof resultSchema>;

export const analysisItemSchema = z.object({
  question: studentQuestionSchema,
  answer: answerValueSchema.nullable(),
  answer_text: z.string(),
  /** Right or wrong: null until the review policy allows (a flag is a key for true/false). */
  correct: z.boolean().nullable(),
  /** Present only when the review policy allows. */
  correct_answer: z.string().nullable(),
  explanation: z.string().nullable(),
  /** Released by this assessment, but still held back by another open or upcoming one. */
  held_back: z.boolean(),
  /** Share of submitted attempts at this assessment that got this question right, 0–100. */
  class_percent: z.number().nullable(),
});
export const analysisSchema = z.object({
  attempt_id: z.string(),
  title: z.string(),
  review_available: z.boolean(),
  review_message: z.string().nullable(),
  items: z.array(analysisItemSchema),
});
export type Analysis = z.infer<typeof analysisSchema>;

export const diagnosticResultsSchema = z.object({
  attempt_id: z.string().nullable(),
  submitted_at: z.string().nullable(),
  percent: z.number().nullable(),
  /** The adaptive engine's expected share of micro topics it classified right (0–1); null before any. */
  confidence: z.number().nullable().optional(),
  subjects: z.array(
    z.object({
      subject_id: z.number(),
      subject_name: z.string(),
      /** null until the review policy releases the answers, or while a tally would tell a held-back key. */
      correct: z.number().nullable(),
      total: z.number(),
      micro_topics: z.array(
        microTopicResultSchema.extend({
          correct: z.number().nullable(),
          /** The adaptive engine's verdict and P(mastered), prerequisites taken into account. */
          level: z.enum(['mastered', 'not_mastered', 'not_sure']).optional(),
          probability: z.number().optional(),
          /**
           * Where the topic stands now, by the learning pathway's rule (known: mastered; ready: every
           * prerequisite mastered; not yet: waits for `waits_for`). The pathway and dashboard read the same.
           */
          readiness: z.enum(['known', 'ready', 'not_yet']).optional(),
          waits_for: z.array(z.string()).optional(),
        }),
      ),
    }),
  ),
  /** How many topics the student is ready to learn: the pathway's count (every topic, not only these). */
  ready_count: z.number().optional(),
});
export type DiagnosticResults = z.infer<typeof diagnosticResultsSchema>;

export { ATTEMPT_PATHS } from '../api-paths.ts';

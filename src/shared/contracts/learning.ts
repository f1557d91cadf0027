import { z } from 'zod';
import { idTextSchema } from './common.ts';

const masteryLevelSchema = z.enum(['mastered', 'not_sure', 'not_mastered', 'unknown']);

export const topicMasterySchema = z.object({
  micro_topic_id: z.number(),
  /** P(mastered) as of now, decay included: 0..1. */
  mastery: z.number(),
  level: masteryLevelSchema,
  /** Mastered once, faded since. */
  due_for_recheck: z.boolean(),
  evidence: z.number(),
  updated_at: z.string(),
});
export type TopicMastery = z.infer<typeof topicMasterySchema>;

/** PUT /user/{id}/calculate-proficiency: the estimates as recomputed from every answer the student may see marked. */
export const proficiencySchema = z.object({ data: z.array(topicMasterySchema) });
export type Proficiency = z.infer<typeof proficiencySchema>;

export const subjectProgressSchema = z.object({
  /** 0: every subject together. */
  subject_id: z.number(),
  topics_mastered: z.number(),
  topics_total: z.number(),
  assessments_done: z.number(),
  seconds_spent: z.number(),
});
export type SubjectProgress = z.infer<typeof subjectProgressSchema>;
export const userProgressSchema = z.object({ data: z.array(subjectProgressSchema) });

export const dailyPerformanceSchema = z.object({
  data: z.object({
    day: z.string(),
    questions_answered: z.number(),
    questions_marked: z.number(),
    correct: z.number(),
    /** correct ÷ questions_marked; null when nothing is marked yet. */
    accuracy: z.number().nullable(),
    minutes_active: z.number(),
  }),
});
export type DailyPerformance = z.infer<typeof dailyPerformanceSchema>;

/** A real calendar day written YYYY-MM-DD. */
export const dayTextSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be written YYYY-MM-DD.')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'The date is not a real day.');

export const dailyParamsSchema = z.object({ date: dayTextSchema, id: idTextSchema });

const masteryNodeFields = {
  id: z.number(),
  name: z.string(),
  /** The mean estimate over its micro topics (a topic without evidence counts at the prior). */
  mastery: z.number(),
  mastered: z.number(),
  total: z.number(),
};

export const profileMicroTopicSchema = z.object({
  id: z.number(),
  name: z.string(),
  mastery: z.number(),
  level: masteryLevelSchema,
  due_for_recheck: z.boolean(),
  evidence: z.number(),
});
export type ProfileMicroTopic = z.infer<typeof profileMicroTopicSchema>;
export const profileSubTopicSchema = z.object({
  ...masteryNodeFields,
  micro_topics: z.array(profileMicroTopicSchema),
});
export const profileSubjectSchema = z.object({
  ...masteryNodeFields,
  sub_topics: z.array(profileSubTopicSchema),
});
export type ProfileSubject = z.infer<typeof profileSubjectSchema>;

/** GET /my/learning-profile and, for staff, /admin/users/{id}/learning-profile. */
export const learningProfileSchema = z.object({
  student: z.object({ id: z.number(), full_name: z.string(), taken_diagnostics: z.boolean() }),
  as_of: z.string(),
  overall: z.object({ mastery: z.number(), mastered: z.number(), total: z.number() }),
  subjects: z.array(profileSubjectSchema),
  /** Topics mastered at the end of each day the estimates moved, oldest first. */
  history: z.array(z.object({ day: z.string(), mastered: z.number() })),
  last_attempts: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      kind: z.string(),
      submitted_at: z.string(),
      percent: z.number().nullable(),
    }),
  ),
});
export type LearningProfile = z.infer<typeof learningProfileSchema>;

export const pathwayStepSchema = z.object({
  micro_topic_id: z.number(),
  name: z.string(),
  sub_topic_name: z.string(),
  subject_name: z.string(),
  mastery: z.number(),
  level: masteryLevelSchema,
  /** A quiz on this topic the student can start now, if there is one. */
  quiz: z.object({ id: z.number(), title: z.string() }).nullable(),
  /** What to study first. Lectures and videos join here once they exist (content issue). */
  materials: z.array(
    z.object({ kind: z.enum(['lecture', 'video', 'resource']), id: z.number(), title: z.string() }),
  ),
});
export type PathwayStep = z.infer<typeof pathwayStepSchema>;

/** GET /my/learning-pathway: what the student is ready to learn next, in graph order, and what is due again. */
export const learningPathwaySchema = z.object({
  taken_diagnostics: z.boolean(),
  all_mastered: z.boolean(),
  ready: z.array(pathwayStepSchema),
  rechecks: z.array(pathwayStepSchema),
});
export type LearningPathway = z.infer<typeof learningPathwaySchema>;

export const dailyEntrySchema = z.object({
  day: z.string(),
  questions_answered: z.number(),
  questions_marked: z.number(),
  correct: z.number(),
  minutes_active: z.number(),
});
export type DailyEntry = z.infer<typeof dailyEntrySchema>;

/** GET /my/learning-summary: the dashboard's card — where I stand, what is next, and my recent days. */
export const learningSummarySchema = z.object({
  mastered: z.number(),
  total: z.number(),
  /** The first few steps of the pathway. */
  next: z.array(pathwayStepSchema),
  ready_count: z.number(),
  rechecks_due: z.number(),
  /** The last DAILY_DAYS days (UTC) with answers, oldest first; days without answers are left out. */
  daily: z.array(dailyEntrySchema),
});
export type LearningSummary = z.infer<typeof learningSummarySchema>;

/** How many days the dashboard's chart covers. */
// In constants.ts so the dashboard's chart has it without loading zod.
export { DAILY_DAYS } from '../constants.ts';

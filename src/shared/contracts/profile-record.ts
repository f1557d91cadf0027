import { z } from 'zod';
import { listMetaSchema } from './common.ts';

export const RECORD_KINDS = ['quiz', 'exam', 'diagnostic', 'practice'] as const;
export const recordKindSchema = z.enum(RECORD_KINDS);
export type RecordKind = z.infer<typeof recordKindSchema>;

/**
 * One attempt as the student's record shows it. The score is always the student's to see; nothing else of
 * the result (answers, right/wrong, per-topic tallies, pass or fail) is here, so no review policy is bypassed.
 */
export const recordAttemptSchema = z.object({
  id: z.string(),
  kind: recordKindSchema,
  /** The assessment, to continue an attempt in progress; null for Test Yourself. */
  assessment_id: z.number().nullable(),
  title: z.string(),
  status: z.enum(['in_progress', 'submitted']),
  started_at: z.string(),
  submitted_at: z.string().nullable(),
  /** Null while in progress. */
  score: z.number().nullable(),
  max_score: z.number().nullable(),
  percent: z.number().nullable(),
  /** An answer or the submit arrived after the deadline and counted as given offline. */
  used_offline_grace: z.boolean(),
});
export type RecordAttempt = z.infer<typeof recordAttemptSchema>;

export const recordStudentSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  school_name: z.string().nullable(),
  location_name: z.string().nullable(),
  member_since: z.string(),
  taken_diagnostic: z.boolean(),
});
export type RecordStudent = z.infer<typeof recordStudentSchema>;

export const recordQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(100),
});
export type RecordQuery = z.output<typeof recordQuerySchema>;

export const profileRecordSchema = z.object({
  student: recordStudentSchema,
  /** Newest first. */
  data: z.array(recordAttemptSchema),
  meta: listMetaSchema,
  /** Attempts of each kind over the whole record (not only this page). */
  totals: z.object({
    quiz: z.number(),
    exam: z.number(),
    diagnostic: z.number(),
    practice: z.number(),
  }),
});
export type ProfileRecord = z.infer<typeof profileRecordSchema>;

export { PROFILE_RECORD_PATHS } from '../api-paths.ts';

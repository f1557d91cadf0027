import { z } from 'zod';
import { idTextSchema } from './common.ts';

/**
 * Accommodations and overrides (issue 27): one assessment's own rules for one student or one school, set by
 * staff who may manage the assessment (a teacher only for their own schools' students).
 *
 * How the time is worked out: the assessment's limit × the multiplier, rounded up to whole minutes, plus the
 * extra minutes. The multiplier is the override's if it sets one, else the student's standing multiplier
 * (their record), else 1: an override's multiplier replaces the standing one, extra minutes add to either.
 * The deadline is that time from the start, capped by the close date (the override's, if it sets one).
 * A student's own override wins over their school's, field by field (a field the student's leaves empty
 * falls back to the school's).
 */
export const TIME_MULTIPLIER_MIN = 1;
export const TIME_MULTIPLIER_MAX = 4;

const isoDate = z.iso.datetime({ offset: true, message: 'Give a date and time.' });
export const timeMultiplierSchema = z
  .number({ message: 'Give a number.' })
  .min(
    TIME_MULTIPLIER_MIN,
    `The time multiplier must be between ${TIME_MULTIPLIER_MIN} and ${TIME_MULTIPLIER_MAX}.`,
  )
  .max(
    TIME_MULTIPLIER_MAX,
    `The time multiplier must be between ${TIME_MULTIPLIER_MIN} and ${TIME_MULTIPLIER_MAX}.`,
  );

/** PUT replaces the override whole: a field left out (or null) keeps the assessment's rule. */
export const overrideBodySchema = z
  .strictObject({
    extra_minutes: z
      .number({ message: 'Give a whole number of minutes.' })
      .int('Give a whole number of minutes.')
      .min(1, 'Extra time must be between 1 and 1440 minutes.')
      .max(1440, 'Extra time must be between 1 and 1440 minutes.')
      .nullable()
      .optional(),
    time_multiplier: timeMultiplierSchema.nullable().optional(),
    closes_at: isoDate.nullable().optional(),
    attempts_allowed: z
      .number({ message: 'Give a whole number of attempts.' })
      .int('Give a whole number of attempts.')
      .min(1, 'Attempts must be between 1 and 100.')
      .max(100, 'Attempts must be between 1 and 100.')
      .nullable()
      .optional(),
  })
  .superRefine((body, ctx) => {
    const set = [body.extra_minutes, body.time_multiplier, body.closes_at, body.attempts_allowed];
    if (set.every((v) => v === undefined || v === null))
      ctx.addIssue({
        code: 'custom',
        path: ['extra_minutes'],
        message: 'Give extra time, a time multiplier, a close date or a number of attempts.',
      });
  });
export type OverrideBody = z.input<typeof overrideBodySchema>;
export type OverrideInput = z.output<typeof overrideBodySchema>;

export const overrideSchema = z.object({
  id: z.number(),
  assessment_id: z.number(),
  /** A student's override; null for a school's. */
  user_id: z.number().nullable(),
  student_name: z.string().nullable(),
  /** A school's override; null for a student's. */
  school_id: z.number().nullable(),
  /** The student's school, or the school of a school override. */
  school_name: z.string().nullable(),
  extra_minutes: z.number().nullable(),
  time_multiplier: z.number().nullable(),
  closes_at: z.string().nullable(),
  attempts_allowed: z.number().nullable(),
  /** The student's standing multiplier (their record), which applies when the override sets none. */
  standing_multiplier: z.number().nullable(),
  updated_at: z.string(),
});
export type Override = z.infer<typeof overrideSchema>;
export const overrideResponseSchema = z.object({ override: overrideSchema });
export const overridesResponseSchema = z.object({ data: z.array(overrideSchema) });

export const overrideParamsSchema = z.object({ id: idTextSchema, userId: idTextSchema });
export const schoolOverrideParamsSchema = z.object({ id: idTextSchema, schoolId: idTextSchema });

export { OVERRIDE_PATHS } from '../api-paths.ts';

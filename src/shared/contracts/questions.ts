import { z } from 'zod';
import { csvImportBodySchema, csvImportResponseSchema, listOf, listQuerySchema } from './common.ts';
import { visibleText } from './visible-text.ts';

export const QUESTION_TYPES = [
  'single_choice',
  'multiple_choice',
  'true_false',
  'short_answer',
  'matching',
  'ordering',
] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof questionTypeSchema>;
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  true_false: 'True / false',
  short_answer: 'Short answer',
  matching: 'Matching',
  ordering: 'Ordering',
};
export const DIFFICULTY_LABELS: Record<number, string> = { 1: 'Easy', 2: 'Medium', 3: 'Hard' };

// No message of its own: the server names the field ("The option 2 field is required.").
const text = visibleText().max(500);
const optionId = z.string().regex(/^[A-Za-z0-9_-]{1,24}$/, 'The option id is invalid.');
/** The options of a single or multiple choice question. */
const choiceOptions = z
  .array(z.strictObject({ id: optionId, text }))
  .min(2)
  .max(8);

/**
 * What makes a question gradable, per type. Option ids are opaque random strings, so neither the ids nor their
 * order tell a student anything. Only admins ever see this shape.
 */
export const questionContentSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('single_choice'),
    options: choiceOptions,
    correct: z.array(optionId).length(1, 'Choose exactly one correct option.'),
  }),
  z.strictObject({
    type: z.literal('multiple_choice'),
    options: choiceOptions,
    correct: z.array(optionId).min(1, 'Choose at least one correct option.'),
  }),
  z.strictObject({ type: z.literal('true_false'), correct: z.boolean() }),
  z.strictObject({
    type: z.literal('short_answer'),
    accepted: z.array(visibleText().max(200)).min(1, 'Give at least one accepted answer.').max(10),
  }),
  z.strictObject({
    type: z.literal('matching'),
    pairs: z
      .array(z.strictObject({ left_id: optionId, left: text, right_id: optionId, right: text }))
      .min(2)
      .max(8),
  }),
  z.strictObject({
    type: z.literal('ordering'),
    /** In the correct order. */
    items: z
      .array(z.strictObject({ id: optionId, text }))
      .min(2)
      .max(8),
  }),
]);
export type QuestionContent = z.infer<typeof questionContentSchema>;

/**
 * How the diagnostic and the mastery model read a question's answers (issue 25): learned from the stored
 * answers by the last refit, or its type's defaults (`fitted_at` null, `answers` 0). Staff only: no student
 * payload carries it.
 */
export const itemParametersSchema = z.object({
  /** A student who knows the topic answers wrong anyway. */
  slip: z.number(),
  /** A student who does not know it answers right anyway. */
  guess: z.number(),
  /** The chance of "I don't know" from a student who knows the topic, and from one who does not. */
  dont_know_known: z.number(),
  dont_know_unknown: z.number(),
  /** The answers the fit rests on. */
  answers: z.number(),
  fitted_at: z.string().nullable(),
});
export type ItemParameters = z.infer<typeof itemParametersSchema>;

export const questionSchema = z.object({
  id: z.number(),
  micro_topic_id: z.number(),
  micro_topic_name: z.string(),
  sub_topic_name: z.string(),
  subject_id: z.number(),
  subject_name: z.string(),
  type: questionTypeSchema,
  difficulty: z.number(),
  stem: z.string(),
  explanation: z.string(),
  image_url: z.string().nullable(),
  content: questionContentSchema,
  used_in: z.number(),
  /** A Test Yourself question: never drawn into an assessment, so practice may show its key. */
  practice_only: z.boolean(),
  updated_at: z.string(),
  parameters: itemParametersSchema,
});
export type Question = z.infer<typeof questionSchema>;

export const questionBodySchema = z.strictObject({
  micro_topic_id: z.number().int().positive().max(2_147_483_647),
  difficulty: z.number().int().min(1).max(3),
  /** Rich text in the allow-list of src/shared/rich-text.ts (bare tags, our own file images, http(s) links). */
  stem: visibleText('The question text is required.').max(5000),
  explanation: z.string().trim().max(5000).default(''),
  image_url: z
    .string()
    // A stored file (`/api/files/ID`, uploaded through POST /api/admin/files?kind=image), or the public
    // `/api/uploads/HASH.ext` of questions written before the file store.
    .regex(
      /^(\/api\/files\/[1-9]\d{0,9}|\/api\/uploads\/[a-f0-9]{64}\.(png|jpe?g|gif|webp))$/,
      'Upload the image first.',
    )
    .nullable()
    .default(null),
  content: questionContentSchema,
  practice_only: z.boolean().default(false),
});
export type QuestionBody = z.input<typeof questionBodySchema>;

export const questionsQuerySchema = listQuerySchema.extend({
  subject_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  sub_topic_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  micro_topic_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  type: questionTypeSchema.optional(),
  difficulty: z.coerce.number().int().min(1).max(3).optional(),
});
export type QuestionsQuery = z.output<typeof questionsQuerySchema>;
export const questionsResponseSchema = listOf(questionSchema);
export const questionResponseSchema = z.object({ question: questionSchema });

/** The files the bank imports and exports: our CSV, Moodle XML and GIFT. */
export const IMPORT_FORMATS = ['csv', 'moodle_xml', 'gift'] as const;
export const importFormatSchema = z.enum(IMPORT_FORMATS, 'The format must be csv, moodle_xml or gift.');
export type ImportFormat = z.infer<typeof importFormatSchema>;
export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  csv: 'CSV',
  moodle_xml: 'Moodle XML',
  gift: 'GIFT',
};
/** The largest file the import reads (Moodle XML carries its images as base64). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** The fields beside the file of a multipart import (`file`, or `csv` as before). */
export const importFormSchema = z.strictObject({
  format: importFormatSchema,
  /** The micro topic of the questions whose file names none (or one that does not exist). */
  micro_topic_id: z
    .union([z.literal(''), z.coerce.number().int().positive().max(2_147_483_647)])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  /** `true` writes; anything else previews and writes nothing. */
  confirm: z.enum(['true', 'false'], 'confirm must be true or false.').optional(),
});
export type ImportForm = z.output<typeof importFormSchema>;

/** A question of an imported file, as it is (or will be) stored. */
export const importedQuestionSchema = z.object({
  /** Its place in the file (1 = the first question; for CSV the row number). */
  row: z.number(),
  title: z.string(),
  type: questionTypeSchema,
  micro_topic_id: z.number(),
  micro_topic_name: z.string(),
  difficulty: z.number(),
  practice_only: z.boolean(),
  /** Rich text; an embedded image shows as `[image: name]` until stored. */
  stem: z.string(),
  explanation: z.string(),
  content: questionContentSchema,
  images: z.array(z.object({ name: z.string(), mime: z.string(), size: z.number(), hash: z.string() })),
  /** What changed on the way in (part marks dropped, case-sensitivity not kept…). */
  notes: z.array(z.string()),
  /** The same question is in the bank already (or earlier in the file): it is not imported again. */
  already_in_bank: z.boolean(),
  /** The stored question's id, once imported. */
  id: z.number().nullable(),
});
export type ImportedQuestion = z.infer<typeof importedQuestionSchema>;

export const importResponseSchema = csvImportResponseSchema.extend({
  rejected: z.array(z.object({ row: z.number(), title: z.string().optional(), errors: z.array(z.string()) })),
  /** Multipart imports: whether this was the confirmed import (true) or its preview (false). */
  confirmed: z.boolean().optional(),
  format: importFormatSchema.optional(),
  questions: z.array(importedQuestionSchema).optional(),
  already_in_bank: z.number().optional(),
});
export type ImportResult = z.infer<typeof importResponseSchema>;
export const importBodySchema = csvImportBodySchema;

export const exportQuerySchema = questionsQuerySchema.extend({ format: importFormatSchema.default('csv') });
/** The response header naming the questions an export left out (GIFT has no ordering questions). */
export const EXPORT_SKIPPED_HEADER = 'x-skipped-questions';

/** CSV columns of import and export, in order. The last may be left out (files made before it existed). */
export const CSV_COLUMNS = [
  'micro_topic',
  'type',
  'difficulty',
  'stem',
  'explanation',
  'options',
  'correct',
  'practice_only',
] as const;
export const CSV_REQUIRED_COLUMNS = 7;

export { QUESTION_PATHS } from '../api-paths.ts';

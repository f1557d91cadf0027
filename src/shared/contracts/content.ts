import { z } from 'zod';
import { idSchema, idTextSchema, listOf, listQuerySchema } from './common.ts';
import { visibleText } from './visible-text.ts';

/** Lectures, videos and live discussions share one table and one pair of back-office screens (spec 2.3). */
export const CONTENT_KINDS = ['lecture', 'video', 'live-discussion'] as const;
export const contentKindSchema = z.enum(CONTENT_KINDS, {
  message: 'The kind must be lecture, video or live-discussion.',
});
export type ContentKind = z.infer<typeof contentKindSchema>;

export const CONTENT_LIMITS = { title: 200, summary: 500, body: 100_000, url: 500, ids: 200 } as const;
/** A video counts as watched once this share of it was really played. */
export const WATCHED_FRACTION = 0.9;

const isoDate = z.iso.datetime({ offset: true, message: 'Give a date and time.' });
const ids = (what: string) =>
  z.array(idSchema).max(CONTENT_LIMITS.ids, `Choose at most ${CONTENT_LIMITS.ids} ${what}.`).default([]);
const url = z
  .string()
  .trim()
  .max(CONTENT_LIMITS.url, `Keep the link under ${CONTENT_LIMITS.url} characters.`);

/**
 * One body for every kind; the kind (from the path) decides which fields matter, and the service checks the
 * rules between them (a video's one source, a session's start before its end). Title and summary are plain
 * text, kept as typed and shown as text; body_html is rich text, kept as sanitizeRichText returns it.
 */
export const contentBodySchema = z.strictObject({
  title: visibleText('Give it a title.').max(
    CONTENT_LIMITS.title,
    `Keep the title under ${CONTENT_LIMITS.title} characters.`,
  ),
  summary: z
    .string()
    .trim()
    .max(CONTENT_LIMITS.summary, `Keep the summary under ${CONTENT_LIMITS.summary} characters.`)
    .default(''),
  body_html: z
    .string()
    .max(CONTENT_LIMITS.body, `Keep the text under ${CONTENT_LIMITS.body} characters.`)
    .default(''),
  published: z.boolean(),
  /** None: for every school (admins only; a teacher names their own schools). */
  school_ids: ids('schools'),
  micro_topic_ids: ids('micro topics'),
  attachment_file_ids: ids('attachments'),
  video_file_id: idSchema.nullable().default(null),
  external_url: url.nullable().default(null),
  poster_file_id: idSchema.nullable().default(null),
  /** The browser's reading of an uploaded video's length: used when the server cannot read it from the file. */
  duration_seconds: z.number().positive().max(86_400).nullable().default(null),
  starts_at: isoDate.nullable().default(null),
  ends_at: isoDate.nullable().default(null),
  meeting_url: url.nullable().default(null),
});
export type ContentBody = z.input<typeof contentBodySchema>;
export type ContentInput = z.output<typeof contentBodySchema>;

export const contentTopicSchema = z.object({
  id: z.number(),
  name: z.string(),
  sub_topic_id: z.number(),
  sub_topic_name: z.string(),
  subject_id: z.number(),
  subject_name: z.string(),
});
export type ContentTopic = z.infer<typeof contentTopicSchema>;

export const contentFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  /** A signed address a <video>, <img> or link can open without the bearer token. */
  url: z.string(),
});
export type ContentFile = z.infer<typeof contentFileSchema>;

/** An item as the back office sees it. */
export const contentItemSchema = z.object({
  id: z.number(),
  kind: contentKindSchema,
  title: z.string(),
  summary: z.string(),
  body_html: z.string(),
  published: z.boolean(),
  school_ids: z.array(z.number()),
  school_names: z.array(z.string()),
  topics: z.array(contentTopicSchema),
  attachments: z.array(contentFileSchema),
  video: contentFileSchema.nullable(),
  external_url: z.string().nullable(),
  poster: contentFileSchema.nullable(),
  duration_seconds: z.number().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  meeting_url: z.string().nullable(),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller may change or delete it (a teacher: aimed only at their schools, or their own). */
  can_edit: z.boolean(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;
export const contentItemResponseSchema = z.object({ item: contentItemSchema });
export const contentListResponseSchema = listOf(contentItemSchema);
export const contentListQuerySchema = listQuerySchema;
export const contentKindParamsSchema = z.object({ kind: contentKindSchema });
export const contentItemParamsSchema = z.object({ kind: contentKindSchema, id: idTextSchema });

/** Students browse by subject, sub topic or micro topic. */
export const topicFilterQuerySchema = z.strictObject({
  subject_id: idTextSchema.optional(),
  sub_topic_id: idTextSchema.optional(),
  micro_topic_id: idTextSchema.optional(),
});
export type TopicFilterQuery = z.output<typeof topicFilterQuerySchema>;

export const lectureSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  topics: z.array(contentTopicSchema),
  attachment_count: z.number(),
  read_at: z.string().nullable(),
  updated_at: z.string(),
});
export type LectureSummary = z.infer<typeof lectureSummarySchema>;
export const lecturesResponseSchema = z.object({ data: z.array(lectureSummarySchema) });
const lectureLinkSchema = z.object({ id: z.number(), title: z.string() });
export const lectureSchema = lectureSummarySchema.extend({
  body_html: z.string(),
  attachments: z.array(contentFileSchema),
  /** Where reading goes on: the next lecture on the same sub topic, else the next in teaching order. */
  next_lecture: lectureLinkSchema.nullable(),
  /** A quiz on this lecture's topics the student can start (students only; null for staff). */
  quiz: lectureLinkSchema.nullable(),
});
export type Lecture = z.infer<typeof lectureSchema>;
export const lectureResponseSchema = z.object({ lecture: lectureSchema });
export const readResponseSchema = z.object({ read_at: z.string() });

export const videoProgressSchema = z.object({
  position_seconds: z.number(),
  /** Merged, sorted [start, end] seconds really played. */
  watched: z.array(z.tuple([z.number(), z.number()])),
  watched_seconds: z.number(),
  /** watched_seconds ÷ duration, 0..1; 0 while the duration is unknown. */
  fraction: z.number(),
  completed_at: z.string().nullable(),
});
export type VideoProgress = z.infer<typeof videoProgressSchema>;

export const videoSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  topics: z.array(contentTopicSchema),
  duration_seconds: z.number().nullable(),
  poster_url: z.string().nullable(),
  /** An outside link (YouTube, Vimeo, …): played there, so its progress is not tracked. */
  external: z.boolean(),
  progress: videoProgressSchema,
  updated_at: z.string(),
});
export type VideoSummary = z.infer<typeof videoSummarySchema>;
export const videosResponseSchema = z.object({ data: z.array(videoSummarySchema) });
export const videoSchema = videoSummarySchema.extend({
  body_html: z.string(),
  /** The uploaded file, signed for the <video> element; null for an outside link. */
  src: z.string().nullable(),
  mime: z.string().nullable(),
  external_url: z.string().nullable(),
  /** The official player address for a YouTube or Vimeo link; null for other links. */
  embed_url: z.string().nullable(),
});
export type Video = z.infer<typeof videoSchema>;
export const videoResponseSchema = z.object({ video: videoSchema });

/** A player's report: replayed or sent twice, it changes nothing, since the server merges intervals. */
export const videoProgressBodySchema = z.strictObject({
  position_seconds: z.number().min(0).max(86_400),
  watched: z
    .array(z.tuple([z.number().min(0).max(86_400), z.number().min(0).max(86_400)]))
    .max(1000, 'Too many intervals.'),
  duration_seconds: z.number().positive().max(86_400).nullable().optional(),
});
export type VideoProgressBody = z.input<typeof videoProgressBodySchema>;
export const videoProgressResponseSchema = z.object({ progress: videoProgressSchema });

export { CONTENT_PATHS } from '../api-paths.ts';

import { z } from 'zod';
import { visibleText } from './visible-text.ts';

/**
 * Live discussions (issue 8): scheduled sessions (content items of kind 'live-discussion') and the real-time
 * thread of each. The thread is plain text, stored as typed and always shown as text.
 */
export const LIVE_LIMITS = {
  /** Characters in one message. */
  message: 2000,
  /** Questions may come in this long before the start (minutes); the meeting link shows from then too. */
  openBeforeMinutes: 15,
  /** Messages in one answer (the thread's latest, or what came after an id). */
  page: 500,
  /** Past sessions listed, most recent first. */
  past: 30,
} as const;

export const LIVE_STATES = ['upcoming', 'live', 'past'] as const;
export const liveStateSchema = z.enum(LIVE_STATES);
export type LiveState = z.infer<typeof liveStateSchema>;

export const liveSessionSchema = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string(),
  /** Sanitised rich text (the one sanitiser), shown through RichHtml. */
  body_html: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  state: liveStateSchema,
  /** Whether a message may be written now: from a little before the start until the end. */
  open_for_posting: z.boolean(),
  /** Shown from a little before the start until the end (staff: always); null otherwise or when there is none. */
  meeting_url: z.string().nullable(),
  /** The session has a meeting link, shown or not yet. */
  has_meeting_url: z.boolean(),
  published: z.boolean(),
  /** Target schools; empty: every school. */
  school_ids: z.array(z.number()),
  message_count: z.number(),
});
export type LiveSession = z.infer<typeof liveSessionSchema>;

export const liveListResponseSchema = z.object({
  data: z.array(liveSessionSchema),
  /** The server's clock, so a countdown on a phone with a wrong clock still counts right. */
  now: z.string(),
});
export type LiveList = z.infer<typeof liveListResponseSchema>;

export const liveMessageSchema = z.object({
  id: z.number(),
  /** The sender's own id for it: the sender recognises its optimistic copy; a resend is not posted twice. */
  client_id: z.string(),
  /** null when the author's account no longer exists. */
  author_id: z.number().nullable(),
  author_name: z.string().nullable(),
  /** A teacher or admin: shown with a badge. */
  author_is_staff: z.boolean(),
  /** null once a moderator removed it ("Message removed"); the text never leaves the server again. */
  body: z.string().nullable(),
  deleted: z.boolean(),
  created_at: z.string(),
});
export type LiveMessage = z.infer<typeof liveMessageSchema>;

export const liveDetailResponseSchema = z.object({
  session: liveSessionSchema,
  /** The thread's latest messages, oldest first. */
  messages: z.array(liveMessageSchema),
  /** Earlier messages exist than the ones sent. */
  has_earlier: z.boolean(),
  /** The caller may remove messages (an admin, or a teacher of a school the session is for). */
  can_moderate: z.boolean(),
  now: z.string(),
});
export type LiveDetail = z.infer<typeof liveDetailResponseSchema>;

export const liveAfterQuerySchema = z.strictObject({
  after: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});
export const liveMessagesResponseSchema = z.object({ data: z.array(liveMessageSchema) });

/** Plain text, stored as typed; only the ends are trimmed. */
export const liveMessageBodySchema = z.strictObject({
  client_id: z
    .string()
    .trim()
    .min(8, 'The message needs an id of its own.')
    .max(64, 'The message id is too long.')
    .regex(/^[A-Za-z0-9_-]+$/, 'The message id may hold letters, digits, - and _ only.'),
  body: visibleText('Please write a message.').max(
    LIVE_LIMITS.message,
    `Keep the message under ${LIVE_LIMITS.message} characters.`,
  ),
});
export type LiveMessageBody = z.input<typeof liveMessageBodySchema>;
export const liveMessageResponseSchema = z.object({ message: liveMessageSchema });

export const liveMessageParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  messageId: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * The stream's events (server-sent events): `message` (a LiveMessage, with `id:` its id, so Last-Event-ID or
 * ?after= replays what a dropped connection missed) and `deleted` ({id}). Comments are heartbeats.
 */
export const liveDeletedEventSchema = z.object({ id: z.number() });
export type LiveStreamEvent =
  { type: 'message'; message: LiveMessage } | { type: 'deleted'; id: number } | { type: 'end' };

export { LIVE_PATHS } from '../api-paths.ts';

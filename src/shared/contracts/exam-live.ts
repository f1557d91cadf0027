import { z } from 'zod';

/**
 * The live view of an exam in progress (staff): every student who may take the assessment, with their state
 * as the server last heard it. The same rows come over its event stream as they change.
 */
export const examLiveStateSchema = z.enum(['not_started', 'answering', 'submitted', 'auto_submitted']);
export type ExamLiveState = z.infer<typeof examLiveStateSchema>;

/** A student's own terms for this assessment (an override), when they have one. */
export const examLiveOverrideSchema = z.object({
  extra_minutes: z.number().nullable(),
  time_multiplier: z.number().nullable(),
  closes_at: z.string().nullable(),
  attempts_allowed: z.number().nullable(),
});
export type ExamLiveOverride = z.infer<typeof examLiveOverrideSchema>;

export const examLiveRowSchema = z.object({
  user_id: z.number(),
  full_name: z.string(),
  school_id: z.number().nullable(),
  school_name: z.string().nullable(),
  state: examLiveStateSchema,
  /** The attempt shown: the one in progress, else the latest; null before the first. */
  attempt_id: z.string().nullable(),
  /** Questions answered, and how many the attempt has (before it starts: how many the assessment asks). */
  answered: z.number(),
  questions: z.number(),
  started_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  /** The last time the server heard from the attempt: a save, a heartbeat, its start or its submit. */
  last_heard_at: z.string().nullable(),
  /** Answers waiting to sync on the student's device, as it last reported, and when (null: never). */
  outbox_size: z.number().nullable(),
  outbox_reported_at: z.string().nullable(),
  deadline_at: z.string().nullable(),
  grace_until: z.string().nullable(),
  /** Seconds to the deadline by the server's clock when the row was read; null when untimed or not answering. */
  time_left_seconds: z.number().nullable(),
  used_offline_grace: z.boolean(),
  override: examLiveOverrideSchema.nullable(),
});
export type ExamLiveRow = z.infer<typeof examLiveRowSchema>;

export const examLiveSummarySchema = z.object({
  students: z.number(),
  not_started: z.number(),
  answering: z.number(),
  submitted: z.number(),
  auto_submitted: z.number(),
  /** Answering (or auto-submitted) with answers still waiting to sync on the device. */
  waiting_to_sync: z.number(),
  /** Answering, and the server has not heard from them for over a minute. */
  not_heard_from: z.number(),
});
export type ExamLiveSummary = z.infer<typeof examLiveSummarySchema>;

export const examLiveResponseSchema = z.object({
  assessment: z.object({
    id: z.number(),
    title: z.string(),
    kind: z.string(),
    time_limit_minutes: z.number().nullable(),
    closes_at: z.string().nullable(),
  }),
  rows: z.array(examLiveRowSchema),
  summary: examLiveSummarySchema,
  server_time: z.string(),
});
export type ExamLiveResponse = z.infer<typeof examLiveResponseSchema>;

/**
 * The stream's events (server-sent events): `rows` ({ rows, server_time }: the students whose rows changed,
 * gathered over about a second), `end` (the assessment has closed and no attempt is open: nothing more will
 * change) and `reconnect` (the server is stopping: come back). Comments are heartbeats. After (re)connecting
 * the client reads the whole view again: events of the gap are not replayed.
 */
export const examLiveRowsEventSchema = z.object({
  rows: z.array(examLiveRowSchema),
  server_time: z.string(),
});
export type ExamLiveRowsEvent = z.infer<typeof examLiveRowsEventSchema>;

/** Not heard from for longer than this while answering: the student may be offline or stuck. */
export const NOT_HEARD_FROM_MS = 60_000;

export const waitingToSync = (r: ExamLiveRow) =>
  (r.state === 'answering' || r.state === 'auto_submitted') && (r.outbox_size ?? 0) > 0;
export const notHeardFrom = (r: ExamLiveRow, nowMs: number) =>
  r.state === 'answering' &&
  (r.last_heard_at === null || nowMs - Date.parse(r.last_heard_at) > NOT_HEARD_FROM_MS);
/** A row staff should look at first. */
export const needsAttention = (r: ExamLiveRow, nowMs: number) => waitingToSync(r) || notHeardFrom(r, nowMs);

/** The counts on top of the view, from its rows at a moment (server and client count alike). */
export function summarize(rows: ExamLiveRow[], nowMs: number): ExamLiveSummary {
  const s: ExamLiveSummary = {
    students: rows.length,
    not_started: 0,
    answering: 0,
    submitted: 0,
    auto_submitted: 0,
    waiting_to_sync: 0,
    not_heard_from: 0,
  };
  for (const r of rows) {
    s[r.state]++;
    if (waitingToSync(r)) s.waiting_to_sync++;
    if (notHeardFrom(r, nowMs)) s.not_heard_from++;
  }
  return s;
}

export { EXAM_LIVE_PATHS } from '../api-paths.ts';

export interface AttemptsTable {
  id: string;
  user_id: number;
  assessment_id: number | null;
  kind: string;
  title: string;
  status: string;
  /** JSON number[]: the questions of this attempt in the order the student sees them. */
  question_ids: string;
  position: number;
  started_at: string;
  deadline_at: string | null;
  /** Deadline plus the offline grace: after this nothing more is accepted and the attempt is submitted. */
  grace_until: string | null;
  submitted_at: string | null;
  auto_submitted: number;
  score: number | null;
  max_score: number | null;
  percent: number | null;
  passed: number | null;
  /** The last time the server heard from this attempt before its time ran out. */
  last_seen_at: string | null;
  /** 1 when an answer or the submit arrived after the deadline, within the offline grace. */
  used_offline_grace: number;
  /** Answers waiting to sync on the student's device, as it last reported (save or heartbeat); null: never. */
  outbox_size: number | null;
  outbox_reported_at: string | null;
}
/**
 * The option order each question of an attempt is shown in, apart from the attempt's row: kilobytes that the
 * row, rewritten by every answer save, would carry for nothing (migration 0026).
 */
export interface AttemptOptionOrdersTable {
  attempt_id: string;
  /** JSON Record<questionId, optionId[]>. */
  option_orders: string;
}
export interface AttemptAnswersTable {
  attempt_id: string;
  question_id: number;
  answer: string | null;
  flagged: number;
  answered_at: string | null;
  saved_at: string;
  correct: number | null;
  /** 1 when this answer arrived after the deadline and was accepted as given offline. */
  via_grace: number;
}

export interface TopicMasteryTable {
  user_id: number;
  micro_topic_id: number;
  /** The model's P(mastered) right after the last answer, before decay (mastery-model.ts). */
  p: number;
  evidence: number;
  /** When the last answer about this topic was given. */
  updated_at: string;
}
export interface MasteryHistoryTable {
  user_id: number;
  micro_topic_id: number;
  /** YYYY-MM-DD (UTC): the estimate at the end of the day. */
  day: string;
  p: number;
}
export interface UserProgressTable {
  user_id: number;
  /** 0: every subject together. */
  subject_id: number;
  topics_mastered: number;
  topics_total: number;
  assessments_done: number;
  seconds_spent: number;
}
export interface DailyPerformanceTable {
  user_id: number;
  day: string;
  questions_answered: number;
  /** The answers whose marks the student may already see (review policy); `correct` counts among them. */
  questions_marked: number;
  correct: number;
  minutes_active: number;
}

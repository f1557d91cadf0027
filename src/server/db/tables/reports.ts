/** A student who asked to appear in no ranking that anyone else sees (they still see their own board's rule). */
export interface RankingOptOutsTable {
  user_id: number;
  created_at: string;
}

/** The submitted attempts item analysis has counted, and the student's school when it did (0: none). */
export interface ReportItemLedgerTable {
  attempt_id: string;
  assessment_id: number;
  school_id: number;
  /** Which fold-in counted it: the fold-in adds up its own batch only. */
  batch: string;
}
export interface ReportItemTotalsTable {
  assessment_id: number;
  school_id: number;
  n: number;
  sum_total: number;
  sum_total_sq: number;
}
export interface ReportItemStatsTable {
  assessment_id: number;
  question_id: number;
  school_id: number;
  answer: string;
  n: number;
  n_right: number;
  sum_total: number;
  sum_total_sq: number;
  sum_total_right: number;
}

/** Per student: the submitted quizzes and exams and the sum of their percents (rankings read the mean). */
export interface ReportScoresTable {
  user_id: number;
  attempts: number;
  sum_percent: number;
}

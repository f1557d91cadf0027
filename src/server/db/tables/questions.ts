import type { Generated } from 'kysely';

export interface QuestionsTable {
  id: Generated<number>;
  micro_topic_id: number;
  type: string;
  difficulty: number;
  stem: string;
  explanation: string;
  image_url: string | null;
  /** JSON of QuestionContent (the answer key lives here; never sent to a student). */
  content: string;
  /** 1: a Test Yourself question, never used in an assessment, so its key may be shown in practice. */
  practice_only: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

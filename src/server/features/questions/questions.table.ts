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
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

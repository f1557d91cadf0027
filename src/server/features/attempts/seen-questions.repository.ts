import type { Db } from '../../db/database.ts';

export function createSeenQuestionsRepository(db: Db) {
  return {
    /** The question lists (JSON number[]) of every attempt of one user: quizzes, exams, practice, diagnostics. */
    questionListsOf: async (userId: number): Promise<string[]> =>
      (await db.selectFrom('attempts').select('question_ids').where('user_id', '=', userId).execute()).map(
        (r) => r.question_ids,
      ),
  };
}

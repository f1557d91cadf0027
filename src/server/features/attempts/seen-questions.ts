import type { Db } from '../../db/database.ts';
import { createSeenQuestionsRepository } from './seen-questions.repository.ts';

/**
 * Which questions a student has been shown: those of their own attempts (a quiz, an exam, Test Yourself, the
 * diagnostic, and their reviews). A question's picture is theirs to read once the question is.
 */
export function createSeenQuestions(db: Db) {
  const repo = createSeenQuestionsRepository(db);
  return {
    async sawAny(userId: number, questionIds: number[]): Promise<boolean> {
      if (!questionIds.length) return false;
      const wanted = new Set(questionIds);
      for (const list of await repo.questionListsOf(userId)) {
        const ids = JSON.parse(list) as unknown;
        if (Array.isArray(ids) && ids.some((id) => wanted.has(Number(id)))) return true;
      }
      return false;
    },
  };
}
export type SeenQuestions = ReturnType<typeof createSeenQuestions>;

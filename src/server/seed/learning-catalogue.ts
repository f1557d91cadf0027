import type { QuestionContent } from '../../shared/contracts/questions.ts';
import { sanitizeRichText } from '../../shared/rich-text.ts';
import type { AppContext } from '../context.ts';
import { newOptionId } from '../features/questions/question-types.ts';
import { CATALOGUE } from './catalogue/index.ts';
import type { CatalogueQuestion } from './catalogue/types.ts';

/**
 * Each micro topic has five questions. An assessment holds back the keys of the questions it uses until
 * its answers are released, so the seed keeps quizzes and exams apart: 0–1 quizzes, 2 exams, 3 (first micro
 * topic of a sub topic) assessable but in neither, and the rest Test Yourself questions, whose keys practice
 * may show. The diagnostic draws from every assessable question (195 of the 300).
 */
export const EXAM_QUESTION = 2;
export const practiceOnly = (microIndex: number, questionIndex: number) =>
  questionIndex === 4 || (questionIndex === 3 && microIndex !== 0);

/** The question bank as seeded, by sub topic, for the assessments that draw on it. */
export type SeededSubTopic = {
  subject: number;
  sub: string;
  micro: Array<{
    id: number;
    questions: Array<{ id: number; content: QuestionContent; practice_only: boolean }>;
  }>;
};

/** The teaching catalogue: the knowledge graph and its question bank. */
export async function seedCatalogue(ctx: AppContext): Promise<SeededSubTopic[]> {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  const microIds = new Map<string, number>();
  const questionsBySub: SeededSubTopic[] = [];

  for (const [si, subject] of CATALOGUE.entries()) {
    const { id: subjectId } = await db
      .insertInto('subjects')
      .values({ name: subject.name, description: subject.description, position: si + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [ti, sub] of subject.subTopics.entries()) {
      const { id: subId } = await db
        .insertInto('sub_topics')
        .values({ subject_id: subjectId, name: sub.name, position: ti + 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const entry = {
        subject: subjectId,
        sub: sub.name,
        micro: [] as SeededSubTopic['micro'],
      };
      for (const [mi, micro] of sub.microTopics.entries()) {
        const { id: microId } = await db
          .insertInto('micro_topics')
          .values({ sub_topic_id: subId, name: micro.name, description: micro.description, position: mi + 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        microIds.set(micro.key, microId);
        const prereqs = micro.prerequisites.map((k) => microIds.get(k)!).filter(Boolean);
        if (prereqs.length)
          await db
            .insertInto('micro_topic_prerequisites')
            .values(prereqs.map((p) => ({ micro_topic_id: microId, prerequisite_id: p })))
            .execute();
        const questions: SeededSubTopic['micro'][number]['questions'] = [];
        for (const [qi, q] of micro.questions.entries()) {
          const content = contentOf(q);
          const { id } = await db
            .insertInto('questions')
            .values({
              micro_topic_id: microId,
              type: q.type,
              difficulty: q.difficulty,
              stem: `<p>${sanitizeRichText(q.stem)}</p>`,
              explanation: sanitizeRichText(q.explanation),
              image_url: null,
              content: JSON.stringify(content),
              practice_only: practiceOnly(mi, qi) ? 1 : 0,
              created_by: null,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          questions.push({ id, content, practice_only: practiceOnly(mi, qi) });
        }
        entry.micro.push({ id: microId, questions });
      }
      questionsBySub.push(entry);
    }
  }
  return questionsBySub;
}

export function contentOf(q: CatalogueQuestion): QuestionContent {
  switch (q.type) {
    case 'single_choice':
    case 'multiple_choice': {
      const options = q.options!.map((text) => ({ id: newOptionId(), text }));
      return { type: q.type, options, correct: q.correct!.map((i) => options[i]!.id) };
    }
    case 'true_false':
      return { type: 'true_false', correct: q.answer! };
    case 'short_answer':
      return { type: 'short_answer', accepted: q.accepted! };
    case 'matching':
      return {
        type: 'matching',
        pairs: q.pairs!.map(([left, right]) => ({
          left_id: newOptionId(),
          left,
          right_id: newOptionId(),
          right,
        })),
      };
    case 'ordering':
      return { type: 'ordering', items: q.order!.map((text) => ({ id: newOptionId(), text })) };
  }
}

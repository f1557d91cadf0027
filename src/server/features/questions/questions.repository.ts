import { withTransaction } from '../../db/transaction.ts';
import { FITTED_RATES } from '../../db/tables/item-parameters.ts';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { RowOf } from '../../db/schema.ts';
import { questionsWithTopicPath } from '../../db/topic-path.ts';
import type { QuestionsTable } from '../../db/tables/questions.ts';
import { containsPattern, countedPage, noneEmpty } from '../../plugins/paging.ts';

function selectQuestions(db: Db) {
  return questionsWithTopicPath(db)
    .leftJoin('item_parameters as ip', 'ip.question_id', 'questions.id')
    .select((eb) => [
      'questions.id',
      'questions.micro_topic_id',
      'questions.type',
      'questions.difficulty',
      'questions.stem',
      'questions.explanation',
      'questions.image_url',
      'questions.content',
      'questions.practice_only',
      'questions.updated_at',
      'micro_topics.name as micro_topic_name',
      'sub_topics.name as sub_topic_name',
      'subjects.id as subject_id',
      'subjects.name as subject_name',
      // The last refit's rates; none yet: the type's defaults (question-content.ts).
      ...FITTED_RATES,
      eb
        .selectFrom('assessment_questions')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('assessment_questions.question_id', '=', 'questions.id')
        .as('used_in'),
    ]);
}
export type QuestionRow = RowOf<ReturnType<typeof selectQuestions>>;

export interface QuestionFilter {
  search?: string;
  subjectId?: number;
  subTopicId?: number;
  microTopicId?: number;
  microTopicIds?: number[];
  type?: string;
  difficulty?: number;
  ids?: number[];
}

export function createQuestionsRepository(db: Db) {
  const filtered = (f: QuestionFilter) => {
    let q = selectQuestions(db);
    if (f.search) q = q.where('questions.stem', 'like', containsPattern(f.search));
    if (f.subjectId) q = q.where('subjects.id', '=', f.subjectId);
    if (f.subTopicId) q = q.where('sub_topics.id', '=', f.subTopicId);
    if (f.microTopicId) q = q.where('questions.micro_topic_id', '=', f.microTopicId);
    if (f.microTopicIds) q = q.where('questions.micro_topic_id', 'in', noneEmpty(f.microTopicIds));
    if (f.type) q = q.where('questions.type', '=', f.type);
    if (f.difficulty) q = q.where('questions.difficulty', '=', f.difficulty);
    if (f.ids) q = q.where('questions.id', 'in', noneEmpty(f.ids));
    return q;
  };
  /** Subject, sub topic and micro topic as the catalogue orders them, then the oldest question first. */
  const inCatalogueOrder = (q: ReturnType<typeof filtered>) =>
    q
      .orderBy('subjects.position')
      .orderBy('sub_topics.position')
      .orderBy('micro_topics.position')
      .orderBy('questions.id');
  return {
    /** Candidates showing file `fileId` (…/files/12 matches /files/1 too: the caller keeps the exact ones). */
    mentioningFile: (fileId: number) =>
      db
        .selectFrom('questions')
        .select(['id', 'stem', 'explanation', 'image_url'])
        .where((eb) =>
          eb.or(
            (['stem', 'explanation', 'image_url'] as const).map((c) =>
              eb(c, 'like', `%/api/files/${fileId}%`),
            ),
          ),
        )
        .execute(),
    page: async (f: QuestionFilter, page: number, perPage: number) => {
      return countedPage(filtered(f), inCatalogueOrder, { page, perPage });
    },
    all: (f: QuestionFilter) => inCatalogueOrder(filtered(f)).execute(),
    find: (id: number) => filtered({ ids: [id] }).executeTakeFirst(),
    insert: async (v: Insertable<QuestionsTable>) =>
      (await db.insertInto('questions').values(v).returning('id').executeTakeFirstOrThrow()).id,
    update: (id: number, v: Updateable<QuestionsTable>) =>
      db.updateTable('questions').set(v).where('id', '=', id).execute(),
    delete: (id: number) => db.deleteFrom('questions').where('id', '=', id).execute(),
    attemptsUsing: async (id: number) =>
      Number(
        (
          await db
            .selectFrom('attempt_answers')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('question_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    microTopicsByName: () => db.selectFrom('micro_topics').select(['id', 'name']).execute(),
    /** Every row in one transaction, their new ids in the same order. */
    insertManyReturning: (rows: Array<Insertable<QuestionsTable>>) =>
      withTransaction(db, async (trx) => {
        const ids: number[] = [];
        for (const r of rows)
          ids.push(
            (await trx.insertInto('questions').values(r).returning('id').executeTakeFirstOrThrow()).id,
          );
        return ids;
      }),
    insertMany: (rows: Array<Insertable<QuestionsTable>>) =>
      withTransaction(db, async (trx) => {
        for (const r of rows) await trx.insertInto('questions').values(r).execute();
      }),
  };
}
export type QuestionsRepository = ReturnType<typeof createQuestionsRepository>;

import { withTransaction } from '../../db/transaction.ts';
import type { Db } from '../../db/database.ts';

function queries(db: Db) {
  return {
    subjects: () => db.selectFrom('subjects').selectAll().orderBy('position').orderBy('id').execute(),
    subTopics: () => db.selectFrom('sub_topics').selectAll().orderBy('position').orderBy('id').execute(),
    microTopics: () => db.selectFrom('micro_topics').selectAll().orderBy('position').orderBy('id').execute(),
    edges: () => db.selectFrom('micro_topic_prerequisites').selectAll().execute(),
    questionCounts: () =>
      db
        .selectFrom('questions')
        .select(['micro_topic_id', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('micro_topic_id')
        .execute(),
    findSubject: (id: number) =>
      db.selectFrom('subjects').selectAll().where('id', '=', id).executeTakeFirst(),
    findSubTopic: (id: number) =>
      db.selectFrom('sub_topics').selectAll().where('id', '=', id).executeTakeFirst(),
    findMicroTopic: (id: number) =>
      db.selectFrom('micro_topics').selectAll().where('id', '=', id).executeTakeFirst(),
    microTopicIdsUnder: async (level: 'subject' | 'sub_topic' | 'micro_topic', id: number) => {
      if (level === 'micro_topic') return [id];
      let q = db
        .selectFrom('micro_topics')
        .innerJoin('sub_topics', 'sub_topics.id', 'micro_topics.sub_topic_id')
        .select('micro_topics.id');
      q =
        level === 'subject'
          ? q.where('sub_topics.subject_id', '=', id)
          : q.where('micro_topics.sub_topic_id', '=', id);
      return (await q.execute()).map((r) => r.id);
    },
    /** How many questions and random draws use these micro topics. */
    usage: async (microTopicIds: number[]) => {
      if (!microTopicIds.length) return { questions: 0, draws: 0 };
      const q = await db
        .selectFrom('questions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('micro_topic_id', 'in', microTopicIds)
        .executeTakeFirstOrThrow();
      const d = await db
        .selectFrom('assessment_draws')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('micro_topic_id', 'in', microTopicIds)
        .executeTakeFirstOrThrow();
      return { questions: Number(q.n), draws: Number(d.n) };
    },
    nextPosition: async (
      table: 'subjects' | 'sub_topics' | 'micro_topics',
      parent?: { column: 'subject_id' | 'sub_topic_id'; id: number },
    ) => {
      let q = db.selectFrom(table).select((eb) => eb.fn.max<number>('position').as('p'));
      if (parent) q = q.where(parent.column as never, '=', parent.id as never);
      const row = await q.executeTakeFirst();
      return Number(row?.p ?? 0) + 1;
    },
    insertSubject: async (v: { name: string; description: string; position: number }) =>
      (await db.insertInto('subjects').values(v).returning('id').executeTakeFirstOrThrow()).id,
    updateSubject: (id: number, v: { name: string; description: string }) =>
      db.updateTable('subjects').set(v).where('id', '=', id).execute(),
    deleteSubject: (id: number) => db.deleteFrom('subjects').where('id', '=', id).execute(),
    insertSubTopic: async (v: { subject_id: number; name: string; position: number }) =>
      (await db.insertInto('sub_topics').values(v).returning('id').executeTakeFirstOrThrow()).id,
    updateSubTopic: (id: number, v: { subject_id: number; name: string }) =>
      db.updateTable('sub_topics').set(v).where('id', '=', id).execute(),
    deleteSubTopic: (id: number) => db.deleteFrom('sub_topics').where('id', '=', id).execute(),
    insertMicroTopic: async (v: {
      sub_topic_id: number;
      name: string;
      description: string;
      position: number;
    }) => (await db.insertInto('micro_topics').values(v).returning('id').executeTakeFirstOrThrow()).id,
    updateMicroTopic: (id: number, v: { sub_topic_id: number; name: string; description: string }) =>
      db.updateTable('micro_topics').set(v).where('id', '=', id).execute(),
    deleteMicroTopic: (id: number) => db.deleteFrom('micro_topics').where('id', '=', id).execute(),
    setPrerequisites: async (id: number, prerequisiteIds: number[]) => {
      await db.deleteFrom('micro_topic_prerequisites').where('micro_topic_id', '=', id).execute();
      if (prerequisiteIds.length) {
        await db
          .insertInto('micro_topic_prerequisites')
          .values(prerequisiteIds.map((p) => ({ micro_topic_id: id, prerequisite_id: p })))
          .execute();
      }
    },
    setPositions: async (table: 'subjects' | 'sub_topics' | 'micro_topics', ids: number[]) => {
      for (const [i, id] of ids.entries())
        await db
          .updateTable(table)
          .set({ position: i + 1 })
          .where('id', '=', id)
          .execute();
    },
    nameTaken: async (table: 'subjects' | 'micro_topics', name: string, exceptId?: number) => {
      let q = db.selectFrom(table).select('id').where('name', '=', name);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    subTopicNameTaken: async (subjectId: number, name: string, exceptId?: number) => {
      let q = db
        .selectFrom('sub_topics')
        .select('id')
        .where('subject_id', '=', subjectId)
        .where('name', '=', name);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
  };
}

export function createKnowledgeGraphRepository(db: Db) {
  return {
    ...queries(db),
    transaction: <T>(work: (repo: ReturnType<typeof queries>) => Promise<T>) =>
      withTransaction(db, (trx) => work(queries(trx))),
  };
}
export type KnowledgeGraphRepository = ReturnType<typeof createKnowledgeGraphRepository>;

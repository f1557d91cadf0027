import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { schoolAim } from '../../db/school-aim.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { ContentItemsTable } from '../../db/tables/content.ts';
import { createContentProgressRepository } from './content-progress.repository.ts';
import { containsPattern, countedPage, noneEmpty } from '../../plugins/paging.ts';

export type ContentRow = Selectable<ContentItemsTable>;
export type { ProgressRow } from './content-progress.repository.ts';

/**
 * Who sees which items: everything, or the items aimed at every school, at one of `schoolIds`, or made by
 * `userId` (a teacher sees their own items even once aimed elsewhere).
 */
export type Reach = { all: true } | { schoolIds: number[]; userId?: number };

/** Students browse by any level of the catalogue. */
export interface TopicFilter {
  subject_id?: number;
  sub_topic_id?: number;
  micro_topic_id?: number;
}

export interface ItemParts {
  schoolIds: number[];
  microTopicIds: number[];
  attachmentIds: number[];
}

const aim = schoolAim('content_schools', 'content_items.id');

export function createContentRepository(db: Db) {
  type Query = ReturnType<typeof base>;
  const base = () => db.selectFrom('content_items').selectAll('content_items');

  function within(q: Query, reach: Reach): Query {
    if ('all' in reach) return q;
    return q.where((eb) =>
      eb.or([
        aim.everySchool(),
        aim.oneOf(noneEmpty(reach.schoolIds)),
        ...(reach.userId === undefined ? [] : [eb('content_items.created_by', '=', reach.userId)]),
      ]),
    );
  }

  function aboutTopics(q: Query, f: TopicFilter): Query {
    if (!f.subject_id && !f.sub_topic_id && !f.micro_topic_id) return q;
    return q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('content_topics as ct')
          .innerJoin('micro_topics as m', 'm.id', 'ct.micro_topic_id')
          .innerJoin('sub_topics as st', 'st.id', 'm.sub_topic_id')
          .select('ct.micro_topic_id')
          .whereRef('ct.content_id', '=', 'content_items.id')
          .$if(f.micro_topic_id !== undefined, (s) => s.where('m.id', '=', f.micro_topic_id!))
          .$if(f.sub_topic_id !== undefined, (s) => s.where('st.id', '=', f.sub_topic_id!))
          .$if(f.subject_id !== undefined, (s) => s.where('st.subject_id', '=', f.subject_id!)),
      ),
    );
  }

  const SORTS = { title: 'title', updated_at: 'updated_at', starts_at: 'starts_at' } as const;

  return {
    ...createContentProgressRepository(db),
    find: (id: number) => base().where('id', '=', id).executeTakeFirst(),

    async page(
      kind: string,
      reach: Reach,
      o: { search?: string; sort?: string; page: number; perPage: number },
    ): Promise<{ rows: ContentRow[]; total: number }> {
      let q = within(base().where('kind', '=', kind), reach);
      if (o.search) {
        const term = containsPattern(o.search).toLowerCase();
        q = q.where(sql<string>`lower(content_items.title)`, 'like', term);
      }
      const desc = o.sort?.startsWith('-') ?? false;
      const key = SORTS[(o.sort ?? '').replace(/^-/, '') as keyof typeof SORTS];
      const [column, direction] = key
        ? [key, desc ? 'desc' : 'asc']
        : [kind === 'live-discussion' ? 'starts_at' : 'updated_at', 'desc'];
      return countedPage(q, (q) => q.orderBy(column as 'title', direction as 'asc').orderBy('id', 'desc'), o);
    },

    /** Published items of a kind a reader may see, newest first. */
    published: (kind: string, reach: Reach, f: TopicFilter = {}) =>
      aboutTopics(within(base().where('kind', '=', kind).where('published', '=', 1), reach), f)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /** Every micro topic id in teaching order (subject, sub topic, micro topic positions). */
    curriculumOrder: async (): Promise<number[]> =>
      (
        await db
          .selectFrom('micro_topics as m')
          .innerJoin('sub_topics as st', 'st.id', 'm.sub_topic_id')
          .innerJoin('subjects as s', 's.id', 'st.subject_id')
          .select('m.id')
          .orderBy('s.position')
          .orderBy('st.position')
          .orderBy('m.position')
          .execute()
      ).map((r) => r.id),

    /** Published items of a kind linked to any of these micro topics (the learning pathway's links). */
    publishedForTopics: (kind: string, reach: Reach, microTopicIds: number[]) =>
      within(base().where('kind', '=', kind).where('published', '=', 1), reach)
        .innerJoin('content_topics as ct', 'ct.content_id', 'content_items.id')
        .select('ct.micro_topic_id')
        .where('ct.micro_topic_id', 'in', noneEmpty(microTopicIds))
        .orderBy('content_items.title')
        .execute(),

    topicsOf: (ids: number[]) =>
      db
        .selectFrom('content_topics as ct')
        .innerJoin('micro_topics as m', 'm.id', 'ct.micro_topic_id')
        .innerJoin('sub_topics as st', 'st.id', 'm.sub_topic_id')
        .innerJoin('subjects as s', 's.id', 'st.subject_id')
        .select([
          'ct.content_id',
          'm.id',
          'm.name',
          'st.id as sub_topic_id',
          'st.name as sub_topic_name',
          's.id as subject_id',
          's.name as subject_name',
        ])
        .where('ct.content_id', 'in', noneEmpty(ids))
        .orderBy('s.position')
        .orderBy('st.position')
        .orderBy('m.position')
        .execute(),

    schoolsOf: (ids: number[]) =>
      db
        .selectFrom('content_schools as cs')
        .innerJoin('schools as s', 's.id', 'cs.school_id')
        .select(['cs.content_id', 's.id', 's.name'])
        .where('cs.content_id', 'in', noneEmpty(ids))
        .orderBy('s.name')
        .execute(),

    attachmentsOf: (ids: number[]) =>
      db
        .selectFrom('content_attachments as ca')
        .innerJoin('files as f', 'f.id', 'ca.file_id')
        .select(['ca.content_id', 'f.id', 'f.original_name', 'f.mime', 'f.size'])
        .where('ca.content_id', 'in', noneEmpty(ids))
        .orderBy('ca.position')
        .execute(),

    files: (ids: number[]) =>
      db
        .selectFrom('files')
        .select(['id', 'kind', 'mime', 'size', 'original_name', 'hash'])
        .where('id', 'in', noneEmpty(ids))
        .execute(),

    existingSchoolIds: async (ids: number[]) =>
      (await db.selectFrom('schools').select('id').where('id', 'in', noneEmpty(ids)).execute()).map(
        (r) => r.id,
      ),
    existingMicroTopicIds: async (ids: number[]) =>
      (await db.selectFrom('micro_topics').select('id').where('id', 'in', noneEmpty(ids)).execute()).map(
        (r) => r.id,
      ),

    /** The item and its links, all or nothing. */
    save: (id: number | null, values: Insertable<ContentItemsTable>, parts: ItemParts) =>
      withTransaction(db, async (trx) => {
        let itemId = id;
        if (itemId === null) {
          itemId = (
            await trx.insertInto('content_items').values(values).returning('id').executeTakeFirstOrThrow()
          ).id;
        } else {
          const { created_at: _created, created_by: _by, ...changes } = values;
          await trx
            .updateTable('content_items')
            .set(changes as Updateable<ContentItemsTable>)
            .where('id', '=', itemId)
            .execute();
          for (const table of ['content_topics', 'content_schools', 'content_attachments'] as const)
            await trx.deleteFrom(table).where('content_id', '=', itemId).execute();
        }
        const content_id = itemId;
        if (parts.microTopicIds.length)
          await trx
            .insertInto('content_topics')
            .values(parts.microTopicIds.map((micro_topic_id) => ({ content_id, micro_topic_id })))
            .execute();
        if (parts.schoolIds.length)
          await trx
            .insertInto('content_schools')
            .values(parts.schoolIds.map((school_id) => ({ content_id, school_id })))
            .execute();
        if (parts.attachmentIds.length)
          await trx
            .insertInto('content_attachments')
            .values(parts.attachmentIds.map((file_id, position) => ({ content_id, file_id, position })))
            .execute();
        return content_id;
      }),

    remove: (id: number) => db.deleteFrom('content_items').where('id', '=', id).execute(),
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;

import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';

export interface FolderRow {
  id: number;
  parent_id: number | null;
  name: string;
  created_by: number | null;
  created_at: string;
  school_ids: number[];
  file_count: number;
}

export interface ResourceRow {
  id: number;
  folder_id: number;
  folder_name: string;
  title: string;
  description: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  file_id: number;
  file_name: string;
  file_mime: string;
  file_size: number;
  file_kind: string;
}

/** `%text%` for LIKE over lower-cased columns; a `%` or `_` typed in matches only itself (escaped). */
const pattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** lower(column) LIKE pattern, with backslash as the escape on both databases. */
const likeLower = (column: string, like: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${like} escape '\\'`;

export function createResourcesRepository(db: Db) {
  const resources = () =>
    db
      .selectFrom('resources')
      .innerJoin('files', 'files.id', 'resources.file_id')
      .innerJoin('resource_folders', 'resource_folders.id', 'resources.folder_id')
      .select([
        'resources.id',
        'resources.folder_id',
        'resource_folders.name as folder_name',
        'resources.title',
        'resources.description',
        'resources.created_by',
        'resources.created_at',
        'resources.updated_at',
        'files.id as file_id',
        'files.original_name as file_name',
        'files.mime as file_mime',
        'files.size as file_size',
        'files.kind as file_kind',
      ]);
  const toRow = <T extends { file_size: number | string }>(r: T) => ({
    ...r,
    file_size: Number(r.file_size),
  });

  return {
    /** The folders with an entry of this file. */
    foldersHoldingFile: async (fileId: number): Promise<number[]> =>
      (await db.selectFrom('resources').select('folder_id').where('file_id', '=', fileId).execute()).map(
        (r) => r.folder_id,
      ),
    /** Every folder with its schools and how many files it holds: a few hundred at most, read whole. */
    async folders(): Promise<FolderRow[]> {
      const [folders, schools, counts] = await Promise.all([
        db
          .selectFrom('resource_folders')
          .select(['id', 'parent_id', 'name', 'created_by', 'created_at'])
          .orderBy('name')
          .orderBy('id')
          .execute(),
        db.selectFrom('resource_folder_schools').select(['folder_id', 'school_id']).execute(),
        db
          .selectFrom('resources')
          .select((eb) => ['folder_id', eb.fn.countAll<number | string>().as('n')])
          .groupBy('folder_id')
          .execute(),
      ]);
      const schoolsOf = new Map<number, number[]>();
      for (const s of schools)
        schoolsOf.set(s.folder_id, [...(schoolsOf.get(s.folder_id) ?? []), s.school_id]);
      const countOf = new Map(counts.map((c) => [c.folder_id, Number(c.n)]));
      return folders.map((f) => ({
        ...f,
        school_ids: (schoolsOf.get(f.id) ?? []).sort((a, b) => a - b),
        file_count: countOf.get(f.id) ?? 0,
      }));
    },

    async insertFolder(row: {
      parent_id: number | null;
      name: string;
      created_by: number;
      school_ids: number[];
      at: string;
    }): Promise<number> {
      return withTransaction(db, async (trx) => {
        const { id } = await trx
          .insertInto('resource_folders')
          .values({
            parent_id: row.parent_id,
            name: row.name,
            created_by: row.created_by,
            created_at: row.at,
            updated_at: row.at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (row.school_ids.length)
          await trx
            .insertInto('resource_folder_schools')
            .values(row.school_ids.map((school_id) => ({ folder_id: id, school_id })))
            .execute();
        return id;
      });
    },

    async updateFolder(
      id: number,
      row: { parent_id: number | null; name: string; school_ids: number[]; at: string },
    ): Promise<void> {
      await withTransaction(db, async (trx) => {
        await trx
          .updateTable('resource_folders')
          .set({ parent_id: row.parent_id, name: row.name, updated_at: row.at })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('resource_folder_schools').where('folder_id', '=', id).execute();
        if (row.school_ids.length)
          await trx
            .insertInto('resource_folder_schools')
            .values(row.school_ids.map((school_id) => ({ folder_id: id, school_id })))
            .execute();
      });
    },

    /** Deletes folders (their sub folders and entries go with them); returns the files their entries held. */
    async deleteFolders(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const files = await db
        .selectFrom('resources')
        .select('file_id')
        .where('folder_id', 'in', ids)
        .execute();
      await db.deleteFrom('resource_folders').where('id', 'in', ids).execute();
      return [...new Set(files.map((f) => f.file_id))];
    },

    /** Entries in `folderIds`, optionally matching `search` in title, description or file name. */
    async list(folderIds: number[], search?: string): Promise<ResourceRow[]> {
      if (!folderIds.length) return [];
      let q = resources().where('resources.folder_id', 'in', folderIds);
      if (search) {
        const like = pattern(search);
        q = q.where((eb) =>
          eb.or([
            likeLower('resources.title', like),
            likeLower('resources.description', like),
            likeLower('files.original_name', like),
          ]),
        );
      }
      const rows = await q.orderBy('resources.title').orderBy('resources.id').limit(500).execute();
      return rows.map(toRow);
    },

    async find(id: number): Promise<ResourceRow | undefined> {
      const row = await resources().where('resources.id', '=', id).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    async topicsOf(ids: number[]): Promise<Map<number, { id: number; name: string }[]>> {
      const map = new Map<number, { id: number; name: string }[]>();
      if (!ids.length) return map;
      const rows = await db
        .selectFrom('resource_topics')
        .innerJoin('micro_topics', 'micro_topics.id', 'resource_topics.micro_topic_id')
        .select(['resource_topics.resource_id', 'micro_topics.id', 'micro_topics.name'])
        .where('resource_topics.resource_id', 'in', ids)
        .orderBy('micro_topics.name')
        .execute();
      for (const r of rows)
        map.set(r.resource_id, [...(map.get(r.resource_id) ?? []), { id: r.id, name: r.name }]);
      return map;
    },

    async insert(row: {
      folder_id: number;
      file_id: number;
      title: string;
      description: string;
      created_by: number;
      micro_topic_ids: number[];
      at: string;
    }): Promise<number> {
      return withTransaction(db, async (trx) => {
        const { id } = await trx
          .insertInto('resources')
          .values({
            folder_id: row.folder_id,
            file_id: row.file_id,
            title: row.title,
            description: row.description,
            created_by: row.created_by,
            created_at: row.at,
            updated_at: row.at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (row.micro_topic_ids.length)
          await trx
            .insertInto('resource_topics')
            .values(row.micro_topic_ids.map((micro_topic_id) => ({ resource_id: id, micro_topic_id })))
            .execute();
        return id;
      });
    },

    async update(
      id: number,
      row: { folder_id: number; title: string; description: string; micro_topic_ids: number[]; at: string },
    ): Promise<void> {
      await withTransaction(db, async (trx) => {
        await trx
          .updateTable('resources')
          .set({
            folder_id: row.folder_id,
            title: row.title,
            description: row.description,
            updated_at: row.at,
          })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('resource_topics').where('resource_id', '=', id).execute();
        if (row.micro_topic_ids.length)
          await trx
            .insertInto('resource_topics')
            .values(row.micro_topic_ids.map((micro_topic_id) => ({ resource_id: id, micro_topic_id })))
            .execute();
      });
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('resources').where('id', '=', id).execute();
    },

    /** Which of `ids` exist in `table` (to name the unknown ones in a 422 rather than fail on a key). */
    async existing(table: 'micro_topics' | 'schools', ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },
  };
}
export type ResourcesRepository = ReturnType<typeof createResourcesRepository>;

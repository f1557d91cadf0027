import type { Db } from '../../db/database.ts';
import type { FilesTable } from '../../db/tables/files.ts';

/** One place a file is used, for the "used in …" question before deleting it. */
export interface FileLink {
  /** 'lecture' | 'video' | 'live-discussion' | 'resource' | 'question' */
  type: string;
  id: number;
  title: string;
}

export type FileRow = Omit<FilesTable, 'id' | 'size'> & { id: number; size: number };

const toRow = (r: Omit<FilesTable, 'id'> & { id: number }): FileRow => ({ ...r, size: Number(r.size) });

export function createFilesRepository(db: Db) {
  return {
    async insert(row: Omit<FileRow, 'id'>): Promise<FileRow> {
      const inserted = await db.insertInto('files').values(row).returningAll().executeTakeFirstOrThrow();
      return toRow(inserted);
    },
    async find(id: number): Promise<FileRow | undefined> {
      const row = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },
    async delete(id: number): Promise<void> {
      await db.deleteFrom('files').where('id', '=', id).execute();
    },
    /**
     * Where a file is used: attached to or playing in content, listed in resources, or shown in a question
     * (questions keep its URL in their text), so deleting it can be asked about first.
     */
    async linksOf(id: number): Promise<FileLink[]> {
      const [attachments, videos, resources, questions] = await Promise.all([
        db
          .selectFrom('content_attachments')
          .innerJoin('content_items', 'content_items.id', 'content_attachments.content_id')
          .select(['content_items.id', 'content_items.kind', 'content_items.title'])
          .where('content_attachments.file_id', '=', id)
          .execute(),
        db
          .selectFrom('content_items')
          .select(['id', 'kind', 'title'])
          .where((eb) => eb.or([eb('video_file_id', '=', id), eb('poster_file_id', '=', id)]))
          .execute(),
        db.selectFrom('resources').select(['id', 'title']).where('file_id', '=', id).execute(),
        // LIKE finds candidates (…/files/12 also matches /files/1); the pattern below keeps the exact ones.
        db
          .selectFrom('questions')
          .select(['id', 'stem', 'explanation', 'image_url', 'content'])
          .where((eb) =>
            eb.or(
              (['stem', 'explanation', 'image_url', 'content'] as const).map((c) =>
                eb(c, 'like', `%/files/${id}%`),
              ),
            ),
          )
          .execute(),
      ]);
      const exact = new RegExp(`/api/files/${id}(?![0-9])`);
      return [
        ...[...attachments, ...videos].map((c) => ({ type: c.kind, id: c.id, title: c.title })),
        ...resources.map((r) => ({ type: 'resource', id: r.id, title: r.title })),
        ...questions
          .filter((q) => [q.stem, q.explanation, q.image_url ?? '', q.content].some((t) => exact.test(t)))
          .map((q) => ({ type: 'question', id: q.id, title: q.stem.replace(/<[^>]*>/g, '').slice(0, 80) })),
      ];
    },
    /** How many rows keep this content: the bytes may go only when none does. */
    async countByHash(hash: string): Promise<number> {
      const row = await db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('hash', '=', hash)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type FilesRepository = ReturnType<typeof createFilesRepository>;

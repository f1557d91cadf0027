import type { Db } from '../../db/database.ts';
import type { FilesTable } from './files.table.ts';

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

import type { Db } from '../../db/database.ts';

/** The content items that use a file, for the question "may this person read it?". */
export function createContentFilesRepository(db: Db) {
  return {
    /** Attached to it, or playing in it (video or poster). */
    async itemsHolding(fileId: number): Promise<Array<{ id: number; kind: string }>> {
      return db
        .selectFrom('content_items as c')
        .select(['c.id', 'c.kind'])
        .where((eb) =>
          eb.or([
            eb('c.video_file_id', '=', fileId),
            eb('c.poster_file_id', '=', fileId),
            eb.exists(
              eb
                .selectFrom('content_attachments as a')
                .select('a.file_id')
                .whereRef('a.content_id', '=', 'c.id')
                .where('a.file_id', '=', fileId),
            ),
          ]),
        )
        .execute();
    },
    /** Candidates showing it in their text: …/files/12 matches /files/1 too, so the caller keeps the exact ones. */
    async itemsMentioning(fileId: number): Promise<Array<{ id: number; kind: string; body_html: string }>> {
      return db
        .selectFrom('content_items')
        .select(['id', 'kind', 'body_html'])
        .where('body_html', 'like', `%/api/files/${fileId}%`)
        .execute();
    },
  };
}

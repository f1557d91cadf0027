import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { ContentProgressTable } from '../../db/tables/content.ts';
import { noneEmpty } from '../../plugins/paging.ts';

export type ProgressRow = Selectable<ContentProgressTable>;

/** A reader's progress on items: read, opened, and the player's record of a video. */
export function createContentProgressRepository(db: Db) {
  return {
    progressOf: (userId: number, ids: number[]) =>
      db
        .selectFrom('content_progress')
        .selectAll()
        .where('user_id', '=', userId)
        .where('content_id', 'in', noneEmpty(ids))
        .execute(),

    /** Marks read once: the first reading's time stays. */
    markRead: async (userId: number, contentId: number, now: string) => {
      await db
        .insertInto('content_progress')
        .values({ user_id: userId, content_id: contentId, read_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'content_id']).doNothing())
        .execute();
      await db
        .updateTable('content_progress')
        .set({ read_at: now, updated_at: now })
        .where('user_id', '=', userId)
        .where('content_id', '=', contentId)
        .where('read_at', 'is', null)
        .execute();
      return (
        await db
          .selectFrom('content_progress')
          .select('read_at')
          .where('user_id', '=', userId)
          .where('content_id', '=', contentId)
          .executeTakeFirstOrThrow()
      ).read_at!;
    },

    /** The first time a video's page is served to a user; later ones change nothing. */
    markOpened: async (userId: number, contentId: number, now: string) => {
      await db
        .insertInto('content_progress')
        .values({ user_id: userId, content_id: contentId, opened_at: now, updated_at: now })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'content_id'])
            .doUpdateSet({ opened_at: now })
            .where('content_progress.opened_at', 'is', null)
            // A row from before opened_at with credit in it counts from that credit (video-credit.ts).
            .where('content_progress.watched_seconds', '=', 0),
        )
        .execute();
    },

    /** Reads the player's record and writes what `change` makes of it, in one transaction. */
    updateProgress: (
      userId: number,
      contentId: number,
      change: (row: ProgressRow | undefined) => Insertable<ContentProgressTable>,
    ) =>
      withTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom('content_progress')
          .selectAll()
          .where('user_id', '=', userId)
          .where('content_id', '=', contentId)
          .executeTakeFirst();
        const next = change(row);
        await trx
          .insertInto('content_progress')
          .values(next)
          .onConflict((oc) => oc.columns(['user_id', 'content_id']).doUpdateSet(next))
          .execute();
        return next;
      }),
  };
}

import type { Db } from '../../db/database.ts';

export function createNotificationsRepository(db: Db) {
  return {
    insertMany: (
      rows: Array<{ user_id: number; title: string; body: string; link: string | null; created_at: string }>,
    ) => (rows.length ? db.insertInto('notifications').values(rows).execute() : Promise.resolve()),
    list: (userId: number, opts: { seen?: number; limit: number }) => {
      let q = db
        .selectFrom('notifications')
        .select(['id', 'title', 'body', 'link', 'seen', 'created_at'])
        .where('user_id', '=', userId);
      if (opts.seen !== undefined) q = q.where('seen', '=', opts.seen);
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
    },
    unseenCount: async (userId: number) =>
      Number(
        (
          await db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .where('seen', '=', 0)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    /** Only the caller's own notifications change, whatever ids are sent. */
    markSeen: async (userId: number, ids: number[]) =>
      Number(
        (
          await db
            .updateTable('notifications')
            .set({ seen: 1 })
            .where('user_id', '=', userId)
            .where('id', 'in', ids)
            .where('seen', '=', 0)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),
  };
}

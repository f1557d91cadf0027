import type { Notification } from '../../../shared/contracts/notifications.ts';
import type { Db } from '../../db/database.ts';
import { createNotificationsRepository } from './notifications.repository.ts';

export function createNotificationsService(db: Db, now: () => Date) {
  const repo = createNotificationsRepository(db);
  return {
    notify: (userIds: number[], n: { title: string; body: string; link?: string }) =>
      repo.insertMany(
        userIds.map((user_id) => ({
          user_id,
          title: n.title,
          body: n.body,
          link: n.link ?? null,
          created_at: now().toISOString(),
        })),
      ),
    list: (userId: number, opts: { seen?: number; limit?: number }): Promise<Notification[]> =>
      repo.list(userId, { seen: opts.seen, limit: opts.limit ?? 100 }),
    unseenCount: (userId: number) => repo.unseenCount(userId),
    markSeen: (userId: number, ids: number[]) => repo.markSeen(userId, [...new Set(ids)]),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;

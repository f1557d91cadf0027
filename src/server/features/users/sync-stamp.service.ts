import type { Db } from '../../db/database.ts';
import { createUsersRepository, SYNC_STAMP_MS } from './users.repository.ts';

/**
 * Records that a student's device delivered data (answers, a submission), for the "last synced" time
 * staff see. Each process remembers what it stamped, so most deliveries cost no statement at all; the
 * repository's conditional write keeps several processes from writing more than once a minute either.
 */
export function createSyncStamp(db: Db, now: () => Date) {
  const users = createUsersRepository(db);
  const stamped = new Map<number, number>();
  /** Undefined when nothing is to be written (no promise, no turn of the loop: most answer saves). */
  return function delivered(userId: number): Promise<void> | undefined {
    const at = now();
    const last = stamped.get(userId);
    if (last !== undefined && at.getTime() - last < SYNC_STAMP_MS) return undefined;
    stamped.set(userId, at.getTime());
    // Bounded: a long-running process must not keep one entry per student forever.
    if (stamped.size > 10_000) stamped.clear();
    return users.markSynced(userId, at).then(() => {});
  };
}

export type SyncStamp = ReturnType<typeof createSyncStamp>;

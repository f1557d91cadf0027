import type { Db } from '../../db/database.ts';
import { joinUserPlace } from '../../db/user-place.ts';

/** All the SQL of the student's record: their details and their attempts, read-only. */
export function createProfileRecordRepository(db: Db) {
  return {
    student: (userId: number) =>
      joinUserPlace(db.selectFrom('users'))
        .select([
          'users.full_name',
          'users.email',
          'users.created_at',
          'users.taken_diagnostics',
          'schools.name as school_name',
          'locations.name as location_name',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst(),

    /** One page of the student's attempts, newest first (the id breaks ties, so pages never overlap). */
    attempts: (userId: number, page: { limit: number; offset: number }) =>
      db
        .selectFrom('attempts')
        .select([
          'id',
          'kind',
          'assessment_id',
          'title',
          'status',
          'started_at',
          'submitted_at',
          'score',
          'max_score',
          'percent',
          'used_offline_grace',
        ])
        .where('user_id', '=', userId)
        .orderBy('started_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),

    countsByKind: async (userId: number) =>
      (
        await db
          .selectFrom('attempts')
          .select((eb) => ['kind', eb.fn.countAll<number | string>().as('n')])
          .where('user_id', '=', userId)
          .groupBy('kind')
          .execute()
      ).map((r) => ({ kind: r.kind, n: Number(r.n) })),
  };
}
export type ProfileRecordRepository = ReturnType<typeof createProfileRecordRepository>;

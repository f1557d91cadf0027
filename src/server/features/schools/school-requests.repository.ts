import type { Db } from '../../db/database.ts';
import type { RowOf } from '../../db/schema.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { SchoolRequestStatus } from '../../db/tables/school-requests.ts';
import { containsPattern, countedPage, noneEmpty } from '../../plugins/paging.ts';

function selectRequests(db: Db) {
  return db
    .selectFrom('school_requests')
    .innerJoin('users', 'users.id', 'school_requests.user_id')
    .innerJoin('schools', 'schools.id', 'school_requests.school_id')
    .leftJoin('schools as current', 'current.id', 'users.school_id')
    .select([
      'school_requests.id',
      'school_requests.user_id',
      'users.full_name',
      'users.email',
      'school_requests.school_id',
      'schools.name as school_name',
      'users.school_id as current_school_id',
      'current.name as current_school_name',
      'school_requests.status',
      'school_requests.created_at',
      'school_requests.decided_at',
    ]);
}
export type SchoolRequestRow = RowOf<ReturnType<typeof selectRequests>>;

export function createSchoolRequestsRepository(db: Db) {
  return {
    find: (id: number) => selectRequests(db).where('school_requests.id', '=', id).executeTakeFirst(),
    /** Replaces the student's open request, if any, with one for this school. */
    replacePending: (userId: number, schoolId: number, now: string) =>
      withTransaction(db, async (trx) => {
        await trx
          .updateTable('school_requests')
          .set({ status: 'withdrawn', decided_at: now, decided_by: userId })
          .where('user_id', '=', userId)
          .where('status', '=', 'pending')
          .execute();
        return (
          await trx
            .insertInto('school_requests')
            .values({ user_id: userId, school_id: schoolId, status: 'pending', created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }),
    pendingSchoolOf: async (userId: number) =>
      (
        await db
          .selectFrom('school_requests')
          .select('school_id')
          .where('user_id', '=', userId)
          .where('status', '=', 'pending')
          .executeTakeFirst()
      )?.school_id ?? null,
    /**
     * Decides a pending request; on approval the student moves into the school (and its location) in the
     * same transaction. False when the request was no longer pending (someone else decided first).
     */
    decide: (
      id: number,
      status: Extract<SchoolRequestStatus, 'approved' | 'denied'>,
      by: number,
      now: string,
    ) =>
      withTransaction(db, async (trx) => {
        const r = await trx
          .updateTable('school_requests')
          .set({ status, decided_at: now, decided_by: by })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) return false;
        if (status === 'approved') {
          const request = await trx
            .selectFrom('school_requests')
            .innerJoin('schools', 'schools.id', 'school_requests.school_id')
            .select(['school_requests.user_id', 'school_requests.school_id', 'schools.location_id'])
            .where('school_requests.id', '=', id)
            .executeTakeFirstOrThrow();
          await trx
            .updateTable('users')
            .set({ school_id: request.school_id, location_id: request.location_id, updated_at: now })
            .where('id', '=', request.user_id)
            .execute();
        }
        return true;
      }),
    /** One page of requests, newest first, optionally only for some schools (a teacher's view). */
    list: async (filter: {
      page: number;
      perPage: number;
      status: SchoolRequestStatus;
      search?: string;
      schoolIds?: number[];
    }) => {
      let q = selectRequests(db).where('school_requests.status', '=', filter.status);
      if (filter.schoolIds) {
        q = q.where('school_requests.school_id', 'in', noneEmpty(filter.schoolIds));
      }
      if (filter.search) {
        const like = containsPattern(filter.search);
        q = q.where((eb) => eb.or([eb('users.full_name', 'like', like), eb('users.email', 'like', like)]));
      }
      return countedPage(
        q,
        (q) => q.orderBy('school_requests.created_at', 'desc').orderBy('school_requests.id', 'desc'),
        filter,
      );
    },
  };
}
export type SchoolRequestsRepository = ReturnType<typeof createSchoolRequestsRepository>;

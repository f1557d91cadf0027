import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { containsPattern, countRows, noneEmpty } from '../../plugins/paging.ts';

/** A case-insensitive "contains" pattern (PostgreSQL's LIKE is case-sensitive, SQLite's is not). */
const contains = (search: string) => containsPattern(search).toLowerCase();

/** A page of the schools list: a name search, a location, or only some schools (a teacher's view). */
export interface SchoolListFilter {
  page: number;
  perPage: number;
  search?: string;
  locationId?: number;
  ids?: number[];
}

/** What keeps a school from being deleted: its members, its teachers, and quizzes aimed at it. */
async function usageOf(db: Db, id: number): Promise<{ users: number; assessments: number }> {
  const [members, teachers, assessments] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', id)
      .executeTakeFirstOrThrow(),
    // Teachers of the school who are not also members of it (those are counted above).
    db
      .selectFrom('teacher_schools')
      .innerJoin('users', 'users.id', 'teacher_schools.user_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('teacher_schools.school_id', '=', id)
      .where((eb) => eb.or([eb('users.school_id', 'is', null), eb('users.school_id', '!=', id)]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('assessment_schools')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    users: Number(members.n) + Number(teachers.n),
    assessments: Number(assessments.n),
  };
}

export function createSchoolsRepository(db: Db) {
  const schools = () =>
    db
      .selectFrom('schools')
      .innerJoin('locations', 'locations.id', 'schools.location_id')
      .select(['schools.id', 'schools.name', 'schools.location_id', 'locations.name as location_name']);
  return {
    locations: () => db.selectFrom('locations').select(['id', 'name']).orderBy('name').execute(),
    locationExists: async (id: number) =>
      (await db.selectFrom('locations').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
    findSchool: (id: number) => schools().where('schools.id', '=', id).executeTakeFirst(),
    searchSchools: (filter: { locationId?: number; search?: string; ids?: number[] }) => {
      let q = schools();
      if (filter.locationId) q = q.where('schools.location_id', '=', filter.locationId);
      if (filter.search)
        q = q.where((eb) => eb(eb.fn('lower', ['schools.name']), 'like', contains(filter.search!)));
      if (filter.ids) q = q.where('schools.id', 'in', noneEmpty(filter.ids));
      return q.orderBy('schools.name').limit(1000).execute();
    },
    /** One page of schools with their head counts, optionally only some schools (a teacher's view). */
    list: async (filter: SchoolListFilter) => {
      let q = db.selectFrom('schools').innerJoin('locations', 'locations.id', 'schools.location_id');
      if (filter.search)
        q = q.where((eb) => eb(eb.fn('lower', ['schools.name']), 'like', contains(filter.search!)));
      if (filter.locationId) q = q.where('schools.location_id', '=', filter.locationId);
      if (filter.ids) q = q.where('schools.id', 'in', noneEmpty(filter.ids));
      const total = await countRows(q);
      const rows = await q
        .select((eb) => [
          'schools.id',
          'schools.name',
          'schools.location_id',
          'locations.name as location_name',
          eb
            .selectFrom('users')
            .select((e) => e.fn.countAll<number>().as('c'))
            .whereRef('users.school_id', '=', 'schools.id')
            .where('users.is_admin', '=', 0)
            .where('users.is_teacher', '=', 0)
            .as('student_count'),
          eb
            .selectFrom('teacher_schools')
            .select((e) => e.fn.countAll<number>().as('c'))
            .whereRef('teacher_schools.school_id', '=', 'schools.id')
            .as('teacher_count'),
        ])
        .orderBy('schools.name')
        .orderBy('schools.id')
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage)
        .execute();
      return {
        rows: rows.map((r) => ({
          ...r,
          student_count: Number(r.student_count ?? 0),
          teacher_count: Number(r.teacher_count ?? 0),
        })),
        total,
      };
    },
    nameTaken: async (name: string, locationId: number, exceptId?: number) => {
      let q = db
        .selectFrom('schools')
        .select('id')
        .where('name', '=', name)
        .where('location_id', '=', locationId);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    locationNameTaken: async (name: string, exceptId?: number) => {
      let q = db.selectFrom('locations').select('id').where('name', '=', name);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    /**
     * Renames or moves a school. Its members' location follows it in the same transaction: a user's school
     * always lies in their location (registration and account forms check the pair).
     */
    updateSchool: (id: number, name: string, locationId: number) =>
      withTransaction(db, async (trx) => {
        await trx
          .updateTable('schools')
          .set({ name, location_id: locationId })
          .where('id', '=', id)
          .execute();
        await trx
          .updateTable('users')
          .set({ location_id: locationId })
          .where('school_id', '=', id)
          .where((eb) => eb.or([eb('location_id', 'is', null), eb('location_id', '!=', locationId)]))
          .execute();
      }),
    /**
     * Deletes the school only if nothing keeps it (see usageOf), in one transaction; returns what keeps it
     * (all zero when it was deleted).
     */
    deleteIfUnused: (id: number) =>
      withTransaction(db, async (trx) => {
        const usage = await usageOf(trx, id);
        if (!usage.users && !usage.assessments) {
          await trx.deleteFrom('schools').where('id', '=', id).execute();
        }
        return usage;
      }),
    /** Every location with how many schools and users lie in it. */
    locationsWithCounts: async () => {
      const rows = await db
        .selectFrom('locations')
        .select((eb) => [
          'locations.id',
          'locations.name',
          eb
            .selectFrom('schools')
            .select((e) => e.fn.countAll<number>().as('c'))
            .whereRef('schools.location_id', '=', 'locations.id')
            .as('school_count'),
          eb
            .selectFrom('users')
            .select((e) => e.fn.countAll<number>().as('c'))
            .whereRef('users.location_id', '=', 'locations.id')
            .as('user_count'),
        ])
        .orderBy('locations.name')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        school_count: Number(r.school_count ?? 0),
        user_count: Number(r.user_count ?? 0),
      }));
    },
    findLocation: (id: number) =>
      db.selectFrom('locations').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),
    renameLocation: (id: number, name: string) =>
      db.updateTable('locations').set({ name }).where('id', '=', id).execute(),
    deleteLocation: (id: number) => db.deleteFrom('locations').where('id', '=', id).execute(),
    insertLocation: async (name: string) =>
      (await db.insertInto('locations').values({ name }).returning('id').executeTakeFirstOrThrow()).id,
    insertSchool: async (name: string, locationId: number, now: string) =>
      (
        await db
          .insertInto('schools')
          .values({ name, location_id: locationId, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
  };
}

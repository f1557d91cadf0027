import type { Db } from '../../db/database.ts';

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
      if (filter.search) q = q.where('schools.name', 'like', `%${filter.search.replace(/[%_\\]/g, '')}%`);
      if (filter.ids) q = q.where('schools.id', 'in', filter.ids.length ? filter.ids : [-1]);
      return q.orderBy('schools.name').limit(1000).execute();
    },
    /** One page of schools with their head counts, optionally only some schools (a teacher's view). */
    list: async (filter: {
      page: number;
      perPage: number;
      search?: string;
      locationId?: number;
      ids?: number[];
    }) => {
      let q = db.selectFrom('schools').innerJoin('locations', 'locations.id', 'schools.location_id');
      if (filter.search) q = q.where('schools.name', 'like', `%${filter.search.replace(/[%_\\]/g, '')}%`);
      if (filter.locationId) q = q.where('schools.location_id', '=', filter.locationId);
      if (filter.ids) q = q.where('schools.id', 'in', filter.ids.length ? filter.ids : [-1]);
      const total = Number(
        (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
      );
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
    locationNameTaken: async (name: string) =>
      (await db.selectFrom('locations').select('id').where('name', '=', name).executeTakeFirst()) !==
      undefined,
    updateSchool: (id: number, name: string, locationId: number) =>
      db.updateTable('schools').set({ name, location_id: locationId }).where('id', '=', id).execute(),
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

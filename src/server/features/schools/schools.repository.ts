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

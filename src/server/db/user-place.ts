import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A query on users joined to the user's school and location, for their names: left joins, as an admin has
 * neither and a student may have no school yet.
 */
export function joinUserPlace<O>(q: SelectQueryBuilder<Database, 'users', O>) {
  return q
    .leftJoin('schools', 'schools.id', 'users.school_id')
    .leftJoin('locations', 'locations.id', 'users.location_id');
}

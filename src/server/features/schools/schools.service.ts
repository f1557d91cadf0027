import type { Location, School } from '../../../shared/contracts/lookups.ts';
import type { AdminSchool, SchoolBody } from '../../../shared/contracts/admin-schools.ts';
import type { FieldErrors } from '../../../shared/contracts/common.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import type { Db } from '../../db/database.ts';
import { createSchoolsRepository } from './schools.repository.ts';

export function createSchoolsService(db: Db, now: () => Date) {
  const repo = createSchoolsRepository(db);

  async function checkSchool(body: SchoolBody, exceptId?: number): Promise<void> {
    const errors: FieldErrors = {};
    if (!(await repo.locationExists(body.location_id)))
      errors.location_id = ['The selected location is invalid.'];
    else if (await repo.nameTaken(body.name, body.location_id, exceptId)) {
      errors.name = ['A school with this name already exists in this location.'];
    }
    if (Object.keys(errors).length) throw unprocessable(errors);
  }

  async function adminSchool(id: number): Promise<AdminSchool> {
    const { rows } = await repo.list({ page: 1, perPage: 1, ids: [id] });
    if (!rows[0]) throw notFound('That school does not exist.');
    return rows[0];
  }

  return {
    allExist: async (ids: number[]) => (await repo.searchSchools({ ids })).length === new Set(ids).size,
    list: async (filter: {
      page: number;
      perPage: number;
      search?: string;
      locationId?: number;
      ids?: number[];
    }) => {
      const { rows, total } = await repo.list(filter);
      return { data: rows, meta: { total, page: filter.page, per_page: filter.perPage } };
    },
    get: adminSchool,
    async create(body: SchoolBody): Promise<AdminSchool> {
      await checkSchool(body);
      return adminSchool(await repo.insertSchool(body.name, body.location_id, now().toISOString()));
    },
    async update(id: number, body: SchoolBody): Promise<AdminSchool> {
      await adminSchool(id);
      await checkSchool(body, id);
      await repo.updateSchool(id, body.name, body.location_id);
      return adminSchool(id);
    },
    async createLocation(name: string): Promise<Location> {
      if (await repo.locationNameTaken(name))
        throw unprocessable({ name: ['This location already exists.'] });
      return { id: await repo.insertLocation(name), name };
    },
    locations: (): Promise<Location[]> => repo.locations(),
    schools: (filter: { locationId?: number; search?: string }): Promise<School[]> =>
      repo.searchSchools(filter),
    /** A user's school must exist and lie in the chosen location. */
    async checkPlacement(locationId: number | null, schoolId: number | null): Promise<FieldErrors> {
      const errors: FieldErrors = {};
      if (locationId === null || !(await repo.locationExists(locationId))) {
        errors.location_id = ['The selected location is invalid.'];
      }
      const school = schoolId === null ? undefined : await repo.findSchool(schoolId);
      if (!school) errors.school_id = ['The selected school is invalid.'];
      else if (locationId !== null && school.location_id !== locationId) {
        errors.school_id = ['The selected school is not in the selected location.'];
      }
      return errors;
    },
  };
}
export type SchoolsService = ReturnType<typeof createSchoolsService>;

import type { Location, School } from '../../../shared/contracts/lookups.ts';
import type { FieldErrors } from '../../../shared/contracts/common.ts';
import type { Db } from '../../db/database.ts';
import { createSchoolsRepository } from './schools.repository.ts';

export function createSchoolsService(db: Db) {
  const repo = createSchoolsRepository(db);
  return {
    locations: (): Promise<Location[]> => repo.locations(),
    schools: (filter: { locationId?: number; search?: string }): Promise<School[]> => repo.searchSchools(filter),
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

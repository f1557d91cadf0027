import type { Location, School } from '../../../shared/contracts/lookups.ts';
import type { AdminLocation, AdminSchool, SchoolBody } from '../../../shared/contracts/admin-schools.ts';
import type { FieldErrors } from '../../../shared/contracts/common.ts';
import { forbidden, HttpError, notFound, unprocessable } from '../../plugins/errors.ts';
import type { Db } from '../../db/database.ts';
import { createSchoolsRepository, type SchoolListFilter } from './schools.repository.ts';

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

  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

  return {
    allExist: async (ids: number[]) => (await repo.searchSchools({ ids })).length === new Set(ids).size,
    list: async (filter: SchoolListFilter) => {
      const { rows, total } = await repo.list(filter);
      return { data: rows, meta: { total, page: filter.page, per_page: filter.perPage } };
    },
    get: adminSchool,
    /** One school for a teacher's read-only view: only their own (`ownIds`); an admin passes undefined. */
    async getVisible(id: number, ownIds: number[] | undefined): Promise<AdminSchool> {
      const school = await adminSchool(id);
      if (ownIds && !ownIds.includes(id)) throw forbidden('You can only see your own schools.');
      return school;
    },
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
    /**
     * Deleting a school its users are in would leave them schoolless, and a quiz aimed only at it would become
     * a quiz for every school (no target means everyone): both must be moved first. Nothing is deleted then.
     */
    async remove(id: number): Promise<void> {
      const school = await adminSchool(id);
      const usage = await repo.deleteIfUnused(id);
      const steps: string[] = [];
      if (usage.users) steps.push(`move its ${plural(usage.users, 'user', 'users')} to another school`);
      if (usage.assessments) {
        steps.push(
          `change the schools of the ${plural(usage.assessments, 'quiz or exam', 'quizzes and exams')} aimed at it`,
        );
      }
      if (steps.length) {
        throw new HttpError(409, `${school.name} cannot be deleted yet: ${steps.join(', and ')} first.`);
      }
    },
    locationsWithCounts: (): Promise<AdminLocation[]> => repo.locationsWithCounts(),
    async createLocation(name: string): Promise<Location> {
      if (await repo.locationNameTaken(name))
        throw unprocessable({ name: ['This location already exists.'] });
      return { id: await repo.insertLocation(name), name };
    },
    async renameLocation(id: number, name: string): Promise<Location> {
      if (!(await repo.findLocation(id))) throw notFound('That location does not exist.');
      if (await repo.locationNameTaken(name, id))
        throw unprocessable({ name: ['This location already exists.'] });
      await repo.renameLocation(id, name);
      return { id, name };
    },
    /** A location that holds schools or users stays until they are moved. */
    async removeLocation(id: number): Promise<void> {
      const location = (await repo.locationsWithCounts()).find((l) => l.id === id);
      if (!location) throw notFound('That location does not exist.');
      const held = [
        location.school_count && plural(location.school_count, 'school', 'schools'),
        location.user_count && plural(location.user_count, 'user', 'users'),
      ].filter(Boolean);
      if (held.length) {
        throw new HttpError(
          409,
          `${location.name} cannot be deleted yet: move its ${held.join(' and ')} to another location first.`,
        );
      }
      await repo.deleteLocation(id);
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

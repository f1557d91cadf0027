import {
  ADMIN_SCHOOL_PATHS,
  adminLocationsResponseSchema,
  adminSchoolResponseSchema,
  adminSchoolsQuerySchema,
  adminSchoolsResponseSchema,
  locationBodySchema,
  locationResponseSchema,
  schoolBodySchema,
} from '../../../shared/contracts/admin-schools.ts';
import { idParamSchema } from '../../../shared/contracts/common.ts';
import { ADMIN, type Authed, type Route, STAFF } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import type { SchoolsService } from './schools.service.ts';

/** Manage Schools (spec 2.7): admins manage schools and locations; a teacher reads their own schools. */
export function schoolsRoutes(
  route: Route,
  deps: { schools: SchoolsService; teacherSchoolIds: (userId: number) => Promise<number[]> },
): void {
  const { schools } = deps;
  /** The schools the caller may see; undefined for an admin (all of them). */
  const ownSchools = async (auth: Authed) =>
    roleOf(auth.user) === 'admin' ? undefined : await deps.teacherSchoolIds(auth.user.id);

  route({
    method: 'GET',
    url: ADMIN_SCHOOL_PATHS.list,
    access: STAFF,
    summary: 'Schools with head counts (teachers: their own)',
    query: adminSchoolsQuerySchema,
    response: adminSchoolsResponseSchema,
    handler: async ({ query, auth }) =>
      schools.list({
        page: query.page,
        perPage: query.per_page,
        search: query.search,
        locationId: query.location_id,
        ids: await ownSchools(auth),
      }),
  });
  route({
    method: 'GET',
    url: ADMIN_SCHOOL_PATHS.one(':id'),
    access: STAFF,
    summary: 'One school (teachers: only their own)',
    params: idParamSchema,
    response: adminSchoolResponseSchema,
    handler: async ({ params, auth }) => ({
      school: await schools.getVisible(params.id, await ownSchools(auth)),
    }),
  });
  route({
    method: 'POST',
    url: ADMIN_SCHOOL_PATHS.list,
    access: ADMIN,
    summary: 'Add a school',
    body: schoolBodySchema,
    response: adminSchoolResponseSchema,
    status: 201,
    handler: async ({ body }) => ({ school: await schools.create(body) }),
  });
  route({
    method: 'PUT',
    url: ADMIN_SCHOOL_PATHS.one(':id'),
    access: ADMIN,
    summary: 'Rename or move a school (its users move with it)',
    params: idParamSchema,
    body: schoolBodySchema,
    response: adminSchoolResponseSchema,
    handler: async ({ params, body }) => ({ school: await schools.update(params.id, body) }),
  });
  route({
    method: 'DELETE',
    url: ADMIN_SCHOOL_PATHS.one(':id'),
    access: ADMIN,
    summary: 'Delete a school nobody is in and no quiz is aimed at (409 otherwise)',
    params: idParamSchema,
    handler: ({ params }) => schools.remove(params.id),
  });

  route({
    method: 'GET',
    url: ADMIN_SCHOOL_PATHS.locations,
    access: ADMIN,
    summary: 'Locations with how many schools and users they hold',
    response: adminLocationsResponseSchema,
    handler: async () => ({ data: await schools.locationsWithCounts() }),
  });
  route({
    method: 'POST',
    url: ADMIN_SCHOOL_PATHS.locations,
    access: ADMIN,
    summary: 'Add a location',
    body: locationBodySchema,
    response: locationResponseSchema,
    status: 201,
    handler: async ({ body }) => ({ location: await schools.createLocation(body.name) }),
  });
  route({
    method: 'PUT',
    url: ADMIN_SCHOOL_PATHS.location(':id'),
    access: ADMIN,
    summary: 'Rename a location',
    params: idParamSchema,
    body: locationBodySchema,
    response: locationResponseSchema,
    handler: async ({ params, body }) => ({ location: await schools.renameLocation(params.id, body.name) }),
  });
  route({
    method: 'DELETE',
    url: ADMIN_SCHOOL_PATHS.location(':id'),
    access: ADMIN,
    summary: 'Delete a location that holds no schools and no users (409 otherwise)',
    params: idParamSchema,
    handler: ({ params }) => schools.removeLocation(params.id),
  });
}

import {
  ADMIN_SCHOOL_PATHS,
  adminSchoolResponseSchema,
  adminSchoolsQuerySchema,
  adminSchoolsResponseSchema,
  locationBodySchema,
  locationResponseSchema,
  schoolBodySchema,
} from '../../../shared/contracts/admin-schools.ts';
import {
  ADMIN_USER_PATHS,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  setRoleBodySchema,
  setStatusBodySchema,
} from '../../../shared/contracts/admin-users.ts';
import { idParamSchema } from '../../../shared/contracts/common.ts';
import type { createRouter } from '../../plugins/routes.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import type { AdminUsersService } from '../users/admin-users.service.ts';
import { roleOf } from '../users/users.service.ts';

type Route = ReturnType<typeof createRouter>;
const STAFF = ['admin', 'teacher'] as const;
const ADMIN = ['admin'] as const;

/** Back office (spec section 2.7): Manage Users Role is admin-only; teachers manage their own schools' students. */
export function adminRoutes(
  route: Route,
  deps: {
    users: AdminUsersService;
    schools: SchoolsService;
    teacherSchoolIds: (userId: number) => Promise<number[]>;
  },
): void {
  route({
    method: 'GET',
    url: ADMIN_USER_PATHS.list,
    access: STAFF,
    summary: 'Users (teachers: the students of their schools)',
    query: adminUsersQuerySchema,
    response: adminUsersResponseSchema,
    handler: ({ query, auth }) => deps.users.list(auth, query),
  });
  route({
    method: 'GET',
    url: ADMIN_USER_PATHS.one(':id'),
    access: STAFF,
    summary: 'One user',
    params: idParamSchema,
    response: adminUserResponseSchema,
    handler: async ({ params, auth }) => ({ user: await deps.users.get(auth, params.id) }),
  });
  route({
    method: 'PUT',
    url: ADMIN_USER_PATHS.role(':id'),
    access: ADMIN,
    summary: "Set a user's role (and a teacher's schools)",
    params: idParamSchema,
    body: setRoleBodySchema,
    response: adminUserResponseSchema,
    handler: async ({ params, body, auth }) => ({
      user: await deps.users.setRole(auth, params.id, body.role, body.teacher_school_ids),
    }),
  });
  route({
    method: 'PUT',
    url: ADMIN_USER_PATHS.status(':id'),
    access: STAFF,
    summary: 'Activate or deactivate an account (deactivation signs it out everywhere)',
    params: idParamSchema,
    body: setStatusBodySchema,
    response: adminUserResponseSchema,
    handler: async ({ params, body, auth }) => ({
      user: await deps.users.setStatus(auth, params.id, body.is_active),
    }),
  });

  route({
    method: 'GET',
    url: ADMIN_SCHOOL_PATHS.list,
    access: STAFF,
    summary: 'Schools with head counts (teachers: their own)',
    query: adminSchoolsQuerySchema,
    response: adminSchoolsResponseSchema,
    handler: async ({ query, auth }) =>
      deps.schools.list({
        page: query.page,
        perPage: query.per_page,
        search: query.search,
        locationId: query.location_id,
        ids: roleOf(auth.user) === 'admin' ? undefined : await deps.teacherSchoolIds(auth.user.id),
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
    handler: async ({ body }) => ({ school: await deps.schools.create(body) }),
  });
  route({
    method: 'PUT',
    url: ADMIN_SCHOOL_PATHS.one(':id'),
    access: ADMIN,
    summary: 'Rename or move a school',
    params: idParamSchema,
    body: schoolBodySchema,
    response: adminSchoolResponseSchema,
    handler: async ({ params, body }) => ({ school: await deps.schools.update(params.id, body) }),
  });
  route({
    method: 'POST',
    url: ADMIN_SCHOOL_PATHS.locations,
    access: ADMIN,
    summary: 'Add a location',
    body: locationBodySchema,
    response: locationResponseSchema,
    status: 201,
    handler: async ({ body }) => ({ location: await deps.schools.createLocation(body.name) }),
  });
}

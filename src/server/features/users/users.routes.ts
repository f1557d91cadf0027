import { z } from 'zod';
import {
  ADMIN_USER_PATHS,
  adminUserEditResponseSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  importUsersBodySchema,
  importUsersResponseSchema,
  setStatusBodySchema,
  userBodySchema,
  userEditBodySchema,
  userFiltersSchema,
} from '../../../shared/contracts/admin-users.ts';
import { idParamSchema } from '../../../shared/contracts/common.ts';
import { type Route, STAFF } from '../../plugins/routes.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import type { UsersCsvService } from './users-csv.service.ts';

/** Manage Users (spec section 2.7): admins manage everyone; teachers only the students of their schools. */
export function usersRoutes(route: Route, deps: { users: AdminUsersService; csv: UsersCsvService }): void {
  const { users, csv } = deps;
  route({
    method: 'GET',
    url: ADMIN_USER_PATHS.list,
    access: STAFF,
    summary: 'Users, filtered, sorted and paged (teachers: the students of their schools)',
    query: adminUsersQuerySchema,
    response: adminUsersResponseSchema,
    handler: ({ query, auth }) => users.list(auth, query),
  });
  route({
    method: 'POST',
    url: ADMIN_USER_PATHS.list,
    access: STAFF,
    summary:
      'Add a user and mail them an invitation to choose a password (teachers: students of their schools)',
    body: userBodySchema,
    response: adminUserResponseSchema,
    status: 201,
    handler: async ({ body, auth }) => ({ user: await users.create(auth, body) }),
  });
  route({
    method: 'POST',
    url: ADMIN_USER_PATHS.importCsv,
    access: STAFF,
    summary:
      'Import users from CSV; each rejected row is reported with its reasons and nothing of it is written',
    body: importUsersBodySchema,
    response: importUsersResponseSchema,
    handler: ({ body, auth }) => csv.importCsv(auth, body.csv),
  });
  route({
    method: 'GET',
    url: ADMIN_USER_PATHS.exportCsv,
    access: STAFF,
    summary: 'Export the (filtered) users as CSV, in the import format',
    query: userFiltersSchema,
    response: z.string(),
    handler: async ({ query, auth, reply }) => {
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="pathbuilder-users.csv"');
      return csv.exportCsv(auth, query);
    },
  });
  route({
    method: 'GET',
    url: ADMIN_USER_PATHS.one(':id'),
    access: STAFF,
    summary: 'One user',
    params: idParamSchema,
    response: adminUserResponseSchema,
    handler: async ({ params, auth }) => ({ user: await users.get(auth, params.id) }),
  });
  route({
    method: 'PUT',
    url: ADMIN_USER_PATHS.one(':id'),
    access: STAFF,
    summary:
      "Edit a user's name, e-mail and school (teachers: students of their schools); a new e-mail waits for the link mailed to it",
    params: idParamSchema,
    body: userEditBodySchema,
    response: adminUserEditResponseSchema,
    handler: ({ params, body, auth }) => users.update(auth, params.id, body),
  });
  route({
    method: 'PUT',
    url: ADMIN_USER_PATHS.status(':id'),
    access: STAFF,
    summary: 'Deactivate (signs the account out everywhere at once) or reactivate an account',
    params: idParamSchema,
    body: setStatusBodySchema,
    response: adminUserResponseSchema,
    handler: async ({ params, body, auth }) => ({
      user: await users.setStatus(auth, params.id, body.is_active),
    }),
  });
}

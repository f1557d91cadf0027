import { adminUserResponseSchema } from '../../../shared/contracts/admin-users.ts';
import { idParamSchema } from '../../../shared/contracts/common.ts';
import {
  auditLogQuerySchema,
  auditLogResponseSchema,
  setRolesBodySchema,
  USER_ROLE_PATHS,
} from '../../../shared/contracts/user-roles.ts';
import { ADMIN, type Route } from '../../plugins/routes.ts';
import type { RolesService } from './roles.service.ts';

/** Manage Users Role (spec 2.7): admins only. */
export function rolesRoutes(route: Route, roles: RolesService): void {
  route({
    method: 'PUT',
    url: USER_ROLE_PATHS.roles(':id'),
    access: ADMIN,
    summary: "Grant or remove admin and teacher, and set a teacher's schools (written to the audit log)",
    params: idParamSchema,
    body: setRolesBodySchema,
    response: adminUserResponseSchema,
    handler: async ({ params, body, auth }) => ({ user: await roles.setRoles(auth, params.id, body) }),
  });
  route({
    method: 'GET',
    url: USER_ROLE_PATHS.auditLog,
    access: ADMIN,
    summary: 'Who changed whose roles and schools, newest first',
    query: auditLogQuerySchema,
    response: auditLogResponseSchema,
    handler: ({ query }) => roles.auditLog(query),
  });
}

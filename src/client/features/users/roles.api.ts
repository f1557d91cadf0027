import { ADMIN_USER_PATHS, adminUsersResponseSchema } from '../../../shared/contracts/admin-users.ts';
import type { AdminUser } from '../../../shared/contracts/admin-users.ts';
import { LOOKUP_PATHS, schoolsResponseSchema } from '../../../shared/contracts/lookups.ts';
import type { School } from '../../../shared/contracts/lookups.ts';
import { adminUserResponseSchema } from '../../../shared/contracts/admin-users.ts';
import { auditLogResponseSchema, USER_ROLE_PATHS } from '../../../shared/contracts/user-roles.ts';
import type { AuditEntry, SetRolesBody } from '../../../shared/contracts/user-roles.ts';
import { getJson, putJson } from '../../lib/http.ts';

// Roles change under other admins' hands and take effect at once: none of these come from the 5-minute cache.

export type RoleUserPage = { data: AdminUser[]; total: number };

export async function fetchRoleUsers(
  query: { search?: string; page: number; perPage: number },
  signal?: AbortSignal,
): Promise<RoleUserPage> {
  const { data, meta } = await getJson(ADMIN_USER_PATHS.list, {
    query: { search: query.search || undefined, page: query.page, per_page: query.perPage },
    signal,
    schema: adminUsersResponseSchema,
    cache: false,
  });
  return { data, total: meta.total };
}

export async function setUserRoles(id: number, body: SetRolesBody): Promise<AdminUser> {
  return (await putJson(USER_ROLE_PATHS.roles(id), body, { schema: adminUserResponseSchema })).user;
}

export type AuditPage = { data: AuditEntry[]; total: number };

export async function fetchAuditLog(
  query: { page: number; perPage: number },
  signal?: AbortSignal,
): Promise<AuditPage> {
  const { data, meta } = await getJson(USER_ROLE_PATHS.auditLog, {
    query: { page: query.page, per_page: query.perPage },
    signal,
    schema: auditLogResponseSchema,
    cache: false,
  });
  return { data, total: meta.total };
}

/** Every school, for the teacher's-schools picker (the registration lookup: up to 1000, with locations). */
export async function fetchSchoolOptions(signal?: AbortSignal): Promise<School[]> {
  return (await getJson(LOOKUP_PATHS.schools, { signal, schema: schoolsResponseSchema, cache: false })).data;
}

import {
  ADMIN_USER_PATHS,
  adminUserEditResponseSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  importUsersResponseSchema,
} from '../../../shared/contracts/admin-users.ts';
import type {
  AdminUser,
  AdminUserEditResult,
  ImportUsersResult,
  Role,
  UserBody,
  UserEditBody,
  UserSort,
} from '../../../shared/contracts/admin-users.ts';
import { ADMIN_SCHOOL_PATHS, adminSchoolsResponseSchema } from '../../../shared/contracts/admin-schools.ts';
import {
  LOOKUP_PATHS,
  locationsResponseSchema,
  schoolsResponseSchema,
} from '../../../shared/contracts/lookups.ts';
import type { Location, School } from '../../../shared/contracts/lookups.ts';
import { api, getJson, postJson, putJson, withQuery } from '../../lib/http.ts';
import type { QueryParams } from '../../lib/http.ts';

/** The list's filters as the address and the API name them; a flag is `'1'`, `'0'` or absent. */
export type UserFilters = {
  search?: string;
  role?: Role;
  school_id?: number;
  diagnostic?: '1' | '0';
  verified?: '1' | '0';
  active?: '1' | '0';
  sort?: UserSort;
};
export type UserPage = { data: AdminUser[]; total: number; page: number; perPage: number };

// Staff edit users all day: the list and the form never come from the 5-minute cache.

export async function fetchUsers(
  filters: UserFilters,
  page: number,
  perPage: number,
  signal?: AbortSignal,
): Promise<UserPage> {
  const { data, meta } = await getJson(ADMIN_USER_PATHS.list, {
    query: { ...filters, page, per_page: perPage },
    signal,
    schema: adminUsersResponseSchema,
    cache: false,
  });
  return { data, total: meta.total, page: meta.page, perPage: meta.per_page };
}

export async function fetchUser(id: number, signal?: AbortSignal): Promise<AdminUser> {
  return (await getJson(ADMIN_USER_PATHS.one(id), { signal, schema: adminUserResponseSchema, cache: false }))
    .user;
}

export async function createUser(body: UserBody): Promise<AdminUser> {
  return (await postJson(ADMIN_USER_PATHS.list, body, { schema: adminUserResponseSchema })).user;
}

/** The user as saved, and the new address waiting for its confirmation link, if any. */
export function updateUser(id: number, body: UserEditBody): Promise<AdminUserEditResult> {
  return putJson(ADMIN_USER_PATHS.one(id), body, { schema: adminUserEditResponseSchema });
}

export async function setUserActive(id: number, isActive: boolean): Promise<AdminUser> {
  return (
    await putJson(ADMIN_USER_PATHS.status(id), { is_active: isActive }, { schema: adminUserResponseSchema })
  ).user;
}

export function importUsersCsv(csv: string): Promise<ImportUsersResult> {
  return postJson(ADMIN_USER_PATHS.importCsv, { csv }, { schema: importUsersResponseSchema });
}

/** The filtered users as CSV, past both caches: an export right after an import must hold the new users. */
export function exportUsersCsv(filters: UserFilters): Promise<string> {
  return api
    .url(withQuery(ADMIN_USER_PATHS.exportCsv, filters as QueryParams))
    .options({ cache: 'no-store' })
    .get()
    .text();
}

/** Where a user can be placed: every location, and the schools the caller manages (a teacher: their own). */
export async function fetchPlaces(
  isAdmin: boolean,
  signal?: AbortSignal,
): Promise<{ locations: Location[]; schools: School[] }> {
  const [locations, schools] = await Promise.all([
    getJson(LOOKUP_PATHS.locations, { signal, schema: locationsResponseSchema }),
    isAdmin
      ? getJson(LOOKUP_PATHS.schools, { signal, schema: schoolsResponseSchema })
      : getJson(ADMIN_SCHOOL_PATHS.list, {
          query: { per_page: 100 },
          signal,
          schema: adminSchoolsResponseSchema,
        }),
  ]);
  return { locations: locations.data, schools: schools.data };
}

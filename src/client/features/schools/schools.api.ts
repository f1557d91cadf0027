import {
  SCHOOL_REQUEST_PATHS,
  schoolRequestResponseSchema,
  schoolRequestsResponseSchema,
} from '../../../shared/contracts/school-requests.ts';
import type { SchoolRequest } from '../../../shared/contracts/school-requests.ts';
import {
  ADMIN_SCHOOL_PATHS,
  adminLocationsResponseSchema,
  adminSchoolResponseSchema,
  adminSchoolsResponseSchema,
  locationResponseSchema,
} from '../../../shared/contracts/admin-schools.ts';
import type { AdminLocation, AdminSchool, SchoolBody } from '../../../shared/contracts/admin-schools.ts';
import type { Location } from '../../../shared/contracts/lookups.ts';
import { delJson, getJson, postJson, putJson } from '../../lib/http.ts';

export type SchoolRequestPage = { data: SchoolRequest[]; total: number };

/** Open requests to join the caller's schools (all schools for an admin), newest first. */
export async function fetchSchoolRequests(perPage: number, signal?: AbortSignal): Promise<SchoolRequestPage> {
  const { data, meta } = await getJson(SCHOOL_REQUEST_PATHS.list, {
    query: { status: 'pending', per_page: perPage },
    signal,
    schema: schoolRequestsResponseSchema,
    // A work queue: another teacher may have decided a request a minute ago.
    cache: false,
  });
  return { data, total: meta.total };
}

export async function approveSchoolRequest(id: number): Promise<SchoolRequest> {
  return (await postJson(SCHOOL_REQUEST_PATHS.approve(id), {}, { schema: schoolRequestResponseSchema }))
    .request;
}

export async function denySchoolRequest(id: number): Promise<SchoolRequest> {
  return (await postJson(SCHOOL_REQUEST_PATHS.deny(id), {}, { schema: schoolRequestResponseSchema })).request;
}

// Schools and locations (Manage Schools). Writes under /admin drop this browser's cached /admin reads
// (lib/http.ts), so a school added here shows in the list at once.

export type SchoolPage = { data: AdminSchool[]; total: number };

export async function fetchSchools(
  query: { search?: string; page: number; perPage: number },
  signal?: AbortSignal,
): Promise<SchoolPage> {
  const { data, meta } = await getJson(ADMIN_SCHOOL_PATHS.list, {
    query: { search: query.search || undefined, page: query.page, per_page: query.perPage },
    signal,
    schema: adminSchoolsResponseSchema,
  });
  return { data, total: meta.total };
}

export async function fetchSchool(id: number, signal?: AbortSignal): Promise<AdminSchool> {
  return (await getJson(ADMIN_SCHOOL_PATHS.one(id), { signal, schema: adminSchoolResponseSchema })).school;
}

export async function createSchool(body: SchoolBody): Promise<AdminSchool> {
  return (await postJson(ADMIN_SCHOOL_PATHS.list, body, { schema: adminSchoolResponseSchema })).school;
}

export async function updateSchool(id: number, body: SchoolBody): Promise<AdminSchool> {
  return (await putJson(ADMIN_SCHOOL_PATHS.one(id), body, { schema: adminSchoolResponseSchema })).school;
}

export async function deleteSchool(id: number): Promise<void> {
  await delJson(ADMIN_SCHOOL_PATHS.one(id));
}

export async function fetchLocations(signal?: AbortSignal): Promise<AdminLocation[]> {
  return (await getJson(ADMIN_SCHOOL_PATHS.locations, { signal, schema: adminLocationsResponseSchema })).data;
}

export async function createLocation(name: string): Promise<Location> {
  return (await postJson(ADMIN_SCHOOL_PATHS.locations, { name }, { schema: locationResponseSchema }))
    .location;
}

export async function renameLocation(id: number, name: string): Promise<Location> {
  return (await putJson(ADMIN_SCHOOL_PATHS.location(id), { name }, { schema: locationResponseSchema }))
    .location;
}

export async function deleteLocation(id: number): Promise<void> {
  await delJson(ADMIN_SCHOOL_PATHS.location(id));
}

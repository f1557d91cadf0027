import {
  SCHOOL_REQUEST_PATHS,
  schoolRequestResponseSchema,
  schoolRequestsResponseSchema,
} from '../../../shared/contracts/school-requests.ts';
import type { SchoolRequest } from '../../../shared/contracts/school-requests.ts';
import { getJson, postJson } from '../../lib/http.ts';

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

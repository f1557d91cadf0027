import { useCallback } from 'react';
import { ADMIN_SCHOOL_PATHS, adminSchoolsResponseSchema } from '../../../shared/contracts/admin-schools.ts';
import { LOOKUP_PATHS, schoolsResponseSchema } from '../../../shared/contracts/lookups.ts';
import { getJson } from '../../lib/http.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';

export type SchoolChoice = { id: number; name: string };

/**
 * The schools a staff member may aim something at (an announcement, a resource folder): every school for an
 * admin, their own for a teacher.
 */
export async function fetchSchoolChoices(isAdmin: boolean, signal?: AbortSignal): Promise<SchoolChoice[]> {
  const answer = isAdmin
    ? await getJson(LOOKUP_PATHS.schools, { signal, schema: schoolsResponseSchema })
    : await getJson(ADMIN_SCHOOL_PATHS.list, {
        query: { per_page: 100 },
        signal,
        schema: adminSchoolsResponseSchema,
      });
  return answer.data.map((s) => ({ id: s.id, name: s.name }));
}

export function useSchoolChoices(isAdmin: boolean): LoadState<SchoolChoice[]> {
  const load = useCallback((signal: AbortSignal) => fetchSchoolChoices(isAdmin, signal), [isAdmin]);
  return useLoad(load);
}

import {
  LOOKUP_PATHS,
  locationsResponseSchema,
  schoolsResponseSchema,
} from '../../../shared/contracts/lookups.ts';
import type { Location, School } from '../../../shared/contracts/lookups.ts';
import { getJson } from '../../lib/http.ts';

// Public lookups for the registration and account forms; cached like any GET (5 minutes).

export async function fetchLocations(signal?: AbortSignal): Promise<Location[]> {
  const { data } = await getJson(LOOKUP_PATHS.locations, { signal, schema: locationsResponseSchema });
  return data;
}

/** The schools of one location, or (null) every school, by name (the server answers 1,000 at most). */
export async function fetchSchools(locationId: number | null, signal?: AbortSignal): Promise<School[]> {
  const { data } = await getJson(LOOKUP_PATHS.schools, {
    query: { location_id: locationId ?? undefined },
    signal,
    schema: schoolsResponseSchema,
  });
  return data;
}

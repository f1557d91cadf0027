import {
  LOOKUP_PATHS,
  locationsResponseSchema,
  schoolsQuerySchema,
  schoolsResponseSchema,
} from '../../../shared/contracts/lookups.ts';
import type { Route } from '../../plugins/routes.ts';
import type { SchoolsService } from './schools.service.ts';

export function lookupsRoutes(route: Route, schools: SchoolsService): void {
  route({
    method: 'GET',
    url: LOOKUP_PATHS.locations,
    access: 'public',
    summary: 'Locations, for the registration form',
    response: locationsResponseSchema,
    handler: async () => ({ data: await schools.locations() }),
  });
  route({
    method: 'GET',
    url: LOOKUP_PATHS.schools,
    access: 'public',
    summary: 'Schools, optionally of one location, for the registration form',
    query: schoolsQuerySchema,
    response: schoolsResponseSchema,
    handler: async ({ query }) => ({
      data: await schools.schools({ locationId: query.location_id, search: query.search }),
    }),
  });
}

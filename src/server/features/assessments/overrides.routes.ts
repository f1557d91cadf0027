import {
  OVERRIDE_PATHS,
  overrideBodySchema,
  overrideParamsSchema,
  overrideResponseSchema,
  overridesResponseSchema,
  schoolOverrideParamsSchema,
} from '../../../shared/contracts/overrides.ts';
import { idParamSchema } from '../../../shared/contracts/common.ts';
import { type Route, STAFF } from '../../plugins/routes.ts';
import type { OverridesService } from './overrides.service.ts';

/** Accommodations and overrides of one assessment (issue 27): staff who may manage it, teachers for their schools. */
export function overridesRoutes(route: Route, overrides: OverridesService): void {
  route({
    method: 'GET',
    url: OVERRIDE_PATHS.list(':id'),
    access: STAFF,
    summary: 'Its overrides (extra time, close date, attempts) per student and school, with names',
    params: idParamSchema,
    response: overridesResponseSchema,
    handler: async ({ params, auth }) => ({ data: await overrides.list(auth, params.id) }),
  });
  route({
    method: 'PUT',
    url: OVERRIDE_PATHS.student(':id', ':userId'),
    access: STAFF,
    summary:
      'Give one student extra time, another close date or more attempts (their attempt in progress follows)',
    params: overrideParamsSchema,
    body: overrideBodySchema,
    response: overrideResponseSchema,
    handler: async ({ params, body, auth }) => ({
      override: await overrides.putStudent(auth, params.id, params.userId, body),
    }),
  });
  route({
    method: 'DELETE',
    url: OVERRIDE_PATHS.student(':id', ':userId'),
    access: STAFF,
    summary:
      'Remove one student’s override (their attempt in progress goes back to the normal time, not before now)',
    params: overrideParamsSchema,
    handler: ({ params, auth }) => overrides.removeStudent(auth, params.id, params.userId),
  });
  route({
    method: 'PUT',
    url: OVERRIDE_PATHS.school(':id', ':schoolId'),
    access: STAFF,
    summary: 'Give every student of one school extra time, another close date or more attempts',
    params: schoolOverrideParamsSchema,
    body: overrideBodySchema,
    response: overrideResponseSchema,
    handler: async ({ params, body, auth }) => ({
      override: await overrides.putSchool(auth, params.id, params.schoolId, body),
    }),
  });
  route({
    method: 'DELETE',
    url: OVERRIDE_PATHS.school(':id', ':schoolId'),
    access: STAFF,
    summary: 'Remove one school’s override',
    params: schoolOverrideParamsSchema,
    handler: ({ params, auth }) => overrides.removeSchool(auth, params.id, params.schoolId),
  });
}

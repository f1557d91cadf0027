import { z } from 'zod';
import { listOf, listQuerySchema } from './common.ts';
import { locationSchema, schoolSchema } from './lookups.ts';
import { visibleText } from './visible-text.ts';

/**
 * Manage Schools (/admin/schools, /admin/school/{id?}). Two levels: a location holds schools, a school holds
 * its students and teachers. Admins manage all of it; a teacher reads their own schools. Registration's
 * lookups (lookups.ts) read the same tables.
 */

export const adminSchoolsQuerySchema = listQuerySchema.extend({
  location_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const adminSchoolSchema = schoolSchema.extend({
  student_count: z.number(),
  teacher_count: z.number(),
});
export type AdminSchool = z.infer<typeof adminSchoolSchema>;
export const adminSchoolsResponseSchema = listOf(adminSchoolSchema);
export const adminSchoolResponseSchema = z.object({ school: adminSchoolSchema });

export const schoolBodySchema = z.strictObject({
  name: visibleText('The name must be at least 2 characters.', 2).max(200),
  location_id: z.number().int().positive().max(2_147_483_647),
});
export type SchoolBody = z.input<typeof schoolBodySchema>;

export const locationBodySchema = z.strictObject({
  name: visibleText('The name must be at least 2 characters.', 2).max(200),
});
export type LocationBody = z.input<typeof locationBodySchema>;
export const locationResponseSchema = z.object({ location: locationSchema });

/** A location with what lies in it: one that holds anything cannot be deleted. */
export const adminLocationSchema = locationSchema.extend({
  school_count: z.number(),
  user_count: z.number(),
});
export type AdminLocation = z.infer<typeof adminLocationSchema>;
export const adminLocationsResponseSchema = z.object({ data: z.array(adminLocationSchema) });

export const ADMIN_SCHOOL_PATHS = {
  list: '/admin/schools',
  one: (id: number | string) => `/admin/schools/${id}`,
  locations: '/admin/locations',
  location: (id: number | string) => `/admin/locations/${id}`,
} as const;

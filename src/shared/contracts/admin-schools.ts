import { z } from 'zod';
import { listOf, listQuerySchema } from './common.ts';
import { locationSchema, schoolSchema } from './lookups.ts';

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
  name: z.string().trim().min(2, 'The name must be at least 2 characters.').max(200),
  location_id: z.number().int().positive().max(2_147_483_647),
});
export type SchoolBody = z.input<typeof schoolBodySchema>;

export const locationBodySchema = z.strictObject({ name: z.string().trim().min(2).max(200) });
export const locationResponseSchema = z.object({ location: locationSchema });

export const ADMIN_SCHOOL_PATHS = {
  list: '/admin/schools',
  one: (id: number | string) => `/admin/schools/${id}`,
  locations: '/admin/locations',
} as const;

import { z } from 'zod';
import { idTextSchema } from './common.ts';

export const locationSchema = z.object({ id: z.number(), name: z.string() });
export type Location = z.infer<typeof locationSchema>;
export const schoolSchema = z.object({
  id: z.number(),
  name: z.string(),
  location_id: z.number(),
  location_name: z.string(),
});
export type School = z.infer<typeof schoolSchema>;

export const locationsResponseSchema = z.object({ data: z.array(locationSchema) });
export const schoolsQuerySchema = z.strictObject({
  location_id: idTextSchema.optional(),
  search: z.string().trim().max(200).optional(),
});
export const schoolsResponseSchema = z.object({ data: z.array(schoolSchema) });

export { LOOKUP_PATHS } from '../api-paths.ts';

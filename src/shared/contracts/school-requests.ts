import { z } from 'zod';
import { listOf, listQuerySchema } from './common.ts';

/** DESIGN.md section 4: a student asks to join or move to a school; that school's staff decide. */
export const schoolRequestStatusSchema = z.enum(['pending', 'approved', 'denied', 'withdrawn']);
export type SchoolRequestStatus = z.infer<typeof schoolRequestStatusSchema>;

export const schoolRequestSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  full_name: z.string(),
  email: z.string(),
  school_id: z.number(),
  school_name: z.string(),
  /** The school the student is in now (null: none), so staff see a move for what it is. */
  current_school_id: z.number().nullable(),
  current_school_name: z.string().nullable(),
  status: schoolRequestStatusSchema,
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type SchoolRequest = z.infer<typeof schoolRequestSchema>;

export const schoolRequestsQuerySchema = listQuerySchema.extend({
  status: schoolRequestStatusSchema.optional().default('pending'),
});
export type SchoolRequestsQuery = z.output<typeof schoolRequestsQuerySchema>;
export const schoolRequestsResponseSchema = listOf(schoolRequestSchema);
export const schoolRequestResponseSchema = z.object({ request: schoolRequestSchema });

export const SCHOOL_REQUEST_PATHS = {
  list: '/admin/school-requests',
  approve: (id: number | string) => `/admin/school-requests/${id}/approve`,
  deny: (id: number | string) => `/admin/school-requests/${id}/deny`,
} as const;

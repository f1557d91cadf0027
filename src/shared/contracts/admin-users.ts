import { z } from 'zod';
import { userSchema } from './auth.ts';
import { listOf, listQuerySchema } from './common.ts';

export const roleSchema = z.enum(['admin', 'teacher', 'student']);
export type Role = z.infer<typeof roleSchema>;

export const adminUsersQuerySchema = listQuerySchema.extend({
  role: roleSchema.optional(),
  school_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;
export const adminUserSchema = userSchema.extend({
  role: roleSchema,
  teacher_school_ids: z.array(z.number()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = listOf(adminUserSchema);
export const adminUserResponseSchema = z.object({ user: adminUserSchema });

export const setRoleBodySchema = z.strictObject({
  role: roleSchema,
  /** For teachers: the schools they teach. */
  teacher_school_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(100).optional(),
});
export const setStatusBodySchema = z.strictObject({ is_active: z.boolean() });

export const ADMIN_USER_PATHS = {
  list: '/admin/users',
  one: (id: number | string) => `/admin/users/${id}`,
  role: (id: number | string) => `/admin/users/${id}/role`,
  status: (id: number | string) => `/admin/users/${id}/status`,
} as const;

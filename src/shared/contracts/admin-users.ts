import { z } from 'zod';
import { emailSchema, userSchema } from './auth.ts';
import { csvImportBodySchema, csvImportResponseSchema, idSchema, listOf, listQuerySchema } from './common.ts';
import { timeMultiplierSchema } from './overrides.ts';
import { visibleText } from './visible-text.ts';

export const roleSchema = z.enum(['admin', 'teacher', 'student']);
export type Role = z.infer<typeof roleSchema>;

// ---------------------------------------------------------------------------------------------------------
// The Users back office (/admin/users, /admin/user/{id?}): list, create, edit, import and export.

/** A yes/no filter in a query string: `1`/`true` or `0`/`false`. */
const flagSchema = z
  .enum(['1', '0', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

export const USER_SORTS = ['name', '-name', 'email', '-email', 'created_at', '-created_at'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** The filters of the list, shared by the CSV export. */
export const userFiltersSchema = z.strictObject({
  search: z.string().trim().max(200).optional(),
  role: roleSchema.optional(),
  school_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Has taken the diagnostic test. */
  diagnostic: flagSchema,
  verified: flagSchema,
  active: flagSchema,
  sort: z.enum(USER_SORTS, { message: `Sort by one of ${USER_SORTS.join(', ')}.` }).default('name'),
});
export type UserFilters = z.output<typeof userFiltersSchema>;

const fullNameSchema = visibleText('The full name must be at least 2 characters.', 2).max(120);

/**
 * A user as staff create them. A teacher may only make students of their own schools; the school must lie
 * in the location. teacher_school_ids matters for teachers only.
 */
export const userBodySchema = z.strictObject({
  full_name: fullNameSchema,
  email: emailSchema,
  role: roleSchema.default('student'),
  location_id: idSchema.nullable().default(null),
  school_id: idSchema.nullable().default(null),
  teacher_school_ids: z.array(idSchema).max(100).default([]),
});
export type UserBody = z.input<typeof userBodySchema>;
export type UserInput = z.output<typeof userBodySchema>;
/** Editing changes who and where; roles change on Manage Users Role, which keeps the audit log. */
export const userEditBodySchema = userBodySchema.omit({ role: true, teacher_school_ids: true }).extend({
  /**
   * A student's standing extra time: every timed assessment's limit is multiplied by it (1–4; null: none).
   * Left out: unchanged. An override of one assessment may replace it (contracts/overrides.ts).
   */
  time_multiplier: timeMultiplierSchema.nullable().optional(),
});
export type UserEditBody = z.input<typeof userEditBodySchema>;
export type UserEditInput = z.output<typeof userEditBodySchema>;

export const importUsersBodySchema = csvImportBodySchema;
export const importUsersResponseSchema = csvImportResponseSchema;
export type ImportUsersResult = z.infer<typeof importUsersResponseSchema>;

/** CSV columns of import and export, in order; export adds the read-only columns after them. */
export const USER_CSV_COLUMNS = ['full_name', 'email', 'role', 'school', 'location'] as const;
export const USER_CSV_EXPORT_COLUMNS = [
  ...USER_CSV_COLUMNS,
  'diagnostic_taken',
  'verified',
  'active',
  'created_at',
] as const;
/** One file: more is a job for several files (each row is checked against the database). */
export const USER_IMPORT_MAX_ROWS = 2000;

export const adminUsersQuerySchema = listQuerySchema.extend(userFiltersSchema.shape);
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;
export const adminUserSchema = userSchema.extend({
  role: roleSchema,
  teacher_school_ids: z.array(z.number()),
  /** When the user's device last delivered answers or a submission (students); null: never. */
  last_synced_at: z.string().nullable(),
  /** A student's standing time multiplier for every timed assessment (null: none). */
  time_multiplier: z.number().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = listOf(adminUserSchema);
export const adminUserResponseSchema = z.object({ user: adminUserSchema });
/**
 * An edit's answer. A new e-mail address is not the user's yet: it waits, in `pending_email`, for the link
 * mailed to it (null when no change waits).
 */
export const adminUserEditResponseSchema = adminUserResponseSchema.extend({
  pending_email: z.string().nullable(),
});
export type AdminUserEditResult = z.infer<typeof adminUserEditResponseSchema>;

export const setStatusBodySchema = z.strictObject({ is_active: z.boolean() });

export const ADMIN_USER_PATHS = {
  list: '/admin/users',
  one: (id: number | string) => `/admin/users/${id}`,
  /** Manage Users Role: user-roles.ts. */
  role: (id: number | string) => `/admin/users/${id}/role`,
  status: (id: number | string) => `/admin/users/${id}/status`,
  importCsv: '/admin/users/import',
  exportCsv: '/admin/users/export',
} as const;

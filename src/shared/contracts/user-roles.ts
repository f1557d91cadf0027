import { z } from 'zod';
import { roleSchema } from './admin-users.ts';
import { listOf, listQuerySchema } from './common.ts';

const idSchema = z.number().int().positive().max(2_147_483_647);

/**
 * Manage Users Role (admins only). Admin and teacher are two roles, granted and revoked on their own:
 * send `is_admin` and/or `is_teacher`, and for a teacher `teacher_school_ids` (the schools they teach).
 * The older shape `{ role, teacher_school_ids? }` still works: it sets exactly that one role.
 */
export const setRolesBodySchema = z
  .strictObject({
    role: roleSchema.optional(),
    is_admin: z.boolean().optional(),
    is_teacher: z.boolean().optional(),
    teacher_school_ids: z.array(idSchema).max(100).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.role !== undefined && (body.is_admin !== undefined || body.is_teacher !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['role'],
        message: 'Send either a role or is_admin and is_teacher, not both.',
      });
    }
    if (
      body.role === undefined &&
      body.is_admin === undefined &&
      body.is_teacher === undefined &&
      body.teacher_school_ids === undefined
    ) {
      ctx.addIssue({ code: 'custom', path: ['role'], message: 'Say which role to grant or remove.' });
    }
  });
export type SetRolesBody = z.input<typeof setRolesBodySchema>;

export const AUDIT_ACTIONS = [
  'grant_admin',
  'revoke_admin',
  'grant_teacher',
  'revoke_teacher',
  'set_teacher_schools',
  // An exam saved with questions whose answers Test Yourself had shown (target: the exam, not a user).
  'use_revealed_questions',
  // Staff edits of a user (Manage Users): every field, and whether the account may sign in.
  'edit_name',
  'edit_email',
  'request_email_change',
  'set_school',
  'set_location',
  'deactivate',
  'reactivate',
  // Staff sent a student practice on some topics (learning profile): after lists the topics.
  'assign_practice',
  // Accommodations (issue 27): an assessment's override for a student or school set or removed (before and
  // after read the rules), and a student's standing time multiplier changed.
  'set_override',
  'remove_override',
  'set_time_multiplier',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One row of the audit log: who changed what for whom, when (roles, and every staff edit of a user). */
export const auditEntrySchema = z.object({
  id: z.number(),
  actor_id: z.number().nullable(),
  actor_name: z.string(),
  target_user_id: z.number().nullable(),
  target_name: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Readable: "student", "teacher", "admin, teacher"; for schools their names, or "none". */
  before: z.string(),
  after: z.string(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = listQuerySchema.extend({
  /** Only the changes made to this user. */
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
export const auditLogResponseSchema = listOf(auditEntrySchema);

/** How the screen names an action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  grant_admin: 'Granted admin',
  revoke_admin: 'Removed admin',
  grant_teacher: 'Granted teacher',
  revoke_teacher: 'Removed teacher',
  set_teacher_schools: "Changed teacher's schools",
  use_revealed_questions: 'Used questions Test Yourself had shown',
  edit_name: 'Changed name',
  edit_email: 'Changed e-mail (not signed in yet)',
  request_email_change: 'Asked to change e-mail (waits for confirmation)',
  set_school: 'Changed school',
  set_location: 'Changed location',
  deactivate: 'Deactivated',
  reactivate: 'Reactivated',
  assign_practice: 'Assigned practice',
  set_override: 'Set an assessment override',
  remove_override: 'Removed an assessment override',
  set_time_multiplier: 'Changed standing extra time',
};

export const USER_ROLE_PATHS = {
  roles: (id: number | string) => `/admin/users/${id}/role`,
  auditLog: '/admin/audit-log',
} as const;

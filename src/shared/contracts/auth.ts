import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { idSchema } from './common.ts';
import { visibleText } from './visible-text.ts';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'The email must be a valid email address.' }));
const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`);

/** The user as the client keeps it (spec section 3). */
export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  full_name: z.string(),
  is_admin: z.number(),
  is_teacher: z.number(),
  taken_diagnostics: z.number(),
  email_verified: z.boolean(),
  school_id: z.number().nullable(),
  school_name: z.string().nullable(),
  location_id: z.number().nullable(),
  location_name: z.string().nullable(),
  /** A school the student asked to join that its staff have not decided on yet (DESIGN.md section 4). */
  pending_school_id: z.number().nullable().optional(),
  pending_school_name: z.string().nullable().optional(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, 'The password field is required.').max(PASSWORD_MAX_LENGTH),
  remember: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;
export const loginResponseSchema = z.object({ access_token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshResponseSchema = z.object({ user: userSchema });

function confirmed<T extends z.ZodType<{ password: string; password_confirmation: string }>>(schema: T) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The password confirmation does not match.',
  });
}

export const registerBodySchema = confirmed(
  z.strictObject({
    full_name: visibleText('The full name must be at least 2 characters.', 2).max(120),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
    location_id: idSchema,
    school_id: idSchema,
  }),
);
export type RegisterBody = z.input<typeof registerBodySchema>;

export const sendEmailBodySchema = z.strictObject({ email: emailSchema });

export const verifyEmailParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const verifyEmailBodySchema = z.strictObject({
  signature: z.string().regex(/^[a-f0-9]{64}$/, 'The signature is invalid.'),
  expires: z.coerce.number().int().positive(),
});
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;

export const resetPasswordBodySchema = confirmed(
  z.strictObject({
    token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This password reset token is invalid.'),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  }),
);
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const changePasswordBodySchema = confirmed(
  z.strictObject({
    current_password: z.string().min(1, 'The current password field is required.').max(PASSWORD_MAX_LENGTH),
    password: passwordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH),
  }),
);
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** The account screen: what a user may change about themselves. */
export const updateAccountBodySchema = z.strictObject({
  full_name: visibleText('The full name must be at least 2 characters.', 2).max(120),
  email: emailSchema,
  location_id: idSchema.nullable(),
  school_id: idSchema.nullable(),
});
export type UpdateAccountBody = z.input<typeof updateAccountBodySchema>;

export { AUTH_PATHS } from '../api-paths.ts';

import { proxy, useSnapshot } from 'valtio';
import type { ChangePasswordBody, ResetPasswordBody } from '../../../shared/contracts/auth.ts';
import type { FieldErrors } from '../../../shared/contracts/common.ts';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { authState } from '../../shell/session.ts';
import { changePasswordRequest, resetPasswordRequest, sendResetPasswordEmailRequest } from './auth.api.ts';

// Spec sections 5 and 8: the server's errors object of a failed password change or reset is kept here
// for the form to show next to each field.
export const passwordState = proxy<{ changeErrors: FieldErrors; resetErrors: FieldErrors }>({
  changeErrors: {},
  resetErrors: {},
});

export function clearPasswordErrors(): void {
  passwordState.changeErrors = {};
  passwordState.resetErrors = {};
}

// A failure without per-field errors (network, 5xx) still needs a place on the form.
function errorsOf(error: unknown): FieldErrors {
  if (error instanceof ApiError && error.errors) return error.errors;
  return { form: [errorMessage(error)] };
}

/** True when saved. A failure is not thrown: its errors land in `passwordState.changeErrors`. */
export async function changePassword(body: ChangePasswordBody): Promise<boolean> {
  passwordState.changeErrors = {};
  const userId = authState.user?.id;
  if (userId === undefined) {
    passwordState.changeErrors = { form: ['Log in to change your password.'] };
    return false;
  }
  try {
    await changePasswordRequest(userId, body);
    return true;
  } catch (error) {
    passwordState.changeErrors = errorsOf(error);
    return false;
  }
}

/** Stores the server's errors when it sent any, then rethrows (spec section 8). */
export async function resetPassword(body: ResetPasswordBody): Promise<string | undefined> {
  passwordState.resetErrors = {};
  try {
    return await resetPasswordRequest(body);
  } catch (error) {
    if (error instanceof ApiError && error.errors) passwordState.resetErrors = error.errors;
    throw error;
  }
}

export function sendResetPasswordEmail(email: string): Promise<string> {
  return sendResetPasswordEmailRequest(email);
}

export function usePasswordErrors(): { changeErrors: FieldErrors; resetErrors: FieldErrors } {
  return useSnapshot(passwordState) as { changeErrors: FieldErrors; resetErrors: FieldErrors };
}

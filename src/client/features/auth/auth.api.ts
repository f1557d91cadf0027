import { z } from 'zod';
import {
  AUTH_PATHS,
  loginResponseSchema,
  refreshResponseSchema,
  userSchema,
} from '../../../shared/contracts/auth.ts';
import type {
  ChangePasswordBody,
  LoginBody,
  LoginResponse,
  RegisterBody,
  ResetPasswordBody,
  UpdateAccountBody,
  User,
  VerifyEmailBody,
} from '../../../shared/contracts/auth.ts';
import { messageSchema } from '../../../shared/contracts/common.ts';
import { getJson, postJson, publicApi, publicPostJson, putJson } from '../../lib/http.ts';

// The contract does not fix these answers (spec: "result not shown"); a message is used when present.
const optionalMessageSchema = z.object({ message: z.string() }).partial().optional();
const userEnvelopeSchema = z.object({ user: userSchema });

export function loginRequest(body: LoginBody): Promise<LoginResponse> {
  return postJson(AUTH_PATHS.login, body, { schema: loginResponseSchema });
}

/** Revokes `token` on the server. Sent outside the 401 catalogue: the session is already gone locally. */
export async function logoutRequest(token: string): Promise<void> {
  await publicApi.auth(`Bearer ${token}`).post({}, AUTH_PATHS.logout).res();
}

export async function fetchCurrentUser(): Promise<User> {
  const { user } = await getJson(AUTH_PATHS.refresh, { cache: false, schema: refreshResponseSchema });
  return user;
}

export function registerRequest(body: RegisterBody): Promise<LoginResponse> {
  return postJson(AUTH_PATHS.register, body, { schema: loginResponseSchema });
}

export async function sendVerificationEmailRequest(email: string): Promise<string> {
  const { message } = await postJson(AUTH_PATHS.sendVerificationEmail, { email }, { schema: messageSchema });
  return message;
}

export async function verifyEmailRequest(id: string, body: VerifyEmailBody): Promise<string | undefined> {
  const answer = await publicPostJson(AUTH_PATHS.verifyEmail(id), body, { schema: optionalMessageSchema });
  return answer?.message;
}

export async function sendResetPasswordEmailRequest(email: string): Promise<string> {
  const { message } = await postJson(AUTH_PATHS.sendResetPasswordEmail, { email }, { schema: messageSchema });
  return message;
}

export async function resetPasswordRequest(body: ResetPasswordBody): Promise<string | undefined> {
  const answer = await postJson(AUTH_PATHS.resetPassword, body, { schema: optionalMessageSchema });
  return answer?.message;
}

export async function changePasswordRequest(
  userId: number,
  body: ChangePasswordBody,
): Promise<string | undefined> {
  const answer = await putJson(AUTH_PATHS.changePassword(userId), body, { schema: optionalMessageSchema });
  return answer?.message;
}

export async function updateAccountRequest(userId: number, body: UpdateAccountBody): Promise<User> {
  const { user } = await putJson(AUTH_PATHS.account(userId), body, { schema: userEnvelopeSchema });
  return user;
}

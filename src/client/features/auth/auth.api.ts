import { AUTH_PATHS } from '../../../shared/api-paths.ts';
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
import type { Message } from '../../../shared/contracts/common.ts';
import { getJson, postJson, publicApi, publicPostJson, putJson } from '../../lib/http.ts';

// Types only: the server serialises every answer through its contract schema, and keeping zod out of
// this module keeps it out of the first screen's JavaScript. "result not shown" answers may carry a message.
type OptionalMessage = Partial<Message> | undefined;

export function loginRequest(body: LoginBody): Promise<LoginResponse> {
  return postJson<LoginResponse>(AUTH_PATHS.login, body);
}

/** Revokes `token` on the server. Sent outside the 401 catalogue: the session is already gone locally. */
export async function logoutRequest(token: string): Promise<void> {
  await publicApi.auth(`Bearer ${token}`).post({}, AUTH_PATHS.logout).res();
}

export async function fetchCurrentUser(): Promise<User> {
  const { user } = await getJson<{ user: User }>(AUTH_PATHS.refresh, { cache: false });
  return user;
}

export function registerRequest(body: RegisterBody): Promise<LoginResponse> {
  return postJson<LoginResponse>(AUTH_PATHS.register, body);
}

export async function sendVerificationEmailRequest(email: string): Promise<string> {
  const { message } = await postJson<Message>(AUTH_PATHS.sendVerificationEmail, { email });
  return message;
}

export async function verifyEmailRequest(id: string, body: VerifyEmailBody): Promise<string | undefined> {
  const answer = await publicPostJson<OptionalMessage>(AUTH_PATHS.verifyEmail(id), body);
  return answer?.message;
}

export async function sendResetPasswordEmailRequest(email: string): Promise<string> {
  const { message } = await postJson<Message>(AUTH_PATHS.sendResetPasswordEmail, { email });
  return message;
}

export async function resetPasswordRequest(body: ResetPasswordBody): Promise<string | undefined> {
  const answer = await postJson<OptionalMessage>(AUTH_PATHS.resetPassword, body);
  return answer?.message;
}

export async function changePasswordRequest(
  userId: number,
  body: ChangePasswordBody,
): Promise<string | undefined> {
  const answer = await putJson<OptionalMessage>(AUTH_PATHS.changePassword(userId), body);
  return answer?.message;
}

export async function updateAccountRequest(userId: number, body: UpdateAccountBody): Promise<User> {
  const { user } = await putJson<{ user: User }>(AUTH_PATHS.account(userId), body);
  return user;
}

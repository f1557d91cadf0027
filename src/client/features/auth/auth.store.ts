import type {
  LoginBody,
  RegisterBody,
  UpdateAccountBody,
  User,
  VerifyEmailBody,
} from '../../../shared/contracts/auth.ts';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { authState, clearLocalSession, replaceUser, startSession } from '../../shell/session.ts';
import {
  fetchCurrentUser,
  loginRequest,
  logoutRequest,
  registerRequest,
  sendVerificationEmailRequest,
  updateAccountRequest,
  verifyEmailRequest,
} from './auth.api.ts';

// Signing in and out through the server; the session itself (who, which token, where it is kept) is
// shell/session.ts, which every screen reads.

/** Failures are rethrown (spec section 8): the login screen shows them. */
export async function login(body: LoginBody): Promise<User> {
  const { access_token, user } = await loginRequest(body);
  startSession(access_token, user, body.remember === true);
  return user;
}

/** A new account is signed in for this tab only, as if remember-me were off. */
export async function register(body: RegisterBody): Promise<User> {
  const { access_token, user } = await registerRequest(body);
  startSession(access_token, user, false);
  return user;
}

export async function logout(): Promise<void> {
  const token = authState.token;
  await clearLocalSession();
  // Best effort and not awaited: a slow server must not keep someone on a screen they chose to leave.
  if (token) {
    logoutRequest(token).catch((error: unknown) => console.error(errorMessage(error)));
  }
}

/** Also the start-up call (main.tsx): a stored token means the user is refreshed, and logged out on a 401. */
export async function refreshUser(): Promise<void> {
  const token = authState.token;
  if (!token) return;
  try {
    const user = await fetchCurrentUser();
    // Someone else may have signed in while the request was out.
    if (authState.token === token) replaceUser(user);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      if (authState.token === token) await logout();
      return;
    }
    console.error(errorMessage(error));
  }
}

/** Spec section 7: sends the link to the user's address, then refreshes the user. */
export async function sendVerificationEmail(): Promise<string> {
  const email = authState.user?.email;
  try {
    if (!email) throw new Error('Log in to request a verification e-mail.');
    const message = await sendVerificationEmailRequest(email);
    await refreshUser();
    return message;
  } catch (error) {
    console.error(errorMessage(error));
    throw error;
  }
}

export async function verifyEmail(id: string, body: VerifyEmailBody): Promise<string | undefined> {
  try {
    const message = await verifyEmailRequest(id, body);
    await refreshUser();
    return message;
  } catch (error) {
    console.error(errorMessage(error));
    throw error;
  }
}

export async function updateAccount(body: UpdateAccountBody): Promise<User> {
  const current = authState.user;
  if (!current) throw new Error('Log in to change your account.');
  const user = await updateAccountRequest(current.id, body);
  replaceUser(user);
  return user;
}

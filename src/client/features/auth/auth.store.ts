import { clearServiceWorkerApiCache } from '../../lib/sw-cache.ts';
import { proxy, useSnapshot } from 'valtio';
import { NOTIFICATION_COUNT_KEY } from '../../../shared/constants.ts';
import type {
  LoginBody,
  RegisterBody,
  UpdateAccountBody,
  User,
  VerifyEmailBody,
} from '../../../shared/contracts/auth.ts';
import { clearGetCache } from '../../lib/get-cache.ts';
import { ApiError, errorMessage, setAuthSource, setUnauthorizedHandler } from '../../lib/http.ts';
import { onOtherTabChange, readItem, removeBoth, writeItem } from '../../lib/storage.ts';
import type { StorageKind } from '../../lib/storage.ts';
import {
  fetchCurrentUser,
  loginRequest,
  logoutRequest,
  registerRequest,
  sendVerificationEmailRequest,
  updateAccountRequest,
  verifyEmailRequest,
} from './auth.api.ts';

export const TOKEN_KEY = 'auth_token';
export const USER_KEY = 'auth_user';

interface AuthState {
  user: User | null;
  token: string | null;
}

/** A stored user from an older version or another app is dropped rather than trusted. */
function looksLikeUser(v: unknown): v is User {
  if (typeof v !== 'object' || v === null) return false;
  const u = v as Record<string, unknown>;
  return (
    typeof u.id === 'number' &&
    typeof u.email === 'string' &&
    typeof u.full_name === 'string' &&
    typeof u.is_admin === 'number' &&
    typeof u.is_teacher === 'number' &&
    typeof u.taken_diagnostics === 'number'
  );
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return looksLikeUser(value) ? value : null;
  } catch {
    return null;
  }
}

function readStoredSession(): AuthState & { kind: StorageKind | null } {
  for (const kind of ['session', 'local'] as const) {
    const token = readItem(kind, TOKEN_KEY);
    if (token) return { token, user: parseUser(readItem(kind, USER_KEY)), kind };
  }
  return { token: null, user: null, kind: null };
}

const stored = readStoredSession();
export const authState = proxy<AuthState>({ user: stored.user, token: stored.token });
// Where the current session lives: local storage for remember-me, session storage otherwise.
let persistence: StorageKind | null = stored.kind;

setAuthSource({ token: () => authState.token, userId: () => authState.user?.id ?? null });
setUnauthorizedHandler(() => void clearLocalSession());

onOtherTabChange(TOKEN_KEY, (token) => {
  // Logging out in one tab of a remembered session logs out the others.
  if (persistence === 'local' && token === null) {
    authState.token = null;
    authState.user = null;
    persistence = null;
  }
});

function startSession(token: string, user: User, remember: boolean): void {
  removeBoth(TOKEN_KEY);
  removeBoth(USER_KEY);
  persistence = remember ? 'local' : 'session';
  writeItem(persistence, TOKEN_KEY, token);
  writeItem(persistence, USER_KEY, JSON.stringify(user));
  authState.token = token;
  authState.user = user;
}

function replaceUser(user: User): void {
  // The same record again (the refresh at every start, mostly) changes nothing: no re-render of the app.
  if (JSON.stringify(user) === JSON.stringify(authState.user)) return;
  authState.user = user;
  if (persistence) writeItem(persistence, USER_KEY, JSON.stringify(user));
}

async function clearLocalSession(): Promise<void> {
  authState.token = null;
  authState.user = null;
  persistence = null;
  removeBoth(TOKEN_KEY);
  removeBoth(USER_KEY);
  removeBoth(NOTIFICATION_COUNT_KEY);
  await Promise.all([clearGetCache(), clearServiceWorkerApiCache()]);
}

export function hasStoredToken(): boolean {
  return authState.token !== null;
}

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

export function roleOf(
  user: Pick<User, 'is_admin' | 'is_teacher'> | null,
): 'admin' | 'teacher' | 'student' | null {
  if (!user) return null;
  if (user.is_admin) return 'admin';
  if (user.is_teacher) return 'teacher';
  return 'student';
}

export function useAuth(): AuthState {
  return useSnapshot(authState);
}

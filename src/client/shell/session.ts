import { proxy, subscribe, useSnapshot } from 'valtio';
import { NOTIFICATION_COUNT_KEY } from '../../shared/constants.ts';
import type { User } from '../../shared/contracts/auth.ts';
import { clearGetCache } from '../lib/get-cache.ts';
import { authChanged, setAuthSource } from '../lib/auth-source.ts';
import { setUnauthorizedHandler } from '../lib/http.ts';
import { dropPaintedDashboard } from '../lib/painted-dashboard.ts';
import { onOtherTabChange, readItem, removeBoth, writeItem } from '../lib/storage.ts';
import type { StorageKind } from '../lib/storage.ts';
import { clearServiceWorkerApiCache } from '../lib/sw-cache.ts';
import { PATHS } from './paths.ts';

// The session every screen reads: who is signed in and their token, kept in step with the browser's storage.
// Signing in and out through the server is the auth feature's (features/auth/auth.store.ts).

export const TOKEN_KEY = 'auth_token';
export const USER_KEY = 'auth_user';

export interface AuthState {
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
// lib modules that follow the session (offline content) hear of every change through lib/http.ts.
subscribe(authState, authChanged);

onOtherTabChange(TOKEN_KEY, (token) => {
  // Logging out in one tab of a remembered session logs out the others.
  if (persistence === 'local' && token === null) {
    authState.token = null;
    authState.user = null;
    persistence = null;
  }
});

export function startSession(token: string, user: User, remember: boolean): void {
  // The dashboard painted for whoever was signed in before is never shown to this session.
  void dropPaintedDashboard();
  removeBoth(TOKEN_KEY);
  removeBoth(USER_KEY);
  persistence = remember ? 'local' : 'session';
  writeItem(persistence, TOKEN_KEY, token);
  writeItem(persistence, USER_KEY, JSON.stringify(user));
  authState.token = token;
  authState.user = user;
}

export function replaceUser(user: User): void {
  // The same record again (the refresh at every start, mostly) changes nothing: no re-render of the app.
  if (JSON.stringify(user) === JSON.stringify(authState.user)) return;
  authState.user = user;
  if (persistence) writeItem(persistence, USER_KEY, JSON.stringify(user));
}

export async function clearLocalSession(): Promise<void> {
  authState.token = null;
  authState.user = null;
  persistence = null;
  removeBoth(TOKEN_KEY);
  removeBoth(USER_KEY);
  removeBoth(NOTIFICATION_COUNT_KEY);
  // The painted dashboard goes too (sign-out, a 401): the worker paints it for nobody after this.
  await Promise.all([clearGetCache(), clearServiceWorkerApiCache(), dropPaintedDashboard()]);
}

/**
 * A session remembered on this device (local storage): it outlives the tab, so the dashboard may be painted
 * for it at the next start (lib/painted-dashboard.ts). A tab's session may be gone by then, unknown to the
 * worker, so nothing is painted for it.
 */
export function isRememberedSession(): boolean {
  return persistence === 'local' && authState.token !== null;
}

export function hasStoredToken(): boolean {
  return authState.token !== null;
}

export function roleOf(
  user: Pick<User, 'is_admin' | 'is_teacher'> | null,
): 'admin' | 'teacher' | 'student' | null {
  if (!user) return null;
  if (user.is_admin) return 'admin';
  if (user.is_teacher) return 'teacher';
  return 'student';
}

/**
 * Where someone starts (after sign-in, and when the app opens at /): staff work in the back office, so
 * their home is the Admin Dashboard; a student's is the Dashboard.
 */
export function homePathOf(user: Pick<User, 'is_admin' | 'is_teacher'> | null): string {
  const role = roleOf(user);
  return role === 'admin' || role === 'teacher' ? PATHS.admin : PATHS.dashboard;
}

export function useAuth(): AuthState {
  return useSnapshot(authState);
}

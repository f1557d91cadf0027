import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/client/lib/http.ts';
import { authState, hasStoredToken, roleOf } from '../../../src/client/shell/session.ts';
import { login, logout, refreshUser } from '../../../src/client/features/auth/auth.store.ts';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';

beforeEach(async () => {
  mockFetch(() => json(204, undefined));
  await logout();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signing in and out', () => {
  it('keeps a remembered session in local storage only', async () => {
    const user = makeUser();
    mockFetch(loginRoute(user, 'remembered'));

    await login({ email: user.email, password: 'pathbuilder-demo', remember: true });

    expect(localStorage.getItem('auth_token')).toBe('remembered');
    expect(JSON.parse(localStorage.getItem('auth_user') ?? 'null')).toEqual(user);
    expect(sessionStorage.getItem('auth_token')).toBeNull();
    expect(authState).toMatchObject({ token: 'remembered', user });
    expect(hasStoredToken()).toBe(true);
  });

  it('keeps a session without remember-me in session storage only', async () => {
    const user = makeUser();
    mockFetch(loginRoute(user, 'this-tab'));

    await login({ email: user.email, password: 'pathbuilder-demo', remember: false });

    expect(sessionStorage.getItem('auth_token')).toBe('this-tab');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('auth_user')).toBeNull();
  });

  it('rethrows a failed login with its field errors and stores nothing', async () => {
    mockFetch(() =>
      json(422, {
        message: 'These credentials do not match.',
        errors: { email: ['These credentials do not match.'] },
      }),
    );

    const error = await login({ email: 'a@b.c', password: 'wrong' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual({ email: ['These credentials do not match.'] });
    expect(authState.token).toBeNull();
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it('logout clears both storages and memory, and revokes the token on the server', async () => {
    const user = makeUser();
    const { requests } = mockFetch(
      (request) => loginRoute(user, 'to-revoke')(request) ?? json(204, undefined),
    );
    await login({ email: user.email, password: 'pathbuilder-demo', remember: true });
    // A stale copy in the other storage (e.g. an earlier session) must go too.
    sessionStorage.setItem('auth_token', 'older');
    localStorage.setItem('notification_count', '3');
    sessionStorage.setItem('notification_count', '3');

    await logout();

    expect(authState).toMatchObject({ token: null, user: null });
    expect(hasStoredToken()).toBe(false);
    for (const storage of [localStorage, sessionStorage]) {
      expect(storage.getItem('auth_token')).toBeNull();
      expect(storage.getItem('auth_user')).toBeNull();
      expect(storage.getItem('notification_count')).toBeNull();
    }
    await vi.waitFor(() => expect(requests.some((r) => r.url === '/api/auth/logout')).toBe(true));
    const revoke = requests.find((r) => r.url === '/api/auth/logout');
    expect(revoke?.headers.get('Authorization')).toBe('Bearer to-revoke');
  });
});

describe('refreshing the user', () => {
  it('replaces the stored user with the server copy', async () => {
    const user = makeUser({ taken_diagnostics: 0 });
    const updated = { ...user, taken_diagnostics: 1 };
    mockFetch(
      (request) =>
        loginRoute(user)(request) ??
        (request.url === '/api/refresh' ? json(200, { user: updated }) : undefined),
    );
    await login({ email: user.email, password: 'pathbuilder-demo' });

    await refreshUser();

    expect(authState.user?.taken_diagnostics).toBe(1);
    expect(JSON.parse(sessionStorage.getItem('auth_user') ?? 'null')).toEqual(updated);
  });

  it('logs the user out when the refresh answers 401', async () => {
    const user = makeUser();
    mockFetch((request) => loginRoute(user)(request) ?? json(401, { message: 'Unauthenticated.' }));
    await login({ email: user.email, password: 'pathbuilder-demo', remember: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});

    await refreshUser();

    expect(authState.token).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('only logs any other refresh failure and keeps the session', async () => {
    const user = makeUser();
    mockFetch((request) => loginRoute(user)(request) ?? json(500, { message: 'Server error.' }));
    await login({ email: user.email, password: 'pathbuilder-demo' });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(refreshUser()).resolves.toBeUndefined();

    expect(log).toHaveBeenCalledWith('Server error.');
    expect(authState.token).toBe('token-abc');
    expect(authState.user).toEqual(user);
  });

  it('starts from a stored session and logs out when the start-up refresh answers 401', async () => {
    localStorage.setItem('auth_token', 'expired');
    localStorage.setItem('auth_user', JSON.stringify(makeUser()));
    const { requests } = mockFetch((request) =>
      request.url === '/api/refresh' ? json(401, { message: 'Unauthenticated.' }) : json(204, undefined),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.resetModules();

    const fresh = await import('../../../src/client/features/auth/auth.store.ts');
    const session = await import('../../../src/client/shell/session.ts');
    expect(session.hasStoredToken()).toBe(true);
    expect(session.authState.user).toEqual(makeUser());
    await fresh.refreshUser();

    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer expired');
    expect(session.authState.token).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});

describe('roles', () => {
  it('derives admin before teacher before student', () => {
    expect(roleOf(makeUser({ is_admin: 1, is_teacher: 1 }))).toBe('admin');
    expect(roleOf(makeUser({ is_teacher: 1 }))).toBe('teacher');
    expect(roleOf(makeUser())).toBe('student');
    expect(roleOf(null)).toBeNull();
  });
});

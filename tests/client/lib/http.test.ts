import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../src/client/shell/session.ts';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import { ApiError, getJson, postJson, setNavigate } from '../../../src/client/lib/http.ts';
import { hanging, json, loginRoute, makeUser, mockFetch } from '../helpers.ts';

const navigate = vi.fn();

beforeEach(async () => {
  // logout() revokes the previous test's session; that call must not reach a real network.
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  localStorage.clear();
  sessionStorage.clear();
  navigate.mockReset();
  setNavigate(navigate);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the API client', () => {
  it('sends the bearer token of the signed-in user on every call, under /api', async () => {
    const user = makeUser();
    const { requests } = mockFetch(
      (request) => loginRoute(user, 'secret-token')(request) ?? json(200, { ok: true }),
    );
    await login({ email: user.email, password: 'pathbuilder-demo' });

    await getJson('/quizzes', { cache: false });
    await postJson('/quizzes/1/start', { a: 1 });

    const [, get, post] = requests;
    expect(get?.url).toBe('/api/quizzes');
    expect(get?.headers.get('Authorization')).toBe('Bearer secret-token');
    expect(post?.headers.get('Authorization')).toBe('Bearer secret-token');
    expect(post?.body).toEqual({ a: 1 });
  });

  it('on a 401 logs the spec message, drops the session and navigates to /login', async () => {
    const user = makeUser();
    mockFetch((request) => loginRoute(user)(request) ?? json(401, { message: 'Unauthenticated.' }));
    await login({ email: user.email, password: 'pathbuilder-demo', remember: true });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    const failure = getJson('/quizzes', { cache: false });

    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(log).toHaveBeenCalledWith('Unauthorized: Token expired or invalid.');
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(authState.token).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('on a 401 before the router is mounted, goes to /login once it is, with no page load', async () => {
    vi.resetModules();
    const fresh = await import('../../../src/client/lib/http.ts');
    const freshAuth = await import('../../../src/client/features/auth/auth.store.ts');
    const user = makeUser();
    mockFetch((request) => loginRoute(user)(request) ?? json(401, { message: 'Unauthenticated.' }));
    await freshAuth.login({ email: user.email, password: 'pathbuilder-demo', remember: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(fresh.getJson('/quizzes', { cache: false })).rejects.toMatchObject({ status: 401 });

    const mounted = vi.fn();
    fresh.setNavigate(mounted);
    expect(mounted).toHaveBeenCalledExactlyOnceWith('/login');
    // Only once: the router registering again (a new navigate) goes nowhere.
    fresh.setNavigate(mounted);
    expect(mounted).toHaveBeenCalledOnce();
  });

  it('logs the server message of a 5xx answer, or the fallback when there is none', async () => {
    mockFetch((request) =>
      request.url.endsWith('/with-message')
        ? json(503, { message: 'The database is restarting.' })
        : new Response('<html>Bad gateway</html>', { status: 502 }),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(getJson('/reports/with-message', { cache: false })).rejects.toBeInstanceOf(ApiError);
    await expect(getJson('/reports/without', { cache: false })).rejects.toMatchObject({ status: 502 });

    expect(log.mock.calls).toEqual([['The database is restarting.'], ['An error occurred.']]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the per-field errors of a 422 answer for the form, without logging', async () => {
    mockFetch(() =>
      json(422, { message: 'The email is taken.', errors: { email: ['The email is taken.'] } }),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    const error = await postJson('/register', { email: 'x@y.z' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The email is taken.',
      errors: { email: ['The email is taken.'] },
    });
    expect(log).not.toHaveBeenCalled();
  });

  it('gives up on a call after 30000 ms', async () => {
    vi.useFakeTimers();
    const { requests } = mockFetch(hanging);
    const outcome = getJson('/quizzes', { cache: false }).then(
      () => 'answered',
      (error: unknown) => (error as { name?: string }).name,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(requests[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(requests[0]?.signal?.aborted).toBe(true);
    await expect(outcome).resolves.toBe('AbortError');
  });

  it('cancels the call in flight when the caller aborts', async () => {
    const { requests } = mockFetch(hanging);
    const controller = new AbortController();
    const outcome = getJson('/usernotifications', { cache: false, signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    await vi.waitFor(() => expect(requests).toHaveLength(1));

    controller.abort();

    expect(await outcome).toMatchObject({ name: 'AbortError' });
    expect(requests[0]?.signal?.aborted).toBe(true);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, TOKEN_KEY, USER_KEY } from '../../../src/client/shell/session.ts';
import { login, logout, refreshUser } from '../../../src/client/features/auth/auth.store.ts';
import { fetchCurrentAnnouncements } from '../../../src/client/features/announcements/current-announcements.api.ts';
import { fetchMySummary } from '../../../src/client/features/learning/learning-summary.api.ts';
import {
  fetchNotifications,
  fetchUnseenCount,
} from '../../../src/client/features/notifications/notifications.api.ts';
import { fetchMyAssessments } from '../../../src/client/features/quiz/quiz.api.ts';
import { setNavigate } from '../../../src/client/lib/http.ts';
import {
  dropPrefetched,
  startPrefetch,
  STORED_TOKEN_KEY,
  STORED_USER_KEY,
} from '../../../src/client/start-prefetch.ts';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';

const SUMMARY = { mastered: 1, total: 4, next: [], ready_count: 0, rechecks_due: 0, daily: [] };
const ANNOUNCEMENT = {
  id: 3,
  title: 'Hello',
  body: '<p>Hi</p>',
  published_at: '2026-01-01',
  author_name: null,
};

const NEWEST = {
  id: 9,
  title: 'Your quiz was reviewed',
  body: '',
  link: null,
  seen: 0,
  created_at: '2026-01-01T00:00:00.000Z',
};

/** The server's POST /api/batch: each listed read answered by `route` as a GET with the batch's headers. */
function batchOf(route: (request: SeenRequest) => Response | undefined) {
  return async (request: SeenRequest) => {
    const reads = (request.body as { get: string[] }).get;
    const parts = await Promise.all(
      reads.map(async (read) => {
        const res =
          route({ ...request, method: 'GET', url: `/api${read}`, body: undefined }) ?? json(404, {});
        return {
          status: res.status,
          headers: { 'content-type': 'application/json', date: new Date().toUTCString() },
          body: await res.text(),
        };
      }),
    );
    return json(200, { parts });
  };
}

const DASHBOARD_READS = (user: { id: number }) => [
  '/my/learning-summary',
  '/my/assessments?kind=quiz',
  '/my/assessments?kind=exam',
  '/my/assessments?kind=diagnostic',
  '/announcements/current',
  `/usernotifications/unseen-count?user_id=${user.id}`,
  `/usernotifications?seen=0&limit=1&user_id=${user.id}`,
];

function dashboardRoute(user: ReturnType<typeof makeUser>) {
  const route = (request: SeenRequest) => {
    if (request.method === 'POST' && request.url === '/api/batch') return batchOf(route)(request);
    if (request.method !== 'GET') return undefined;
    const path = request.url;
    if (path === '/api/refresh') return json(200, { user });
    if (path.startsWith('/api/my/assessments?kind=')) return json(200, { data: [] });
    if (path === '/api/announcements/current') return json(200, { data: [ANNOUNCEMENT] });
    if (path === `/api/usernotifications/unseen-count?user_id=${user.id}`) return json(200, { count: 2 });
    if (path === '/api/my/learning-summary') return json(200, SUMMARY);
    if (path === `/api/usernotifications?seen=0&limit=1&user_id=${user.id}`)
      return json(200, { data: [NEWEST] });
    return undefined;
  };
  return route as (request: SeenRequest) => Response | Promise<Response> | undefined;
}

async function signIn(user = makeUser()) {
  mockFetch(loginRoute(user, 'stored-token'));
  await login({ email: user.email, password: 'pathbuilder-demo', remember: true });
}

beforeEach(async () => {
  mockFetch(() => json(204, undefined));
  await logout();
  localStorage.clear();
  sessionStorage.clear();
  dropPrefetched();
  setNavigate(vi.fn());
});

afterEach(() => {
  dropPrefetched();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the start-up prefetch', () => {
  it('reads the session where the auth store keeps it', () => {
    expect(STORED_TOKEN_KEY).toBe(TOKEN_KEY);
    expect(STORED_USER_KEY).toBe(USER_KEY);
  });

  it("asks for a student's dashboard reads at once, and the API client takes those answers instead of asking again", async () => {
    const user = makeUser();
    await signIn(user);
    const { requests } = mockFetch(dashboardRoute(user));

    startPrefetch('/');
    // The session refresh, and the dashboard's seven reads in one request (on HTTP/1.1's six connections).
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/batch']);
    expect(requests[0]?.body).toEqual({ get: ['/refresh', ...DASHBOARD_READS(user)] });
    expect(requests.every((r) => r.headers.get('Authorization') === 'Bearer stored-token')).toBe(true);
    expect(requests.every((r) => r.cache === 'no-store')).toBe(true);

    const signal = new AbortController().signal;
    await refreshUser();
    expect(await fetchMyAssessments('quiz', signal)).toEqual([]);
    expect(await fetchMyAssessments('exam', signal)).toEqual([]);
    expect(await fetchMyAssessments('diagnostic', signal)).toEqual([]);
    expect(await fetchCurrentAnnouncements(signal)).toEqual([ANNOUNCEMENT]);
    expect(await fetchUnseenCount(user.id, signal)).toBe(2);
    expect(await fetchMySummary(signal)).toEqual(SUMMARY);
    expect(await fetchNotifications(user.id, { seen: '0', limit: 1 }, signal)).toEqual([NEWEST]);
    expect(requests).toHaveLength(1);

    // Each answer is taken once: the next read asks the server again, on its own.
    expect(await fetchCurrentAnnouncements(signal)).toEqual([ANNOUNCEMENT]);
    expect(requests.map((r) => `${r.method} ${r.url}`).slice(1)).toEqual(['GET /api/announcements/current']);
  });

  it("the page's inline copy of the prefetch hands its answers to the app's, which does not ask again", async () => {
    const user = makeUser();
    await signIn(user);
    const { requests } = mockFetch(dashboardRoute(user));
    // The build writes the module inline into index.html (scripts/vite-start-prefetch.ts): a second copy,
    // as a fresh instance of the module is here, while the app imports its own (lib/http.ts).
    vi.resetModules();
    const inline = await import('../../../src/client/start-prefetch.ts');
    inline.startPrefetch('/');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/batch']);

    const signal = new AbortController().signal;
    await refreshUser();
    expect(await fetchMySummary(signal)).toEqual(SUMMARY);
    expect(await fetchCurrentAnnouncements(signal)).toEqual([ANNOUNCEMENT]);
    expect(await fetchUnseenCount(user.id, signal)).toBe(2);
    expect(requests).toHaveLength(1);
  });

  it('still logs out when the prefetched session refresh answers 401 (spec 4)', async () => {
    await signIn();
    const { requests } = mockFetch((r) =>
      r.url === '/api/refresh' ? json(401, { message: 'Unauthenticated.' }) : json(204, undefined),
    );
    startPrefetch('/somewhere');
    expect(requests.map((r) => r.url)).toEqual(['/api/refresh']);

    await refreshUser();
    expect(authState.token).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(requests.filter((r) => r.url === '/api/refresh')).toHaveLength(1);
  });

  it('still logs out when a part of the batched reads answers 401 (spec 4)', async () => {
    const user = makeUser();
    await signIn(user);
    const go = vi.fn();
    setNavigate(go);
    const plain = dashboardRoute(user);
    const inner = (request: SeenRequest) =>
      request.url === '/api/my/learning-summary'
        ? json(401, { message: 'Unauthenticated.' })
        : plain(request);
    mockFetch((r) => (r.url === '/api/batch' ? batchOf(inner as never)(r) : plain(r)));
    startPrefetch('/');

    await expect(fetchMySummary(new AbortController().signal)).rejects.toMatchObject({ status: 401 });
    expect(authState.token).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(go).toHaveBeenCalledWith('/login');
  });

  it('answers every batched read with the 401 when the whole batch is refused (spec 4)', async () => {
    const user = makeUser();
    await signIn(user);
    const go = vi.fn();
    setNavigate(go);
    const { requests } = mockFetch((r) =>
      r.url === '/api/batch' ? json(401, { message: 'Unauthenticated.' }) : dashboardRoute(user)(r),
    );
    startPrefetch('/');

    await expect(fetchCurrentAnnouncements(new AbortController().signal)).rejects.toMatchObject({
      status: 401,
    });
    expect(authState.token).toBeNull();
    expect(go).toHaveBeenCalledWith('/login');
    expect(requests.map((r) => r.url)).toEqual(['/api/batch']);
  });

  it('asks for each read on its own, once, with the same session, when the batch fails otherwise', async () => {
    const user = makeUser();
    await signIn(user);
    const { requests } = mockFetch((r) =>
      r.url === '/api/batch' ? json(503, { message: 'Busy.' }) : dashboardRoute(user)(r),
    );
    startPrefetch('/');

    const signal = new AbortController().signal;
    expect(await fetchMySummary(signal)).toEqual(SUMMARY);
    expect(await fetchUnseenCount(user.id, signal)).toBe(2);
    const alone = requests.filter((r) => r.method === 'GET');
    // Each read once, as the prefetch would have asked for it without the batch.
    expect(alone.map((r) => r.url)).toEqual(
      ['/refresh', ...DASHBOARD_READS(user)].map((read) => `/api${read}`),
    );
    expect(alone.every((r) => r.headers.get('Authorization') === 'Bearer stored-token')).toBe(true);
    expect(authState.token).toBe('stored-token');
  });

  it('never hands an answer made for one session to another', async () => {
    const user = makeUser();
    await signIn(user);
    const { requests } = mockFetch(dashboardRoute(user));
    startPrefetch('/');
    await logout();
    mockFetch(loginRoute(user, 'other-token'));
    await login({ email: user.email, password: 'pathbuilder-demo', remember: true });
    const after = mockFetch(dashboardRoute(user));

    expect(await fetchCurrentAnnouncements(new AbortController().signal)).toEqual([ANNOUNCEMENT]);
    expect(after.requests).toHaveLength(1);
    expect(after.requests[0]?.headers.get('Authorization')).toBe('Bearer other-token');
    expect(requests.length).toBeGreaterThan(0);
  });

  it('asks for nothing without a session, and only what the dashboard shows a user', async () => {
    const none = mockFetch(() => json(204, undefined));
    startPrefetch('/');
    expect(none.requests).toHaveLength(0);

    await signIn(makeUser({ taken_diagnostics: 0 }));
    const fresh = mockFetch(() => json(204, undefined));
    startPrefetch('/');
    expect(fresh.requests.map((r) => r.url)).toEqual(['/api/refresh']);
    dropPrefetched();

    await logout();
    await signIn(makeUser({ is_teacher: 1 }));
    const teacher = mockFetch(() => json(204, undefined));
    startPrefetch('/');
    expect(teacher.requests.map((r) => r.url)).toEqual(['/api/refresh', '/api/announcements/current']);
  });

  it("preloads the login screen's code only for a visitor without a session, and the dashboard's only with one", async () => {
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    // An earlier test's start preloads its code a task later: that goes first, before this page's list is there.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const script = document.createElement('script');
    script.dataset.dashboardJs = '/assets/dashboard-1.js /assets/shared-1.js';
    script.dataset.dashboardCss = '/assets/dashboard-1.css';
    script.dataset.signedOutJs = '/assets/login-screen-1.js /assets/shared-1.js';
    script.dataset.signedOutCss = '/assets/auth-card-1.css';
    document.head.appendChild(script);
    const preloaded = () =>
      [
        ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="preload"]'),
      ].map((l) => `${l.rel} ${new URL(l.href).pathname}`);
    const clear = () => document.head.querySelectorAll('link').forEach((l) => l.remove());
    try {
      mockFetch(() => json(204, undefined));
      startPrefetch('/');
      expect(preloaded()).toEqual([
        'modulepreload /assets/login-screen-1.js',
        'modulepreload /assets/shared-1.js',
        'preload /assets/auth-card-1.css',
      ]);
      clear();

      const user = makeUser();
      await signIn(user);
      mockFetch(dashboardRoute(user));
      startPrefetch('/');
      // The reads leave at once; the code's preloads in a task of their own.
      expect(preloaded()).toEqual([]);
      await nextTask();
      expect(preloaded()).toEqual([
        'modulepreload /assets/dashboard-1.js',
        'modulepreload /assets/shared-1.js',
        'preload /assets/dashboard-1.css',
      ]);
    } finally {
      clear();
      script.remove();
    }
  });
});

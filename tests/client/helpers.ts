import { vi } from 'vitest';
import type { User } from '../../src/shared/contracts/auth.ts';
import type { Notification } from '../../src/shared/contracts/notifications.ts';

export interface SeenRequest {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | undefined;
  /** fetch's cache mode; our service worker reads it (sw/saved-copy.ts). */
  cache: RequestCache | undefined;
}

type Reply = Response | Promise<Response>;
type Route = (request: SeenRequest) => Reply | undefined;

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A response that never arrives unless the request is aborted (then it rejects like real fetch). */
export function hanging(request: SeenRequest): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const signal = request.signal;
    if (!signal) return;
    const fail = () =>
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/**
 * Replaces globalThis.fetch (the network boundary) with `route`; every request is recorded.
 * Unrouted requests answer 404 so a test notices them.
 */
export function mockFetch(route: Route) {
  const requests: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: SeenRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: String(input),
      headers: new Headers(init.headers),
      body: text ? (JSON.parse(text) as unknown) : undefined,
      signal: init.signal ?? undefined,
      cache: init.cache,
    };
    requests.push(request);
    return (await route(request)) ?? json(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'student@pathbuilder.test',
    full_name: 'Sam Student',
    is_admin: 0,
    is_teacher: 0,
    taken_diagnostics: 1,
    email_verified: true,
    school_id: 1,
    school_name: 'Sunrise Early Learning',
    location_id: 1,
    location_name: 'Riverside',
    is_active: true,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    title: 'New quiz',
    body: 'A quiz is waiting for you.',
    link: null,
    seen: 0,
    created_at: '2025-01-02T10:00:00.000Z',
    ...overrides,
  };
}

/** Answers POST /api/auth/login with `user` and a token. */
export function loginRoute(user: User, token = 'token-abc'): Route {
  return (request) =>
    request.method === 'POST' && request.url === '/api/auth/login'
      ? json(200, { access_token: token, user })
      : undefined;
}

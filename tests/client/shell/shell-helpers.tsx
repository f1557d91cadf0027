import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import type { User } from '../../../src/shared/contracts/auth.ts';
import { appRoutes } from '../../../src/client/app/routes.tsx';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';

// jsdom replaces AbortController/AbortSignal, but Request stays Node's (undici), which rejects jsdom's signal.
// React Router's data router builds a Request for every navigation, so without this each navigation throws.
// Only the navigation Request loses its signal; these routes have no loaders that could be cancelled.
const NodeRequest = globalThis.Request;
if (!('jsdomSafe' in NodeRequest)) {
  globalThis.Request = class extends NodeRequest {
    static jsdomSafe = true;
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(input, init?.signal ? { ...init, signal: undefined } : init);
    }
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'ada@example.test',
    full_name: 'Ada Lovelace',
    is_admin: 0,
    is_teacher: 0,
    taken_diagnostics: 1,
    email_verified: true,
    school_id: 1,
    school_name: 'Sunrise Early Learning',
    location_id: 1,
    location_name: 'Springfield',
    is_active: true,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

type Handler = (url: URL, init: RequestInit | undefined) => unknown;

/**
 * Replaces the network (the only boundary these tests fake): each handler answers requests whose path
 * starts with its key with a JSON body; anything else is a 404. Returns the mock to inspect calls.
 */
export function mockServer(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = input instanceof Request ? input.url : String(input);
    const url = new URL(raw, 'http://localhost');
    const key = Object.keys(handlers)
      .filter((path) => url.pathname.startsWith(path))
      .sort((a, b) => b.length - a.length)[0];
    if (key === undefined) {
      return new Response(JSON.stringify({ message: 'Not found.' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return new Response(JSON.stringify(handlers[key](url, init) ?? {}), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Signs in through the real auth store, answering the login call with `user`. */
export async function signIn(user: User, extra: Record<string, Handler> = {}) {
  const fetchMock = mockServer({
    '/api/auth/login': () => ({ access_token: 'test-token', user }),
    '/api/auth/logout': () => ({ message: 'Logged out.' }),
    '/api/usernotifications/unseen-count': () => ({ count: 0 }),
    '/api/usernotifications': () => ({ data: [] }),
    ...extra,
  });
  await login({ email: user.email, password: 'pathbuilder-demo', remember: false });
  return fetchMock;
}

/** Renders the real route table (or `routes`) at `path`, with the global dialogs. */
export function renderApp(path: string, routes: RouteObject[] = appRoutes()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <>
      <RouterProvider router={router} />
      <DialogHost />
    </>,
  );
  return { router, ...view };
}

export function setWindowWidth(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

export async function resetShell() {
  cleanup();
  await logout();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1024 });
  document.title = '';
}

import { act, cleanup, render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import type { Location, NavigateFunction, RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import type { User } from '../../../src/shared/contracts/auth.ts';
import { AppRoutes } from '../../../src/client/app/app-routes.tsx';
import { appRoutes } from '../../../src/client/app/routes.tsx';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';

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

type Seen = { location: Location | null; navigate: NavigateFunction | null };

/** Reports where the router is and how to move it, for the tests' `router` handle. */
function RouterProbe({ report }: { report: (location: Location, navigate: NavigateFunction) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => report(location, navigate));
  return null;
}

/** Renders the real route table (or `routes`) at `path`, as the app does, with the global dialogs. */
export function renderApp(path: string, routes: RouteObject[] = appRoutes()) {
  const seen: Seen = { location: null, navigate: null };
  const view = render(
    <>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe
          report={(location, navigate) => {
            seen.location = location;
            seen.navigate = navigate;
          }}
        />
        <AppRoutes routes={routes} />
      </MemoryRouter>
      <DialogHost />
    </>,
  );
  const router = {
    state: {
      get location(): Location {
        if (!seen.location) throw new Error('the router has not rendered');
        return seen.location;
      },
    },
    navigate: (to: string) =>
      act(async () => {
        await seen.navigate?.(to);
      }),
  };
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

import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from '../../../src/client/app/layout/route-error.tsx';
import { ShellLayout } from '../../../src/client/app/layout/shell-layout.tsx';
import {
  installPreloadErrorHandling,
  lazyScreen,
  PRELOAD_ERROR_EVENT,
} from '../../../src/client/app/lazy-screen.ts';
import { TEXTS } from '../../../src/shared/constants.ts';
import { makeUser, renderApp, resetShell, signIn } from './shell-helpers.tsx';

afterEach(resetShell);

function routesWith(element: ReactNode) {
  return [
    {
      element: <ShellLayout />,
      children: [
        {
          path: '/',
          element,
          errorElement: <RouteError />,
          handle: { title: 'Chunk', is_full_page: false, requires_login: true },
        },
      ],
    },
  ];
}

describe('route chunks that fail to load', () => {
  it('raise preload-error and, unhandled, end in the reload notice', async () => {
    await signIn(makeUser());
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener(PRELOAD_ERROR_EVENT, listener);
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const Broken = lazyScreen<object>(() => Promise.reject(failure));

    renderApp('/', routesWith(<Broken />));
    expect(await screen.findByText(TEXTS.reloadNotice)).toBeTruthy();
    expect(seen).toEqual([failure]);
    window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    errorLog.mockRestore();
  });

  it('are not rethrown when a listener handles the event', async () => {
    await signIn(makeUser());
    const handle = (e: Event) => e.preventDefault();
    window.addEventListener(PRELOAD_ERROR_EVENT, handle);
    const Broken = lazyScreen<object>(() => Promise.reject(new TypeError('offline')));

    renderApp('/', routesWith(<Broken />));
    await waitFor(() => expect(screen.getByRole('main').textContent).toBe(TEXTS.loading));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(TEXTS.reloadNotice)).toBeNull();
    window.removeEventListener(PRELOAD_ERROR_EVENT, handle);
  });

  it("forward Vite's vite:preloadError and tell Vite when it was handled", () => {
    const uninstall = installPreloadErrorHandling();
    const handle = (e: Event) => e.preventDefault();

    const unhandled = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('a'),
    });
    window.dispatchEvent(unhandled);
    expect(unhandled.defaultPrevented).toBe(false);

    window.addEventListener(PRELOAD_ERROR_EVENT, handle);
    const handled = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('b'),
    });
    window.dispatchEvent(handled);
    expect(handled.defaultPrevented).toBe(true);

    window.removeEventListener(PRELOAD_ERROR_EVENT, handle);
    uninstall();
  });
});

import { act, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from '../../../src/client/app/layout/route-error.tsx';
import { ShellLayout } from '../../../src/client/app/layout/shell-layout.tsx';
import { usePageLoad } from '../../../src/client/shell/page-load.tsx';
import { TEXTS } from '../../../src/shared/constants.ts';
import { makeUser, renderApp, resetShell, signIn } from './shell-helpers.tsx';

let report: { reportLoaded(): void; reportFailed(): void } | null = null;
afterEach(() => {
  report = null;
  return resetShell();
});

// The reporter is published in the commit that shows the spinner (a layout effect), not a passive effect a
// tick later: findByText can resolve between the two, and a report sent to no one would leave the spinner up.
function ProbeScreen() {
  const reporter = usePageLoad();
  useLayoutEffect(() => {
    report = reporter;
  }, [reporter]);
  return <p>Probe content</p>;
}
function Boom(): never {
  throw new Error('render failed');
}

const routes = [
  {
    element: <ShellLayout />,
    children: [
      {
        path: '/',
        element: <ProbeScreen />,
        handle: { title: 'Probe', is_full_page: false, requires_login: true },
      },
      {
        path: '/scroll',
        element: <ProbeScreen />,
        handle: { title: 'Other', is_full_page: false, requires_login: true },
      },
    ],
  },
];

describe('page load tracking', () => {
  it('shows a spinner until the page reports, then the page', async () => {
    await signIn(makeUser());
    renderApp('/', routes);
    expect(await screen.findByText(TEXTS.loading)).toBeTruthy();
    act(() => report?.reportLoaded());
    expect(screen.queryByText(TEXTS.loading)).toBeNull();
    expect(screen.getByText('Probe content')).toBeTruthy();
    expect(screen.queryByText(TEXTS.reloadNotice)).toBeNull();
  });

  it('shows the reload notice, with a Reload button, when the page reports a failure', async () => {
    await signIn(makeUser());
    renderApp('/', routes);
    await screen.findByText(TEXTS.loading);
    act(() => report?.reportFailed());
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('Hmm, something didn’t load. Want to try again?');
    expect(notice.style.maxWidth).toBe('420px');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('starts every new page pending again and scrolls the content back to the top', async () => {
    await signIn(makeUser());
    const { router } = renderApp('/', routes);
    await screen.findByText(TEXTS.loading);
    act(() => report?.reportLoaded());
    const main = screen.getByRole('main');
    main.scrollTop = 500;
    await act(() => router.navigate('/scroll'));
    expect(screen.getByText(TEXTS.loading)).toBeTruthy();
    expect(main.scrollTop).toBe(0);
  });

  it('treats a screen that throws as a failed load, keeping the menu usable', async () => {
    await signIn(makeUser());
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = [
      {
        element: <ShellLayout />,
        children: [
          {
            path: '/',
            element: <Boom />,
            errorElement: <RouteError />,
            handle: { title: 'Boom', is_full_page: false, requires_login: true },
          },
        ],
      },
    ];
    renderApp('/', failing);
    expect(await screen.findByText(TEXTS.reloadNotice)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    spy.mockRestore();
  });
});

import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { useCallback } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionIndicator, connectionText } from '../../../src/client/app/layout/connection-indicator.tsx';
import { ReloadNotice } from '../../../src/client/shell/reload-notice.tsx';
import { OfflineStamp, offlineStampText } from '../../../src/client/components/offline-stamp.tsx';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import { getJson } from '../../../src/client/lib/http.ts';
import { useLoad } from '../../../src/client/lib/use-async.ts';
import { useOnline } from '../../../src/client/lib/use-online.ts';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';

let online = true;
function goOffline(offline: boolean) {
  act(() => {
    online = !offline;
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useOnline', () => {
  it('follows the browser’s online and offline events', () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    goOffline(true);
    expect(result.current).toBe(false);
    goOffline(false);
    expect(result.current).toBe(true);
  });
});

describe('OfflineStamp', () => {
  const at = (h: number, m: number, dayOffset = 0) => {
    const d = new Date();
    d.setDate(d.getDate() + dayOffset);
    d.setHours(h, m, 0, 0);
    return d.getTime();
  };

  it('shows nothing online, and offline says how old the data is', () => {
    render(<OfflineStamp updatedAt={at(10, 42)} />);
    expect(screen.queryByRole('status')).toBeNull();
    goOffline(true);
    expect(screen.getByRole('status').textContent).toBe('Offline, last updated 10:42');
  });

  it('shows online too when the data is a copy saved earlier (the network failed though the browser says online)', () => {
    render(<OfflineStamp updatedAt={at(10, 42)} saved />);
    expect(screen.getByRole('status').textContent).toBe('Offline, last updated 10:42');
  });

  it('puts the day before the time when the data is from another day, and says just Offline without a time', () => {
    const now = at(9, 5);
    expect(offlineStampText(at(8, 7), now)).toBe('Offline, last updated 08:07');
    expect(offlineStampText(at(23, 59, -1), now)).toMatch(/^Offline, last updated \S.* 23:59$/);
    expect(offlineStampText(at(23, 59, -1), now)).not.toBe('Offline, last updated 23:59');
    expect(offlineStampText(undefined, now)).toBe('Offline');
  });
});

describe('LoadState.updatedAt', () => {
  beforeEach(async () => {
    mockFetch(() => json(204, undefined));
    await logout();
    await clearGetCache();
  });

  const withDate = (body: unknown, date: string) =>
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json', Date: date },
    });

  it('is the server’s Date of the oldest answer a loader combined, also when served from the 5-minute cache', async () => {
    const user = makeUser();
    // HTTP dates have whole seconds; both lie in the past, as a server's answers do.
    const secondsAgo = (s: number) => new Date(Math.floor(Date.now() / 1000 - s) * 1000).toUTCString();
    const older = secondsAgo(600);
    const newer = secondsAgo(120);
    const { requests } = mockFetch(
      (request) =>
        loginRoute(user)(request) ??
        (request.url.includes('/schools') ? withDate({ data: [1] }, older) : withDate({ data: [2] }, newer)),
    );
    await login({ email: user.email, password: 'pathbuilder-demo' });

    const { result, unmount } = renderHook(() =>
      useLoad(
        useCallback(
          (signal: AbortSignal) =>
            Promise.all([getJson('/schools', { signal }), getJson('/locations', { signal })]),
          [],
        ),
      ),
    );
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.updatedAt).toBe(Date.parse(older));
    unmount();

    // A second visit within five minutes answers from the cache, with the time the server gave then.
    const calls = requests.length;
    const again = renderHook(() =>
      useLoad(useCallback((signal: AbortSignal) => getJson('/locations', { signal }), [])),
    );
    await waitFor(() => expect(again.result.current.data).toBeDefined());
    expect(requests.length).toBe(calls);
    expect(again.result.current.updatedAt).toBe(Date.parse(newer));
  });
});

describe('the top bar’s connection indicator', () => {
  it('is a quiet "Online" dot, and says Offline when the connection drops', () => {
    render(
      <MemoryRouter>
        <ConnectionIndicator />
      </MemoryRouter>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Online');
    expect(within(status).queryByRole('link')).toBeNull();
    goOffline(true);
    expect(screen.getByRole('status').textContent).toBe('Offline');
    // Offline with nothing waiting, it leads to what is saved on this device (issue 24 item 4).
    expect(within(screen.getByRole('status')).getByRole('link').getAttribute('href')).toBe(
      '/settings#saved-on-this-device',
    );
    goOffline(false);
    expect(screen.getByRole('status').textContent).toBe('Online');
  });

  it('counts the answers waiting, and says it is syncing once online', () => {
    expect(connectionText(false, 2).label + connectionText(false, 2).more).toBe('Offline · 2 waiting');
    expect(connectionText(false, 1).title).toContain('1 answer is kept');
    expect(connectionText(true, 3).label).toBe('Syncing…');
    expect(connectionText(true, 0).label).toBe('Online');
  });
});

describe('a screen that cannot load', () => {
  it('offers Reload online, and offline says so and what still works', () => {
    render(
      <MemoryRouter>
        <ReloadNotice />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Hmm, something didn’t load');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    goOffline(true);
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('You’re offline');
    expect(notice.textContent).toContain('isn’t saved on this device yet');
    expect(notice.textContent).not.toContain('Hmm, something didn’t load');
    const dashboard = within(notice).getByRole('link', { name: 'Go to your dashboard' });
    expect(dashboard.getAttribute('href')).toBe('/');
    // And to what this device keeps, which opens offline (issue 24 item 4).
    expect(within(notice).getByRole('link', { name: 'Saved on this device' }).getAttribute('href')).toBe(
      '/settings#saved-on-this-device',
    );
    fireEvent.click(dashboard);
  });
});

import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import {
  loadNotifications,
  loadUnseenCount,
  markAsSeen,
  notificationsState,
  setUnseenCount,
  useNotificationPolling,
} from '../../../src/client/features/notifications/notifications.store.ts';
import { hanging, json, loginRoute, makeNotification, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';

const user = makeUser({ id: 7 });

async function signIn() {
  mockFetch(loginRoute(user));
  await login({ email: user.email, password: 'pathbuilder-demo' });
}

function countCalls(requests: SeenRequest[]): number {
  return requests.filter((request) => request.url.startsWith('/api/usernotifications/unseen-count')).length;
}

beforeEach(async () => {
  mockFetch(() => json(204, undefined));
  await logout();
  localStorage.clear();
  sessionStorage.clear();
  notificationsState.list = [];
  notificationsState.unseenCount = 0;
  await signIn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the notification list', () => {
  it('loads the list of the signed-in user without caching', async () => {
    const list = [makeNotification({ id: 1 }), makeNotification({ id: 2, seen: 1 })];
    const { requests } = mockFetch(() => json(200, { data: list }));

    await loadNotifications();
    await loadNotifications();

    expect(notificationsState.list).toEqual(list);
    expect(requests.map((r) => r.url)).toEqual([
      '/api/usernotifications?user_id=7',
      '/api/usernotifications?user_id=7',
    ]);
  });

  it('logs and rethrows a failed list fetch', async () => {
    mockFetch(() => json(403, { message: 'You can only read your own notifications.' }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(loadNotifications()).rejects.toMatchObject({ status: 403 });
    expect(log).toHaveBeenCalledWith('You can only read your own notifications.');
  });
});

describe('marking as seen', () => {
  beforeEach(() => {
    notificationsState.list = [
      makeNotification({ id: 1 }),
      makeNotification({ id: 2 }),
      makeNotification({ id: 3 }),
      makeNotification({ id: 4, seen: 1 }),
    ];
    setUnseenCount(3);
  });

  it('marks the ids seen and recounts the unseen ones, mirrored to both storages', async () => {
    const { requests } = mockFetch(() => json(200, { updated: 2 }));

    await markAsSeen([1, 3]);

    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/usernotifications/mark-as-seen',
      body: { ids: [1, 3] },
    });
    expect(notificationsState.list.map((n) => n.seen)).toEqual([1, 0, 1, 1]);
    expect(notificationsState.unseenCount).toBe(1);
    expect(localStorage.getItem('notification_count')).toBe('1');
    expect(sessionStorage.getItem('notification_count')).toBe('1');
  });

  it('changes nothing when the server answers with nothing', async () => {
    mockFetch(() => new Response(null, { status: 204 }));

    await markAsSeen([1]);

    expect(notificationsState.list[0]?.seen).toBe(0);
    expect(notificationsState.unseenCount).toBe(3);
  });

  it('logs and rethrows a failure, leaving the list as it was', async () => {
    mockFetch(() => json(500, { message: 'Server error.' }));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(markAsSeen([1])).rejects.toMatchObject({ status: 500 });

    expect(log).toHaveBeenCalledWith('Server error.');
    expect(notificationsState.list[0]?.seen).toBe(0);
    expect(notificationsState.unseenCount).toBe(3);
  });
});

describe('the unseen count', () => {
  it('reads the count and mirrors it to session and local storage', async () => {
    const { requests } = mockFetch(() => json(200, { count: 12 }));

    await loadUnseenCount();

    expect(requests[0]?.url).toBe('/api/usernotifications/unseen-count?user_id=7');
    expect(notificationsState.unseenCount).toBe(12);
    expect(sessionStorage.getItem('notification_count')).toBe('12');
    expect(localStorage.getItem('notification_count')).toBe('12');
  });

  it('only logs a failed count fetch and keeps the last count', async () => {
    setUnseenCount(4);
    mockFetch(() => json(500, {}));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(loadUnseenCount()).resolves.toBeUndefined();

    expect(log).toHaveBeenCalled();
    expect(notificationsState.unseenCount).toBe(4);
  });
});

describe('polling', () => {
  it('polls at once, never more often than every 30 s, and stops after 3 minutes', async () => {
    vi.useFakeTimers();
    const { requests } = mockFetch(() => json(200, { count: 2 }));

    renderHook(() => useNotificationPolling(1000));
    await vi.advanceTimersByTimeAsync(0);
    expect(countCalls(requests)).toBe(1);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(countCalls(requests)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(countCalls(requests)).toBe(2);

    // 60, 90, 120 and 150 s are the last polls before the 3-minute mark.
    await vi.advanceTimersByTimeAsync(150_000);
    expect(countCalls(requests)).toBe(6);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(countCalls(requests)).toBe(6);
    expect(notificationsState.unseenCount).toBe(2);
  });

  it('keeps a longer interval as given', async () => {
    vi.useFakeTimers();
    const { requests } = mockFetch(() => json(200, { count: 0 }));

    renderHook(() => useNotificationPolling(60_000));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(countCalls(requests)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(countCalls(requests)).toBe(2);
  });

  it('cancels the call in flight and stops polling on unmount', async () => {
    vi.useFakeTimers();
    const { requests } = mockFetch(hanging);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    const { unmount } = renderHook(() => useNotificationPolling());
    await vi.advanceTimersByTimeAsync(0);
    unmount();
    await vi.advanceTimersByTimeAsync(120_000);

    expect(requests).toHaveLength(1);
    expect(requests[0]?.signal?.aborted).toBe(true);
    expect(log).not.toHaveBeenCalled();
  });
});

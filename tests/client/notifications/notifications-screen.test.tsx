import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import { notificationsState } from '../../../src/client/features/notifications/notifications.store.ts';
import NotificationsScreen from '../../../src/client/features/notifications/screens/notifications-screen.tsx';
import { hanging, json, loginRoute, makeNotification, makeUser, mockFetch } from '../helpers.ts';
import { renderScreen } from '../render.tsx';

const list = [
  makeNotification({ id: 1, title: 'Quiz ready' }),
  makeNotification({ id: 2, title: 'New video', link: '/videos' }),
  makeNotification({ id: 3, title: 'Welcome', seen: 1 }),
];

beforeEach(async () => {
  mockFetch(() => json(204, undefined));
  await logout();
  localStorage.clear();
  sessionStorage.clear();
  notificationsState.list = [];
  mockFetch(loginRoute(makeUser({ id: 7 })));
  await login({ email: 'student@pathbuilder.test', password: 'pathbuilder-demo' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the notifications screen', () => {
  it('lists the notifications with the unseen ones highlighted', async () => {
    mockFetch(() => json(200, { data: list }));
    renderScreen(<NotificationsScreen />, { path: '/notifications' });

    const unseen = await screen.findByText('Quiz ready');
    expect(unseen.closest('li')?.className).toContain('notification--unseen');
    expect(screen.getByText('Welcome').closest('li')?.className).not.toContain('notification--unseen');
    expect(screen.getAllByRole('button', { name: 'Mark as seen' })).toHaveLength(2);
  });

  it('marks one, then all, as seen and keeps the badge count in step', async () => {
    const { requests } = mockFetch((request) =>
      request.method === 'POST' ? json(200, { updated: 1 }) : json(200, { data: list }),
    );
    renderScreen(<NotificationsScreen />, { path: '/notifications' });
    await screen.findByText('Quiz ready');

    fireEvent.click(screen.getAllByRole('button', { name: 'Mark as seen' })[0] as HTMLElement);
    await vi.waitFor(() => expect(screen.getAllByRole('button', { name: 'Mark as seen' })).toHaveLength(1));
    expect(notificationsState.unseenCount).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as seen' }));
    await vi.waitFor(() => expect(screen.queryAllByRole('button', { name: 'Mark as seen' })).toHaveLength(0));

    const posts = requests.filter((r) => r.method === 'POST').map((r) => r.body);
    expect(posts).toEqual([{ ids: [1] }, { ids: [2] }]);
    expect(notificationsState.unseenCount).toBe(0);
    expect(localStorage.getItem('notification_count')).toBe('0');
    expect((screen.getByRole('button', { name: 'Mark all as seen' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('cancels its call when the screen goes away', async () => {
    const { requests } = mockFetch(hanging);
    const { unmount } = renderScreen(<NotificationsScreen />, { path: '/notifications' });
    await vi.waitFor(() => expect(requests).toHaveLength(1));

    unmount();

    expect(requests[0]?.signal?.aborted).toBe(true);
  });
});

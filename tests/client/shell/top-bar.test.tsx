import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, renderApp, resetShell, signIn } from './shell-helpers.tsx';

afterEach(resetShell);

const header = () => screen.findByRole('banner');
/** "Notifications", and ", 3 unseen" once the badge shows a count. */
const BELL = /^Notifications(, (\d|9\+) unseen)?$/;

describe('top bar', () => {
  it('shows the route title and greets the user by full name', async () => {
    await signIn(makeUser({ full_name: 'Grace Hopper' }));
    renderApp('/exams');
    const bar = await header();
    expect(within(bar).getByRole('heading', { name: 'Exams' })).toBeTruthy();
    // "Hi, Grace" and the family name, which a phone drops first (CSS): the link reads in full.
    expect(within(bar).getByRole('link', { name: 'Hi, Grace Hopper' })).toBeTruthy();
  });

  it('gives a student neither the bell nor the gear', async () => {
    await signIn(makeUser());
    renderApp('/');
    const bar = await header();
    expect(within(bar).queryByRole('button', { name: BELL })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Admin' })).toBeNull();
  });

  it('opens the own Account from the greeting, also for staff on the admin side', async () => {
    await signIn(makeUser({ is_teacher: 1, full_name: 'Ada Teacher' }));
    const { router } = renderApp('/admin/quizzes');
    fireEvent.click(within(await header()).getByRole('link', { name: 'Hi, Ada Teacher' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
  });

  it('gives a teacher the gear, which opens /admin, but no bell', async () => {
    await signIn(makeUser({ is_teacher: 1 }));
    const { router } = renderApp('/');
    const bar = await header();
    expect(within(bar).queryByRole('button', { name: BELL })).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'Admin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('shows an admin "9+" on the bell at 10 unseen notifications, and the bell opens /notifications', async () => {
    await signIn(makeUser({ is_admin: 1 }), { '/api/usernotifications/unseen-count': () => ({ count: 10 }) });
    const { router } = renderApp('/admin');
    const bell = within(await header()).getByRole('button', { name: BELL });
    await waitFor(() => expect(within(bell).getByTestId('notification-badge').textContent).toBe('9+'));
    expect(within(await header()).getByRole('button', { name: 'Notifications, 9+ unseen' })).toBe(bell);
    fireEvent.click(bell);
    await waitFor(() => expect(router.state.location.pathname).toBe('/notifications'));
  });

  it('shows the exact count below 10', async () => {
    await signIn(makeUser({ is_admin: 1 }), { '/api/usernotifications/unseen-count': () => ({ count: 3 }) });
    renderApp('/admin');
    const bell = within(await header()).getByRole('button', { name: BELL });
    await waitFor(() => expect(within(bell).getByTestId('notification-badge').textContent).toBe('3'));
    expect(within(await header()).getByRole('button', { name: 'Notifications, 3 unseen' })).toBe(bell);
  });

  it('hides the badge at 0', async () => {
    const fetchMock = await signIn(makeUser({ is_admin: 1 }), {
      '/api/usernotifications/unseen-count': () => ({ count: 0 }),
    });
    renderApp('/admin');
    const bell = within(await header()).getByRole('button', { name: BELL });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).includes('/usernotifications/unseen-count')),
      ).toBe(true),
    );
    expect(within(bell).queryByTestId('notification-badge')).toBeNull();
    expect(within(await header()).getByRole('button', { name: 'Notifications' })).toBe(bell);
  });

  it("marks a screen heading that repeats the top bar's title, so a phone shows the title once", async () => {
    await signIn(makeUser());
    renderApp('/notifications');
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 1, name: 'Notifications' })).toHaveLength(2),
    );
    const inPage = screen
      .getAllByRole('heading', { level: 1, name: 'Notifications' })
      .find((h) => !h.classList.contains('top-bar__title'))!;
    // styles.css hides .page-title--echo below 768 px (kept for screen readers).
    expect(inPage.className).toContain('page-title--echo');
  });
});

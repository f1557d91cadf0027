import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, renderApp, resetShell, setWindowWidth, signIn } from './shell-helpers.tsx';

afterEach(resetShell);

async function menuLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .queryAllByRole('link')
    .map((a) => a.textContent);
}

describe('student sidebar', () => {
  it('offers only Dashboard (and Logout) until the diagnostic is taken', async () => {
    await signIn(makeUser({ taken_diagnostics: 0 }));
    renderApp('/');
    expect(await menuLinks()).toEqual(['Dashboard']);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('shows every entry, with the Settings group, once the diagnostic is taken', async () => {
    await signIn(makeUser({ taken_diagnostics: 1 }));
    renderApp('/');
    expect(await menuLinks()).toEqual([
      'Dashboard',
      'Quizzes',
      'Exams',
      'Lectures',
      'Videos',
      'Resources',
      'Test Yourself',
      'Profile Record',
      'Live Discussions',
      'Account',
      'Support',
      'Settings',
    ]);
  });

  it('marks "/" active only on "/", and other links on their sub-paths too', async () => {
    await signIn(makeUser());
    const { router } = renderApp('/resources/files');
    const resources = await screen.findByRole('link', { name: 'Resources' });
    expect(resources.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    await router.navigate('/');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page'),
    );
  });

  it('shows the diagnostic call to action on the dashboard while it is not taken', async () => {
    await signIn(makeUser({ taken_diagnostics: 0 }));
    renderApp('/');
    const cta = await screen.findByRole('link', { name: 'Take the diagnostic' });
    expect(cta.getAttribute('href')).toBe('/start');
  });

  it('asks before logging out, and only then goes to /login', async () => {
    await signIn(makeUser());
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to logout?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/');

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });
});

describe('admin sidebar', () => {
  it('shows an admin every entry of the admin menu', async () => {
    await signIn(makeUser({ is_admin: 1 }));
    renderApp('/admin');
    expect(await menuLinks()).toEqual([
      'Dashboard',
      'Manage Users Role',
      'Manage Schools',
      'Manage Users',
      'Manage Knowledge Graph',
      'Manage Questions',
      'Manage Announcements',
      'Manage Quizzes',
      'Manage Exams',
      'Manage Diagnostics',
      'Manage Lectures',
      'Manage Videos',
      'Manage Resources',
      'Manage Live Discussions',
      'Reports',
    ]);
  });

  it('shows a teacher only the teacher entries', async () => {
    await signIn(makeUser({ is_teacher: 1 }));
    renderApp('/admin/users');
    expect(await menuLinks()).toEqual([
      'Dashboard',
      'Manage Schools',
      'Manage Users',
      'Manage Announcements',
      'Manage Quizzes',
      'Manage Exams',
      'Manage Videos',
      'Manage Resources',
      'Manage Live Discussions',
      'Reports',
    ]);
  });
});

describe('sidebar and screen width', () => {
  it('starts open at 992 px and wider', async () => {
    setWindowWidth(992);
    await signIn(makeUser());
    renderApp('/');
    expect((await screen.findByRole('navigation', { name: 'Main menu' })).hidden).toBe(false);
  });

  it('starts closed below 992 px, opens from the menu button and closes from inside', async () => {
    setWindowWidth(991);
    await signIn(makeUser());
    renderApp('/');
    await screen.findByRole('button', { name: 'Toggle menu' });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Toggle menu' }));
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('closes when the screen becomes narrow and opens when it becomes wide', async () => {
    setWindowWidth(1280);
    await signIn(makeUser());
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Main menu' });
    setWindowWidth(800);
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    setWindowWidth(1100);
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
  });
});

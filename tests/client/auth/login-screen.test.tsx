import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../../src/client/features/auth/auth.store.ts';
import LoginScreen from '../../../src/client/features/auth/screens/login-screen.tsx';
import { json, makeUser, mockFetch } from '../helpers.ts';
import { currentLocation, renderScreen, type } from '../render.tsx';

beforeEach(async () => {
  mockFetch(() => json(204, undefined));
  await logout();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the login screen', () => {
  it('signs in with remember-me and goes to the Dashboard', async () => {
    const user = makeUser({ taken_diagnostics: 0 });
    const { requests } = mockFetch(() => json(200, { access_token: 'fresh', user }));
    renderScreen(<LoginScreen />, { path: '/login' });

    type(/^E-mail/, user.email);
    type(/^Password/, 'pathbuilder-demo');
    fireEvent.click(screen.getByLabelText('Remember me'));
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    await vi.waitFor(() => expect(currentLocation()).toBe('/'));
    expect(requests[0]?.body).toEqual({ email: user.email, password: 'pathbuilder-demo', remember: true });
    expect(localStorage.getItem('auth_token')).toBe('fresh');
  });

  it('shows wrong credentials as the form’s message above its button, not under a field', async () => {
    mockFetch(() =>
      json(422, {
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      }),
    );
    renderScreen(<LoginScreen />, { path: '/login' });

    type(/^E-mail/, 'someone@school.test');
    type(/^Password/, 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    const message = await screen.findByRole('alert');
    expect(message.textContent).toBe('These credentials do not match our records.');
    // Right above the button: the form's message, not the e-mail field's.
    expect(message.nextElementSibling).toBe(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByLabelText(/^E-mail/).getAttribute('aria-invalid')).toBeNull();
    expect(currentLocation()).toBe('/login');
  });

  it('offline, says so in plain words and signs in by itself once the connection is back', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const user = makeUser({ taken_diagnostics: 1 });
    const { requests } = mockFetch(() =>
      online ? json(200, { access_token: 'back', user }) : Promise.reject(new TypeError('Failed to fetch')),
    );
    renderScreen(<LoginScreen />, { path: '/login' });

    type(/^E-mail/, user.email);
    type(/^Password/, 'pathbuilder-demo');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('You’re offline. We’ll sign you in when the connection is back.');
    expect(document.body.textContent).not.toMatch(/Failed to fetch|TypeError/);
    expect(requests).toHaveLength(0);
    // The typed credentials stay in the form, and nowhere in storage.
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('pathbuilder-demo');
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('pathbuilder-demo');

    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(currentLocation()).toBe('/'));
    expect(requests[0]?.body).toEqual({ email: user.email, password: 'pathbuilder-demo', remember: false });
  });

  it('staff land on the Admin Dashboard', async () => {
    const user = makeUser({ is_teacher: 1 });
    mockFetch(() => json(200, { access_token: 'staff', user }));
    renderScreen(<LoginScreen />, { path: '/login' });
    type(/^E-mail/, user.email);
    type(/^Password/, 'pathbuilder-demo');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(currentLocation()).toBe('/admin'));
  });

  it('links to registration and password reset', () => {
    renderScreen(<LoginScreen />, { path: '/login' });

    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/registration',
    );
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/reset-password',
    );
  });
});

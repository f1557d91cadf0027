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

  it('shows the server error under the field and stays on the page', async () => {
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

    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect(screen.getByLabelText(/^E-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(currentLocation()).toBe('/login');
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

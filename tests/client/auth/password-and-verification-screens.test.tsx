import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../src/client/shell/session.ts';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import ResetPasswordScreen from '../../../src/client/features/auth/screens/reset-password-screen.tsx';
import VerifyEmailScreen from '../../../src/client/features/auth/screens/verify-email-screen.tsx';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';
import { renderScreen, type } from '../render.tsx';

const TOKEN = 'a'.repeat(40);
const SIGNATURE = 'f'.repeat(64);

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

describe('the reset password screen', () => {
  it('asks for a link and shows the server’s answer', async () => {
    const answer = 'If that e-mail address is registered, a password reset link has been sent to it.';
    const { requests } = mockFetch(() => json(200, { message: answer }));
    renderScreen(<ResetPasswordScreen />, { path: '/reset-password' });

    type(/^E-mail/, 'someone@school.test');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(answer)).toBeTruthy();
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/send-reset-password-email',
      body: { email: 'someone@school.test' },
    });
  });

  it('sets a new password from the link and shows the server’s errors per field', async () => {
    const { requests } = mockFetch(() =>
      json(422, {
        message: 'The password confirmation does not match.',
        errors: { password_confirmation: ['The password confirmation does not match.'] },
      }),
    );
    renderScreen(<ResetPasswordScreen />, {
      path: '/reset-password',
      at: `/reset-password?token=${TOKEN}&email=ria%40school.test`,
    });

    type(/^New password/, 'new-password-1');
    type(/^Confirm new password/, 'new-password-2');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('The password confirmation does not match.')).toBeTruthy();
    expect(screen.getByLabelText(/^Confirm new password/).getAttribute('aria-invalid')).toBe('true');
    expect(requests[0]?.body).toEqual({
      token: TOKEN,
      email: 'ria@school.test',
      password: 'new-password-1',
      password_confirmation: 'new-password-2',
    });
  });

  it('leads to the login after a successful reset', async () => {
    mockFetch(() =>
      json(200, { message: 'Your password has been reset. Please sign in with the new password.' }),
    );
    renderScreen(<ResetPasswordScreen />, {
      path: '/reset-password',
      at: `/reset-password?token=${TOKEN}&email=ria%40school.test`,
    });

    type(/^New password/, 'new-password-1');
    type(/^Confirm new password/, 'new-password-1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText(/Your password has been reset/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
  });
});

describe('the verify email screen', () => {
  it('verifies with the link’s values and without the session header', async () => {
    const user = makeUser({ email_verified: false });
    mockFetch(loginRoute(user));
    await login({ email: user.email, password: 'pathbuilder-demo' });
    const { requests } = mockFetch((request) =>
      request.url === '/api/refresh'
        ? json(200, { user: { ...user, email_verified: true } })
        : json(200, { message: 'Your e-mail address is verified.' }),
    );

    renderScreen(<VerifyEmailScreen />, {
      path: '/verify_email',
      at: `/verify_email?id=7&signature=${SIGNATURE}&expires=1900000000`,
    });

    expect(await screen.findByText('Your e-mail address is verified.')).toBeTruthy();
    const verify = requests.find((r) => r.url === '/api/email/verify/7');
    expect(verify?.body).toEqual({ signature: SIGNATURE, expires: 1900000000 });
    expect(verify?.headers.get('Authorization')).toBeNull();
    await vi.waitFor(() => expect(authState.user?.email_verified).toBe(true));
  });

  it('shows why a link failed and lets a signed-in user ask for a new one', async () => {
    const user = makeUser({ email_verified: false });
    mockFetch(loginRoute(user));
    await login({ email: user.email, password: 'pathbuilder-demo' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { requests } = mockFetch((request) => {
      if (request.url.startsWith('/api/email/verify/')) {
        return json(422, {
          message: 'This verification link has expired. Please request a new one.',
          errors: { expires: ['This verification link has expired. Please request a new one.'] },
        });
      }
      if (request.url === '/api/send-verification-email')
        return json(200, { message: 'A new link is on its way.' });
      if (request.url === '/api/refresh') return json(200, { user });
      return undefined;
    });
    renderScreen(<VerifyEmailScreen />, {
      path: '/verify_email',
      at: `/verify_email?id=7&signature=${SIGNATURE}&expires=1`,
    });

    expect(
      await screen.findByText('This verification link has expired. Please request a new one.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));

    expect(await screen.findByText('A new link is on its way.')).toBeTruthy();
    expect(requests.find((r) => r.url === '/api/send-verification-email')?.body).toEqual({
      email: user.email,
    });
    expect(requests.some((r) => r.url === '/api/refresh')).toBe(true);
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AccountScreen from '../../../src/client/features/account/screens/account-screen.tsx';
import SettingsScreen from '../../../src/client/features/account/screens/settings-screen.tsx';
import { authState } from '../../../src/client/shell/session.ts';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';
import { renderScreen, type, within } from '../render.tsx';

const user = makeUser({ id: 7, location_id: 1, school_id: 10 });

beforeEach(async () => {
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  localStorage.clear();
  sessionStorage.clear();
  mockFetch(loginRoute(user));
  await login({ email: user.email, password: 'pathbuilder-demo' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function fillPasswords() {
  type(/^Current password/, 'pathbuilder-demo');
  type(/^New password/, 'a-better-password');
  type(/^Confirm new password/, 'a-better-password');
  fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('the settings screen', () => {
  it('changes the password and confirms with the spec’s toast', async () => {
    const { requests } = mockFetch(() => json(200, { message: 'Password changed.' }));
    renderScreen(<SettingsScreen />, { path: '/settings' });

    fillPasswords();

    expect(await screen.findByText('New Password successfully saved!')).toBeTruthy();
    // The Rankings card reads the student's choice first: the password change is the PUT.
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      method: 'PUT',
      url: '/api/user/7/change-password',
      body: {
        current_password: 'pathbuilder-demo',
        password: 'a-better-password',
        password_confirmation: 'a-better-password',
      },
    });
    expect((screen.getByLabelText(/^Current password/) as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s errors object field by field, and no success toast', async () => {
    mockFetch(() =>
      json(422, {
        message: 'The current password is incorrect.',
        errors: {
          current_password: ['The current password is incorrect.'],
          password: ['The password must be at least 8 characters.'],
        },
      }),
    );
    renderScreen(<SettingsScreen />, { path: '/settings' });

    fillPasswords();

    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    expect(screen.getByText('The password must be at least 8 characters.')).toBeTruthy();
    expect(screen.getByLabelText(/^Current password/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('New Password successfully saved!')).toBeNull();
  });
});

describe('the account screen', () => {
  it('saves the edited account and keeps the server’s copy of the user', async () => {
    const saved = { ...user, full_name: 'Samantha Student', email_verified: true };
    const { requests } = mockFetch((request) => {
      if (request.url === '/api/lookups/locations')
        return json(200, { data: [{ id: 1, name: 'Riverside' }] });
      if (request.url.startsWith('/api/lookups/schools')) {
        return json(200, {
          data: [{ id: 10, name: 'Sunrise Early Learning', location_id: 1, location_name: 'Riverside' }],
        });
      }
      if (request.method === 'PUT') return json(200, { user: saved });
      return undefined;
    });
    renderScreen(<AccountScreen />, { path: '/accounts' });

    expect(await screen.findByText('Sunrise Early Learning · Riverside')).toBeTruthy();
    type(/^Full name/, 'Samantha Student');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your account has been saved.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: '/api/user/7',
      body: { full_name: 'Samantha Student', email: user.email, location_id: 1, school_id: 10 },
    });
    expect(authState.user?.full_name).toBe('Samantha Student');
    expect(JSON.parse(sessionStorage.getItem('auth_user') ?? 'null')).toMatchObject({
      full_name: 'Samantha Student',
    });
  });

  it('says when the e-mail is not verified and resends the link', async () => {
    authState.user = { ...user, email_verified: false };
    const { requests } = mockFetch((request) => {
      if (request.url === '/api/lookups/locations') return json(200, { data: [] });
      if (request.url === '/api/send-verification-email')
        return json(200, { message: 'A link is on its way.' });
      if (request.url === '/api/refresh') return json(200, { user: { ...user, email_verified: false } });
      return undefined;
    });
    renderScreen(<AccountScreen />, { path: '/accounts' });

    expect(screen.getByText('Not verified')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));

    expect(await screen.findByText('A link is on its way.')).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/send-verification-email')).toBe(true);
  });
  it('lists the signed-in devices, this one marked, and signs out the others', async () => {
    const devices = [
      {
        id: 1,
        device: 'Chrome on Windows',
        ip_label: '203.0.113.x',
        created_at: '2026-11-01T08:00:00.000Z',
        last_used_at: '2026-11-23T08:00:00.000Z',
        current: true,
      },
      {
        id: 2,
        device: 'Safari on iPhone',
        ip_label: null,
        created_at: '2026-10-01T08:00:00.000Z',
        last_used_at: '2026-11-20T08:00:00.000Z',
        current: false,
      },
    ];
    let signedOut = false;
    const { requests } = mockFetch((request) => {
      if (request.url === '/api/lookups/locations') return json(200, { data: [] });
      if (request.url === '/api/account/email-change') return json(200, { pending_email: null });
      if (request.url === '/api/account/sessions')
        return json(200, { data: signedOut ? devices.slice(0, 1) : devices });
      if (request.url === '/api/account/sessions/sign-out-others') {
        signedOut = true;
        return json(200, { message: 'Signed out of 1 other device.', signed_out: 1 });
      }
      return undefined;
    });
    vi.spyOn(await import('../../../src/client/components/dialogs.tsx'), 'confirmDialog').mockResolvedValue(
      true,
    );
    renderScreen(<AccountScreen />, { path: '/accounts' });

    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('This device');
    expect(within(list).getByText('Safari on iPhone')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out other devices' }));

    expect(await screen.findByText('Signed out of 1 other device.')).toBeTruthy();
    expect(
      requests.some((r) => r.method === 'POST' && r.url === '/api/account/sessions/sign-out-others'),
    ).toBe(true);
    await vi.waitFor(() => expect(screen.queryByText('Safari on iPhone')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Sign out other devices' })).toBeNull();
  });

  it('keeps the old address after an e-mail change and says the new one waits for its link', async () => {
    let pending: string | null = null;
    mockFetch((request) => {
      if (request.url === '/api/lookups/locations')
        return json(200, { data: [{ id: 1, name: 'Riverside' }] });
      if (request.url.startsWith('/api/lookups/schools')) return json(200, { data: [] });
      if (request.url === '/api/account/email-change') return json(200, { pending_email: pending });
      if (request.url === '/api/account/sessions') return json(200, { data: [] });
      if (request.method === 'PUT') {
        pending = 'sam.new@example.test';
        return json(200, { user });
      }
      return undefined;
    });
    renderScreen(<AccountScreen />, { path: '/accounts' });

    const emailField = () => screen.getByRole('textbox', { name: /^E-mail/ }) as HTMLInputElement;
    fireEvent.change(emailField(), { target: { value: 'sam.new@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(/open the link we sent to sam.new@example.test/)).toBeTruthy();
    const waiting = await screen.findByText(/Waiting for you to confirm/);
    expect(waiting.textContent).toContain('sam.new@example.test');
    expect(emailField().value).toBe(user.email);
  });
});

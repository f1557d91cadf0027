import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../src/client/shell/session.ts';
import { logout } from '../../../src/client/features/auth/auth.store.ts';
import RegistrationScreen from '../../../src/client/features/auth/screens/registration-screen.tsx';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import { json, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { choose, renderScreen, type } from '../render.tsx';

const locations = [
  { id: 1, name: 'Riverside' },
  { id: 2, name: 'Hillcrest' },
];
const schools = [
  { id: 10, name: 'Sunrise Early Learning', location_id: 1, location_name: 'Riverside' },
  { id: 20, name: 'Hilltop Kindergarten', location_id: 2, location_name: 'Hillcrest' },
];

function lookups(request: SeenRequest): Response | undefined {
  if (request.url === '/api/lookups/locations') return json(200, { data: locations });
  if (request.url.startsWith('/api/lookups/schools')) {
    const param = new URL(request.url, 'http://x').searchParams.get('location_id');
    return json(200, {
      data: param === null ? schools : schools.filter((school) => school.location_id === Number(param)),
    });
  }
  return undefined;
}

async function fillForm() {
  type(/^Full name/, 'Ria Learner');
  type(/^E-mail/, 'ria@school.test');
  type(/^Password/, 'long-enough-password');
  type(/^Confirm password/, 'long-enough-password');
  await choose(/^Location/, 'Hillcrest');
  await choose(/^School/, 'Hilltop Kindergarten · Hillcrest');
}

beforeEach(async () => {
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the registration screen', () => {
  it('offers only the schools of the chosen location', async () => {
    const { requests } = mockFetch(lookups);
    renderScreen(<RegistrationScreen />, { path: '/registration' });

    await choose(/^Location/, 'Hillcrest');
    const input = screen.getByLabelText(/^School/);
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });

    expect(await screen.findByText('Hilltop Kindergarten · Hillcrest')).toBeTruthy();
    expect(screen.queryByText(/Sunrise Early Learning/)).toBeNull();
    expect(requests.map((r) => r.url)).toContain('/api/lookups/schools?location_id=2');
  });

  it('finds a school by its name among every school, and picking it fills in the location', async () => {
    mockFetch(lookups);
    renderScreen(<RegistrationScreen />, { path: '/registration' });

    const input = screen.getByLabelText(/^School/);
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.change(input, { target: { value: 'hilltop' } });
    const option = await screen.findByText('Hilltop Kindergarten · Hillcrest', {
      selector: '[class*="option"]',
    });
    expect(screen.queryByText(/Sunrise Early Learning/)).toBeNull();
    fireEvent.click(option);

    await vi.waitFor(() =>
      expect(document.querySelector('input[name="location_id"]')?.getAttribute('value')).toBe('2'),
    );
    expect(screen.getByText('Hillcrest')).toBeTruthy();
    expect(document.querySelector('input[name="school_id"]')?.getAttribute('value')).toBe('20');
  });

  it('says a school search that matches nothing in the spec’s words', async () => {
    mockFetch(lookups);
    renderScreen(<RegistrationScreen />, { path: '/registration' });
    const input = screen.getByLabelText(/^School/);
    await screen.findByText('Type your school’s name');
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.change(input, { target: { value: 'no such school' } });
    expect(await screen.findByText('No elements found. Consider changing the search query.')).toBeTruthy();
  });

  it('shows each server error under its field', async () => {
    mockFetch(
      (request) =>
        lookups(request) ??
        json(422, {
          message: 'The email has already been taken.',
          errors: {
            email: ['The email has already been taken.'],
            password: ['The password must be at least 8 characters.'],
          },
        }),
    );
    renderScreen(<RegistrationScreen />, { path: '/registration' });
    await fillForm();

    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('The email has already been taken.')).toBeTruthy();
    expect(screen.getByText('The password must be at least 8 characters.')).toBeTruthy();
    expect(screen.getByLabelText(/^E-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(authState.token).toBeNull();
  });

  it('signs the new user in and says a verification e-mail was sent', async () => {
    const user = makeUser({ email: 'ria@school.test', full_name: 'Ria Learner', email_verified: false });
    const { requests } = mockFetch(
      (request) => lookups(request) ?? json(201, { access_token: 'new-account', user }),
    );
    renderScreen(<RegistrationScreen />, { path: '/registration' });
    await fillForm();

    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(/We have sent a verification e-mail to/)).toBeTruthy();
    expect(requests.find((r) => r.url === '/api/register')?.body).toEqual({
      full_name: 'Ria Learner',
      email: 'ria@school.test',
      password: 'long-enough-password',
      password_confirmation: 'long-enough-password',
      location_id: 2,
      school_id: 20,
    });
    expect(authState.token).toBe('new-account');
    expect(sessionStorage.getItem('auth_token')).toBe('new-account');
  });
});

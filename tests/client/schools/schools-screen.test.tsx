import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import SchoolsScreen from '../../../src/client/features/schools/screens/schools-screen.tsx';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import type { SchoolRequest } from '../../../src/shared/contracts/school-requests.ts';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';
import { renderScreen } from '../render.tsx';

const teacher = makeUser({ id: 2, is_teacher: 1, school_id: null });
const request: SchoolRequest = {
  id: 5,
  user_id: 40,
  full_name: 'Robin Park',
  email: 'robin.park@example.test',
  school_id: 1,
  school_name: 'Little Acorns Early Learning Centre',
  current_school_id: null,
  current_school_name: null,
  status: 'pending',
  created_at: '2026-03-01T09:00:00.000Z',
  decided_at: null,
};
const page = (data: SchoolRequest[]) => ({ data, meta: { total: data.length, page: 1, per_page: 100 } });

beforeEach(async () => {
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  localStorage.clear();
  sessionStorage.clear();
  mockFetch(loginRoute(teacher));
  await login({ email: teacher.email, password: 'pathbuilder-demo' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Manage Schools screen', () => {
  it('lists the requests to join and approves one, which leaves the list', async () => {
    let waiting = [request];
    const { requests } = mockFetch((r) => {
      if (r.method === 'GET' && r.url.startsWith('/api/admin/school-requests?'))
        return json(200, page(waiting));
      if (r.method === 'POST' && r.url === '/api/admin/school-requests/5/approve') {
        waiting = [];
        return json(200, {
          request: { ...request, status: 'approved', decided_at: '2026-03-01T10:00:00.000Z' },
        });
      }
      return undefined;
    });
    renderScreen(<SchoolsScreen />, { path: '/admin/schools' });

    expect(await screen.findByText('robin.park@example.test')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Requests to join' })).toBeTruthy();
    expect(screen.getByText('No school yet')).toBeTruthy();
    // The rest of the screen is honestly not there yet.
    expect(screen.getByText('The rest of this screen is coming soon.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Approve Robin Park' }));
    expect(
      await screen.findByText('Robin Park is now a student of Little Acorns Early Learning Centre.'),
    ).toBeTruthy();
    expect(await screen.findByText('No requests waiting')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/admin/school-requests/5/approve',
    ]);
  });

  it('denies a request', async () => {
    const { requests } = mockFetch((r) => {
      if (r.method === 'GET' && r.url.startsWith('/api/admin/school-requests?'))
        return json(200, page([request]));
      if (r.method === 'POST' && r.url === '/api/admin/school-requests/5/deny')
        return json(200, {
          request: { ...request, status: 'denied', decided_at: '2026-03-01T10:00:00.000Z' },
        });
      return undefined;
    });
    renderScreen(<SchoolsScreen />, { path: '/admin/schools' });
    fireEvent.click(await screen.findByRole('button', { name: 'Deny Robin Park' }));
    expect(
      await screen.findByText(
        "Robin Park's request to join Little Acorns Early Learning Centre was declined.",
      ),
    ).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/5/deny'))).toBe(true);
  });
});

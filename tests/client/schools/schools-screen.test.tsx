import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import SchoolsScreen from '../../../src/client/features/schools/screens/schools-screen.tsx';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import type { AdminLocation, AdminSchool } from '../../../src/shared/contracts/admin-schools.ts';
import type { SchoolRequest } from '../../../src/shared/contracts/school-requests.ts';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { renderScreen } from '../render.tsx';

const teacher = makeUser({ id: 2, is_teacher: 1, school_id: null });
const admin = makeUser({ id: 1, is_admin: 1, email: 'admin@pathbuilder.test', school_id: null });
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
const acorns: AdminSchool = {
  id: 1,
  name: 'Little Acorns Early Learning Centre',
  location_id: 1,
  location_name: 'Springfield',
  student_count: 12,
  teacher_count: 1,
};
const riverside: AdminSchool = {
  id: 2,
  name: 'Riverside Institute',
  location_id: 2,
  location_name: 'Riverside',
  student_count: 0,
  teacher_count: 0,
};
const springfield: AdminLocation = { id: 1, name: 'Springfield', school_count: 1, user_count: 13 };
const page = <T,>(data: T[], total = data.length) => ({ data, meta: { total, page: 1, per_page: 25 } });

async function signInAs(user: typeof admin) {
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  localStorage.clear();
  sessionStorage.clear();
  mockFetch(loginRoute(user));
  await login({ email: user.email, password: 'pathbuilder-demo' });
}

/** The screen's reads; `more` answers anything else first. */
function serve(opts: {
  schools?: (r: SeenRequest) => AdminSchool[];
  requests?: () => SchoolRequest[];
  more?: (r: SeenRequest) => Response | undefined;
}) {
  return mockFetch((r) => {
    const answer = opts.more?.(r);
    if (answer) return answer;
    if (r.method === 'GET' && r.url.startsWith('/api/admin/school-requests?'))
      return json(200, page(opts.requests?.() ?? []));
    if (r.method === 'GET' && r.url.startsWith('/api/admin/schools'))
      return json(200, page(opts.schools?.(r) ?? [acorns]));
    if (r.method === 'GET' && r.url === '/api/admin/locations') return json(200, { data: [springfield] });
    return undefined;
  });
}

const renderSchools = () =>
  renderScreen(
    <>
      <DialogHost />
      <SchoolsScreen />
    </>,
    { path: '/admin/schools' },
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Manage Schools screen, for a teacher', () => {
  it('lists their own schools to read, without adding or locations', async () => {
    await signInAs(teacher);
    const { requests } = serve({});
    renderSchools();
    expect(await screen.findByRole('heading', { name: 'Your schools' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Little Acorns Early Learning Centre' });
    expect(link.getAttribute('href')).toBe('/admin/school/1');
    expect(screen.queryByRole('link', { name: 'Add school' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Locations' })).toBeNull();
    expect(screen.queryByText(/coming soon/i)).toBeNull();
    expect(requests.some((r) => r.url === '/api/admin/locations')).toBe(false);
  });

  it('lists the requests to join and approves one, which leaves the list', async () => {
    await signInAs(teacher);
    let waiting = [request];
    const { requests } = serve({
      requests: () => waiting,
      more: (r) => {
        if (r.method === 'POST' && r.url === '/api/admin/school-requests/5/approve') {
          waiting = [];
          return json(200, {
            request: { ...request, status: 'approved', decided_at: '2026-03-01T10:00:00.000Z' },
          });
        }
        return undefined;
      },
    });
    renderSchools();

    expect(await screen.findByText('robin.park@example.test')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Requests to join' })).toBeTruthy();
    expect(screen.getByText('No school yet')).toBeTruthy();

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
    await signInAs(teacher);
    const { requests } = serve({
      requests: () => [request],
      more: (r) =>
        r.method === 'POST' && r.url === '/api/admin/school-requests/5/deny'
          ? json(200, { request: { ...request, status: 'denied', decided_at: '2026-03-01T10:00:00.000Z' } })
          : undefined,
    });
    renderSchools();
    fireEvent.click(await screen.findByRole('button', { name: 'Deny Robin Park' }));
    expect(
      await screen.findByText(
        "Robin Park's request to join Little Acorns Early Learning Centre was declined.",
      ),
    ).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/5/deny'))).toBe(true);
  });
});

describe('the Manage Schools screen, for an admin', () => {
  it('searches the schools and offers to add one', async () => {
    await signInAs(admin);
    const { requests } = serve({
      schools: (r) => (r.url.includes('search=river') ? [riverside] : [acorns, riverside]),
    });
    renderSchools();
    expect(await screen.findByRole('link', { name: 'Riverside Institute' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add school' }).getAttribute('href')).toBe('/admin/school');

    fireEvent.change(screen.getByLabelText('Search schools'), { target: { value: 'river' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(requests.some((r) => r.url.includes('search=river'))).toBe(true));
    expect(await screen.findByRole('link', { name: 'Riverside Institute' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Little Acorns Early Learning Centre' })).toBeNull();
    expect(requests.some((r) => r.url === '/api/admin/schools?search=river&page=1&per_page=25')).toBe(true);

    fireEvent.change(screen.getByLabelText('Search schools'), { target: { value: 'zzz' } });
    serve({ schools: () => [] });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No school matches')).toBeTruthy();
  });

  it('adds a location, and shows why one in use cannot be deleted', async () => {
    await signInAs(admin);
    const refusal =
      'Springfield cannot be deleted yet: move its 1 school and 13 users to another location first.';
    const { requests } = serve({
      more: (r) => {
        if (r.method === 'POST' && r.url === '/api/admin/locations')
          return json(201, { location: { id: 9, name: 'Harbour Town' } });
        if (r.method === 'DELETE' && r.url === '/api/admin/locations/1')
          return json(409, { message: refusal });
        return undefined;
      },
    });
    renderSchools();
    const locations = await screen.findByRole('list', { name: 'Locations' });
    expect(within(locations).getByText('Springfield')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New location'), { target: { value: 'Harbour Town' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add location' }));
    expect(await screen.findByText('Harbour Town was added.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Harbour Town' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Springfield' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(within(confirm).getByText('Delete the location Springfield?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
  });
});

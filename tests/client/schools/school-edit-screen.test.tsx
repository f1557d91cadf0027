import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import SchoolEditScreen from '../../../src/client/features/schools/screens/school-edit-screen.tsx';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import type { AdminSchool } from '../../../src/shared/contracts/admin-schools.ts';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { choose, currentLocation, renderScreen } from '../render.tsx';

const admin = makeUser({ id: 1, is_admin: 1, email: 'admin@pathbuilder.test', school_id: null });
const teacher = makeUser({ id: 2, is_teacher: 1, email: 'teacher@pathbuilder.test' });
const acorns: AdminSchool = {
  id: 1,
  name: 'Little Acorns Early Learning Centre',
  location_id: 1,
  location_name: 'Springfield',
  student_count: 12,
  teacher_count: 1,
};
const locations = [
  { id: 1, name: 'Springfield', school_count: 1, user_count: 13 },
  { id: 2, name: 'Harbour Town', school_count: 0, user_count: 0 },
];

async function signInAs(user: typeof admin) {
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  localStorage.clear();
  sessionStorage.clear();
  mockFetch(loginRoute(user));
  await login({ email: user.email, password: 'pathbuilder-demo' });
}

function serve(more: (r: SeenRequest) => Response | undefined = () => undefined) {
  return mockFetch((r) => {
    const answer = more(r);
    if (answer) return answer;
    if (r.method === 'GET' && r.url === '/api/admin/schools/1') return json(200, { school: acorns });
    if (r.method === 'GET' && r.url === '/api/admin/locations') return json(200, { data: locations });
    return undefined;
  });
}

const renderAt = (id?: string) =>
  renderScreen(
    <>
      <DialogHost />
      <SchoolEditScreen id={id} />
    </>,
    { path: '/admin/school/:id?', at: id ? `/admin/school/${id}` : '/admin/school' },
  );

afterEach(() => vi.unstubAllGlobals());

describe('the school screen', () => {
  it('lets an admin add a school in a location, then opens it', async () => {
    await signInAs(admin);
    const created = {
      ...acorns,
      id: 7,
      name: 'Seaside Kindergarten',
      location_id: 2,
      location_name: 'Harbour Town',
    };
    const { requests } = serve((r) => {
      if (r.method === 'POST' && r.url === '/api/admin/schools') {
        const body = r.body as { name: string };
        return body.name.length < 2
          ? json(422, {
              message: 'The name must be at least 2 characters.',
              errors: { name: ['The name must be at least 2 characters.'] },
            })
          : json(201, { school: created });
      }
      return undefined;
    });
    renderAt();
    expect(await screen.findByRole('heading', { name: 'New school' })).toBeTruthy();

    await choose(/^Location/, 'Harbour Town');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'S' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add school' }));
    expect(await screen.findByText('The name must be at least 2 characters.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Seaside Kindergarten' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add school' }));
    expect(await screen.findByText('Seaside Kindergarten was added.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      name: 'Seaside Kindergarten',
      location_id: 2,
    });
    await vi.waitFor(() => expect(currentLocation()).toBe('/admin/school/7'));
  });

  it('asks before deleting, and keeps the school when the server says it still has users', async () => {
    await signInAs(admin);
    const refusal =
      'Little Acorns Early Learning Centre cannot be deleted yet: move its 13 users to another school first.';
    const { requests } = serve((r) =>
      r.method === 'DELETE' && r.url === '/api/admin/schools/1' ? json(409, { message: refusal }) : undefined,
    );
    renderAt('1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete school' }));
    let confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(
      within(confirm).getByText('Delete Little Acorns Early Learning Centre? This cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete school' }));
    confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(currentLocation()).toBe('/admin/school/1');
    expect(screen.getByRole('heading', { name: 'Little Acorns Early Learning Centre' })).toBeTruthy();
  });

  it('deletes an empty school and goes back to the list', async () => {
    await signInAs(admin);
    serve((r) =>
      r.method === 'DELETE' && r.url === '/api/admin/schools/1' ? json(204, undefined) : undefined,
    );
    renderAt('1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete school' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm' })).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('Little Acorns Early Learning Centre was deleted.')).toBeTruthy();
    await vi.waitFor(() => expect(currentLocation()).toBe('/admin/schools'));
  });

  it('shows a teacher their school to read, with nothing to change', async () => {
    await signInAs(teacher);
    const { requests } = serve();
    renderAt('1');
    expect(await screen.findByRole('heading', { name: 'Little Acorns Early Learning Centre' })).toBeTruthy();
    expect(screen.getByText('Springfield')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete school' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(requests.some((r) => r.url === '/api/admin/locations')).toBe(false);
  });
});

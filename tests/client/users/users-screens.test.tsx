import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import UserEditScreen from '../../../src/client/features/users/screens/user-edit-screen.tsx';
import UsersScreen from '../../../src/client/features/users/screens/users-screen.tsx';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import type { AdminUser } from '../../../src/shared/contracts/admin-users.ts';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { choose, currentLocation, renderScreen, type } from '../render.tsx';

const adminUser = makeUser({ id: 1, is_admin: 1, full_name: 'Alex Morgan', email: 'admin@pathbuilder.test' });
const teacherUser = makeUser({
  id: 2,
  is_teacher: 1,
  full_name: 'Taylor Brooks',
  email: 'teacher@pathbuilder.test',
});
const asAdmin = (over: Partial<AdminUser>): AdminUser => ({
  ...makeUser(),
  role: 'student',
  teacher_school_ids: [],
  last_synced_at: null,
  ...over,
});
const sam = asAdmin({ id: 30, full_name: 'Sam Rivera', email: 'sam@example.test' });
const jo = asAdmin({ id: 31, full_name: 'Jo Lee', email: 'jo@example.test', email_verified: false });
const locations = [
  { id: 1, name: 'Springfield' },
  { id: 2, name: 'Riverside' },
];
const schools = [
  { id: 1, name: 'Little Acorns', location_id: 1, location_name: 'Springfield' },
  { id: 2, name: 'Riverside Institute', location_id: 2, location_name: 'Riverside' },
];

async function signInAs(user: ReturnType<typeof makeUser>) {
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  localStorage.clear();
  sessionStorage.clear();
  mockFetch(loginRoute(user));
  await login({ email: user.email, password: 'pathbuilder-demo' });
}

/** The API as the screens see it; `other` answers what the test is about. */
function serve(opts: {
  users?: (r: SeenRequest) => { data: AdminUser[]; total: number };
  other?: (r: SeenRequest) => Response | undefined;
}) {
  return mockFetch((r) => {
    const answer = opts.other?.(r);
    if (answer) return answer;
    if (r.method === 'GET' && r.url.startsWith('/api/admin/users?')) {
      const { data, total } = opts.users?.(r) ?? { data: [sam, jo], total: 2 };
      const page = Number(new URL(r.url, 'http://x').searchParams.get('page'));
      return json(200, { data, meta: { total, page, per_page: 25 } });
    }
    if (r.method === 'GET' && r.url === '/api/lookups/locations') return json(200, { data: locations });
    if (r.method === 'GET' && r.url === '/api/lookups/schools') return json(200, { data: schools });
    if (r.method === 'GET' && r.url.startsWith('/api/admin/schools?'))
      return json(200, {
        data: [{ ...schools[0], student_count: 3, teacher_count: 1 }],
        meta: { total: 1, page: 1, per_page: 100 },
      });
    return undefined;
  });
}

const listQueries = (requests: SeenRequest[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.url.startsWith('/api/admin/users?'))
    .map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));

const renderList = (at = '/admin/users') => renderScreen(<UsersScreen />, { path: '/admin/users', at });

const renderEdit = (id?: string) =>
  renderScreen(
    <>
      <DialogHost />
      <UserEditScreen id={id} />
    </>,
    { path: '/admin/user/:id?', at: id ? `/admin/user/${id}` : '/admin/user' },
  );

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the Manage Users screen', () => {
  it('searches, filters, sorts by a column header and pages, keeping it all in the address', async () => {
    await signInAs(adminUser);
    const { requests } = serve({ users: () => ({ data: [sam, jo], total: 60 }) });
    renderList();
    const row = (await screen.findByText('jo@example.test')).closest('tr')!;
    expect(within(row).getByText('Not verified')).toBeTruthy();
    expect(screen.getByText('1–25 of 60 · page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New user' }).getAttribute('href')).toBe('/admin/user');
    expect(screen.getByRole('link', { name: 'Sam Rivera' }).getAttribute('href')).toBe('/admin/user/30');

    type('Search', 'rivera');
    await waitFor(() => expect(listQueries(requests).at(-1)).toMatchObject({ search: 'rivera', page: '1' }));

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'teacher' } });
    fireEvent.change(screen.getByLabelText('Diagnostic'), { target: { value: '0' } });
    await waitFor(() =>
      expect(listQueries(requests).at(-1)).toMatchObject({
        search: 'rivera',
        role: 'teacher',
        diagnostic: '0',
      }),
    );

    const name = () => screen.getByRole('columnheader', { name: /Name/ });
    expect(name().getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(name()).getByRole('button'));
    await waitFor(() => expect(name().getAttribute('aria-sort')).toBe('descending'));
    expect(listQueries(requests).at(-1)).toMatchObject({ sort: '-name' });
    const created = () => screen.getByRole('columnheader', { name: /Created/ });
    fireEvent.click(within(created()).getByRole('button'));
    await waitFor(() => expect(created().getAttribute('aria-sort')).toBe('ascending'));
    expect(name().getAttribute('aria-sort')).toBe('none');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(listQueries(requests).at(-1)).toMatchObject({ page: '2', sort: 'created_at' }),
    );
    expect(currentLocation()).toContain('page=2');
    expect(currentLocation()).toContain('role=teacher');
  });

  it('imports a CSV file and shows which rows were rejected and why', async () => {
    await signInAs(adminUser);
    let imported: unknown;
    serve({
      other: (r) => {
        if (r.method !== 'POST' || r.url !== '/api/admin/users/import') return undefined;
        imported = r.body;
        return json(200, {
          created: 1,
          rejected: [{ row: 3, errors: ['email: The email has already been taken.'] }],
        });
      },
    });
    renderList();
    await screen.findByText('jo@example.test');
    const csv =
      'full_name,email,role,school,location\nNew One,new@example.test,,,\nDup,sam@example.test,,,\n';
    const file = new File([csv], 'users.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file of users to import'), { target: { files: [file] } });

    // The file is previewed first; nothing is sent before "Import 2 rows".
    const preview = await screen.findByRole('region', { name: 'Import preview' });
    expect(preview.textContent).toContain('users.csv holds 2 rows after the header.');
    const previewTable = within(preview).getByRole('table', { name: 'First 2 rows of users.csv' });
    expect(
      within(previewTable)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Rowfull_nameemailroleschoollocation', '2New Onenew@example.test', '3Dupsam@example.test']);
    expect(imported).toBeUndefined();
    fireEvent.click(within(preview).getByRole('button', { name: 'Import 2 rows' }));

    const report = await screen.findByRole('status', { name: 'Import report' });
    expect(imported).toEqual({ csv });
    expect(
      within(report).getByText(/1 user was created and invited by e-mail\. 1 row was rejected/),
    ).toBeTruthy();
    const rejected = within(report).getByRole('table', { name: 'Rejected rows' });
    expect(within(rejected).getByText('3')).toBeTruthy();
    expect(within(rejected).getByText('email: The email has already been taken.')).toBeTruthy();
  });

  it('tells a teacher they see their schools’ students and offers only their schools', async () => {
    await signInAs(teacherUser);
    serve({});
    renderList();
    expect(await screen.findByText('You see and manage the students of your schools.')).toBeTruthy();
    expect(screen.queryByLabelText('Role')).toBeNull();
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('School'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any school', 'Little Acorns']),
    );
  });
});

describe('the user screen', () => {
  it('creates a user, showing the server’s field errors first, then opens the new user', async () => {
    await signInAs(adminUser);
    const created = asAdmin({
      id: 44,
      full_name: 'Casey Quinn',
      email: 'casey@example.test',
      email_verified: false,
    });
    const posts: unknown[] = [];
    serve({
      other: (r) => {
        if (r.method === 'POST' && r.url === '/api/admin/users') {
          posts.push(r.body);
          return posts.length === 1
            ? json(422, {
                message: 'The email has already been taken.',
                errors: {
                  email: ['The email has already been taken.'],
                  school_id: ['The selected school is invalid.'],
                },
              })
            : json(201, { user: created });
        }
        if (r.method === 'GET' && r.url === '/api/admin/users/44') return json(200, { user: created });
        return undefined;
      },
    });
    renderEdit();
    expect(await screen.findByRole('heading', { name: 'New user' })).toBeTruthy();
    await screen.findByLabelText(/Full name/);
    type(/Full name/, 'Casey Quinn');
    type(/Email/, 'casey@example.test');
    await choose('Role', 'Teacher');
    await choose('Location', 'Riverside');
    await choose('School', 'Riverside Institute');
    await choose('Schools this teacher teaches', 'Little Acorns (Springfield)');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));

    const email = screen.getByLabelText(/Email/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The email has already been taken.')).toBeTruthy();
    expect(screen.getByText('The selected school is invalid.')).toBeTruthy();
    expect(posts[0]).toEqual({
      full_name: 'Casey Quinn',
      email: 'casey@example.test',
      role: 'teacher',
      location_id: 2,
      school_id: 2,
      teacher_school_ids: [1],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Casey Quinn was created and invited by e-mail.')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/admin/user/44'));
  });

  it('deactivates a user after confirming, and can reactivate them', async () => {
    await signInAs(adminUser);
    const statuses: unknown[] = [];
    const { requests } = serve({
      other: (r) => {
        if (r.method === 'GET' && r.url === '/api/admin/users/30') return json(200, { user: sam });
        if (r.method === 'PUT' && r.url === '/api/admin/users/30/status') {
          statuses.push(r.body);
          return json(200, { user: { ...sam, is_active: (r.body as { is_active: boolean }).is_active } });
        }
        return undefined;
      },
    });
    renderEdit('30');
    expect(await screen.findByRole('heading', { name: 'Edit user' })).toBeTruthy();
    expect(((await screen.findByLabelText(/Full name/)) as HTMLInputElement).value).toBe('Sam Rivera');
    // Roles change on Manage Users Role, not here.
    expect(screen.queryByLabelText('Role')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(within(dialog).getByText(/Deactivate Sam Rivera\? They are signed out at once/)).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' })));
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeTruthy();
    expect(screen.getByText(/^Deactivated/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reactivate' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeTruthy();
    expect(statuses).toEqual([{ is_active: false }, { is_active: true }]);
  });

  it('says a new e-mail address waits for its confirmation link rather than that it changed', async () => {
    await signInAs(teacherUser);
    const puts: unknown[] = [];
    serve({
      other: (r) => {
        if (r.method === 'GET' && r.url === '/api/admin/users/30') return json(200, { user: sam });
        if (r.method === 'PUT' && r.url === '/api/admin/users/30') {
          puts.push(r.body);
          return json(200, { user: sam, pending_email: 'sam.new@example.test' });
        }
        return undefined;
      },
    });
    renderEdit('30');
    expect(((await screen.findByLabelText(/Full name/)) as HTMLInputElement).value).toBe('Sam Rivera');
    type(/Email/, 'sam.new@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'The changes were saved. A confirmation link was sent to sam.new@example.test; the e-mail address changes when it is opened.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(
      /Waiting for confirmation.*sam\.new@example\.test/,
    );
    expect(screen.queryByText('The changes were saved.')).toBeNull();
    expect(puts).toHaveLength(1);
  });
});

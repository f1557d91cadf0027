import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import UsersRoleScreen from '../../../src/client/features/users/screens/users-role-screen.tsx';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import type { AdminUser } from '../../../src/shared/contracts/admin-users.ts';
import type { AuditEntry } from '../../../src/shared/contracts/user-roles.ts';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { choose, renderScreen } from '../render.tsx';

const adminUser = makeUser({ id: 1, is_admin: 1, full_name: 'Alex Morgan', email: 'admin@pathbuilder.test' });
const asAdmin = (u: ReturnType<typeof makeUser>, extra: Partial<AdminUser> = {}): AdminUser => ({
  ...u,
  role: u.is_admin ? 'admin' : u.is_teacher ? 'teacher' : 'student',
  teacher_school_ids: [],
  last_synced_at: null,
  time_multiplier: null,
  ...extra,
});
const casey = asAdmin(makeUser({ id: 30, full_name: 'Casey Quinn', email: 'casey@example.test' }));
const me = asAdmin(adminUser);
const schools = [
  { id: 1, name: 'Little Acorns', location_id: 1, location_name: 'Springfield' },
  { id: 2, name: 'Riverside Institute', location_id: 2, location_name: 'Riverside' },
];
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actor_id: 1,
  actor_name: 'Alex Morgan',
  target_user_id: 30,
  target_name: 'Casey Quinn',
  action: 'grant_teacher',
  before: 'student',
  after: 'teacher',
  created_at: '2026-03-02T10:00:00.000Z',
  ...over,
});
const page = <T,>(data: T[]) => ({ data, meta: { total: data.length, page: 1, per_page: 20 } });

async function signInAs(user: ReturnType<typeof makeUser>) {
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  localStorage.clear();
  sessionStorage.clear();
  mockFetch(loginRoute(user));
  await login({ email: user.email, password: 'pathbuilder-demo' });
}

function serve(opts: {
  users?: (r: SeenRequest) => AdminUser[];
  audit?: () => AuditEntry[];
  put?: (r: SeenRequest) => Response;
}) {
  return mockFetch((r) => {
    if (r.method === 'GET' && r.url.startsWith('/api/admin/users?'))
      return json(200, page(opts.users?.(r) ?? [me, casey]));
    if (r.method === 'GET' && r.url.startsWith('/api/admin/audit-log?'))
      return json(200, page(opts.audit?.() ?? []));
    if (r.method === 'GET' && r.url === '/api/lookups/schools') return json(200, { data: schools });
    if (r.method === 'PUT' && opts.put) return opts.put(r);
    return undefined;
  });
}

const renderRoles = () =>
  renderScreen(
    <>
      <DialogHost />
      <UsersRoleScreen />
    </>,
    { path: '/admin/users-role' },
  );

afterEach(() => vi.unstubAllGlobals());

describe('the Manage Users Role screen', () => {
  it('makes a user a teacher of a school after asking, and shows the change in the audit log', async () => {
    await signInAs(adminUser);
    let log: AuditEntry[] = [];
    const { requests } = serve({
      audit: () => log,
      put: () => {
        log = [
          entry({ id: 2, action: 'set_teacher_schools', before: 'none', after: 'Riverside Institute' }),
          entry({ id: 1 }),
        ];
        return json(200, { user: { ...casey, is_teacher: 1, role: 'teacher', teacher_school_ids: [2] } });
      },
    });
    renderRoles();
    expect(await screen.findByText('No role has been changed yet.')).toBeTruthy();
    const row = (await screen.findByText('casey@example.test')).closest('tr')!;
    expect(within(row).getByText('Student')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Change roles of Casey Quinn' }));
    const editor = screen.getByRole('region', { name: 'Roles of Casey Quinn' });
    expect(within(editor).getByRole('button', { name: 'Save roles' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(editor).getByRole('checkbox', { name: 'Teacher' }));
    await choose("Teacher's schools", 'Riverside Institute (Riverside)');
    fireEvent.click(within(editor).getByRole('button', { name: 'Save roles' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(
      within(confirm).getByText('Casey Quinn: grant teacher; teaches at Riverside Institute?'),
    ).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText("Casey Quinn's roles were saved.")).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/api/admin/users/30/role');
    expect(put.body).toEqual({ is_admin: false, is_teacher: true, teacher_school_ids: [2] });

    const audit = screen.getByRole('table', { name: 'Audit log' });
    expect(await within(audit).findByText('Granted teacher')).toBeTruthy();
    const schoolsRow = within(audit).getByText("Changed teacher's schools").closest('tr')!;
    expect(within(schoolsRow).getByText('Alex Morgan')).toBeTruthy();
    expect(within(schoolsRow).getByText('none → Riverside Institute')).toBeTruthy();
    expect(within(schoolsRow).getByText('Casey Quinn')).toBeTruthy();
    expect(within(schoolsRow).getByText(new Date('2026-03-02T10:00:00.000Z').toLocaleString())).toBeTruthy();
  });

  it('warns the admin removing their own role, and shows the refusal for the last admin', async () => {
    await signInAs(adminUser);
    const refusal =
      'You are the last admin, so you cannot remove your own admin role. Make someone else an admin first.';
    const { requests } = serve({
      put: () => json(422, { message: refusal, errors: { is_admin: [refusal] } }),
    });
    renderRoles();
    fireEvent.click(await screen.findByRole('button', { name: 'Change roles of Alex Morgan' }));
    const editor = screen.getByRole('region', { name: 'Roles of Alex Morgan' });
    fireEvent.click(within(editor).getByRole('checkbox', { name: 'Admin' }));
    fireEvent.click(within(editor).getByRole('button', { name: 'Save roles' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm' });
    expect(
      within(confirm).getByText(
        'Alex Morgan: remove admin? You will lose access to the admin screens at once.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await within(editor).findByText(refusal)).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ is_admin: false, is_teacher: false });
  });

  it('searches users by name or e-mail', async () => {
    await signInAs(adminUser);
    const { requests } = serve({ users: (r) => (r.url.includes('search=casey') ? [casey] : [me, casey]) });
    renderRoles();
    expect(await screen.findByText('admin@pathbuilder.test')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: 'casey' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(requests.some((r) => r.url.includes('search=casey'))).toBe(true));
    expect(await screen.findByText('casey@example.test')).toBeTruthy();
    expect(screen.queryByText('admin@pathbuilder.test')).toBeNull();
    expect(requests.some((r) => r.url === '/api/admin/users?search=casey&page=1&per_page=20')).toBe(true);
  });

  it('is for admins only', async () => {
    await signInAs(makeUser({ id: 2, is_teacher: 1 }));
    const { requests } = serve({});
    renderRoles();
    expect(await screen.findByText('Admins only')).toBeTruthy();
    expect(requests.some((r) => r.url.startsWith('/api/admin/'))).toBe(false);
  });
});

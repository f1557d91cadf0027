import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import UserEditScreen from '../../../src/client/features/users/screens/user-edit-screen.tsx';
import UsersScreen from '../../../src/client/features/users/screens/users-screen.tsx';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import type { AdminUser } from '../../../src/shared/contracts/admin-users.ts';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { renderScreen } from '../render.tsx';

/** What the users screens' tests share: the signed-in staff, two listed users, the API, the screens. */

export const adminUser = makeUser({
  id: 1,
  is_admin: 1,
  full_name: 'Alex Morgan',
  email: 'admin@pathbuilder.test',
});
export const teacherUser = makeUser({
  id: 2,
  is_teacher: 1,
  full_name: 'Taylor Brooks',
  email: 'teacher@pathbuilder.test',
});
export const asAdmin = (over: Partial<AdminUser>): AdminUser => ({
  ...makeUser(),
  role: 'student',
  teacher_school_ids: [],
  last_synced_at: null,
  time_multiplier: null,
  ...over,
});
export const sam = asAdmin({ id: 30, full_name: 'Sam Rivera', email: 'sam@example.test' });
export const jo = asAdmin({ id: 31, full_name: 'Jo Lee', email: 'jo@example.test', email_verified: false });
export const locations = [
  { id: 1, name: 'Springfield' },
  { id: 2, name: 'Riverside' },
];
export const schools = [
  { id: 1, name: 'Little Acorns', location_id: 1, location_name: 'Springfield' },
  { id: 2, name: 'Riverside Institute', location_id: 2, location_name: 'Riverside' },
];

export async function signInAs(user: ReturnType<typeof makeUser>) {
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  localStorage.clear();
  sessionStorage.clear();
  mockFetch(loginRoute(user));
  await login({ email: user.email, password: 'pathbuilder-demo' });
}

/** The API as the screens see it; `other` answers what the test is about. */
export function serve(opts: {
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

export const listQueries = (requests: SeenRequest[]) =>
  requests
    .filter((r) => r.method === 'GET' && r.url.startsWith('/api/admin/users?'))
    .map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));

export const renderList = (at = '/admin/users') =>
  renderScreen(<UsersScreen />, { path: '/admin/users', at });

export const renderEdit = (id?: string) =>
  renderScreen(
    <>
      <DialogHost />
      <UserEditScreen id={id} />
    </>,
    { path: '/admin/user/:id?', at: id ? `/admin/user/${id}` : '/admin/user' },
  );

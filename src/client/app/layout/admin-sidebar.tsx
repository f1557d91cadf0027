import type { User } from '../../../shared/contracts/auth.ts';
import { roleOf } from '../../shell/session.ts';
import { PATHS } from '../../shell/paths.ts';
import { Sidebar } from './sidebar.tsx';
import type { MenuEntry, MenuGroup } from './sidebar.tsx';

type StaffRole = 'admin' | 'teacher';

/** Spec 2.7, in order, with the roles that see each entry. */
export const ADMIN_MENU: readonly (MenuEntry & { roles: readonly StaffRole[] })[] = [
  { to: PATHS.dashboard, label: 'Dashboard', roles: ['admin', 'teacher'] },
  { to: PATHS.adminUsersRole, label: 'Manage Users Role', roles: ['admin'] },
  { to: PATHS.adminSchools, label: 'Manage Schools', roles: ['admin', 'teacher'] },
  { to: PATHS.adminUsers, label: 'Manage Users', roles: ['admin', 'teacher'] },
  { to: PATHS.adminKnowledgeGraph, label: 'Manage Knowledge Graph', roles: ['admin'] },
  { to: PATHS.adminQuestions, label: 'Manage Questions', roles: ['admin'] },
  { to: PATHS.adminAnnouncements, label: 'Manage Announcements', roles: ['admin', 'teacher'] },
  { to: PATHS.adminQuizzes, label: 'Manage Quizzes', roles: ['admin', 'teacher'] },
  { to: PATHS.adminExams, label: 'Manage Exams', roles: ['admin', 'teacher'] },
  { to: PATHS.adminDiagnostics, label: 'Manage Diagnostics', roles: ['admin'] },
  { to: PATHS.adminLectures, label: 'Manage Lectures', roles: ['admin'] },
  { to: PATHS.adminVideos, label: 'Manage Videos', roles: ['admin', 'teacher'] },
  { to: PATHS.adminResources, label: 'Manage Resources', roles: ['admin', 'teacher'] },
  { to: PATHS.adminLiveDiscussions, label: 'Manage Live Discussions', roles: ['admin', 'teacher'] },
  { to: PATHS.adminReports, label: 'Reports', roles: ['admin', 'teacher'] },
];

/** The entries the user's role may see; a student on an admin path gets none (the server guards the data). */
export function adminMenu(user: Pick<User, 'is_admin' | 'is_teacher'> | null): MenuGroup[] {
  const role = roleOf(user);
  const entries = ADMIN_MENU.filter(
    (e) => (role === 'admin' || role === 'teacher') && e.roles.includes(role),
  ).map(({ to, label }) => ({ to, label }));
  return [{ entries, withLogout: true }];
}

export function AdminSidebar({
  user,
  ...frame
}: { user: Pick<User, 'is_admin' | 'is_teacher'> | null } & Omit<Parameters<typeof Sidebar>[0], 'groups'>) {
  return <Sidebar groups={adminMenu(user)} {...frame} />;
}

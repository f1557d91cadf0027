import type { User } from '../../../shared/contracts/auth.ts';
import { PATHS } from '../../shell/paths.ts';
import { Sidebar } from './sidebar.tsx';
import type { MenuEntry, MenuGroup } from './sidebar.tsx';

/** Spec 2.6, in order. */
export const STUDENT_MENU: readonly MenuEntry[] = [
  { to: PATHS.dashboard, label: 'Dashboard' },
  { to: PATHS.quizzes, label: 'Quizzes' },
  { to: PATHS.exams, label: 'Exams' },
  { to: PATHS.lectures, label: 'Lectures' },
  { to: PATHS.videos, label: 'Videos' },
  { to: PATHS.resources, label: 'Resources' },
  { to: PATHS.testYourself, label: 'Test Yourself' },
  { to: PATHS.profileRecord, label: 'Profile Record' },
  { to: PATHS.live, label: 'Live Discussions' },
  { to: PATHS.accounts, label: 'Account' },
];

export const STUDENT_SETTINGS_MENU: readonly MenuEntry[] = [
  { to: PATHS.support, label: 'Support' },
  { to: PATHS.settings, label: 'Settings' },
];

/**
 * Until the diagnostic is taken only Dashboard is offered (spec 2.6). Logout is an action, not an entry,
 * and stays: nobody should be unable to sign out.
 */
export function studentMenu(user: Pick<User, 'taken_diagnostics'> | null): MenuGroup[] {
  const unlocked = user?.taken_diagnostics === 1;
  return [
    { entries: unlocked ? STUDENT_MENU : STUDENT_MENU.filter((e) => e.to === PATHS.dashboard) },
    { label: 'Settings', entries: unlocked ? STUDENT_SETTINGS_MENU : [], withLogout: true },
  ];
}

export function StudentSidebar({
  user,
  ...frame
}: { user: Pick<User, 'taken_diagnostics'> | null } & Omit<Parameters<typeof Sidebar>[0], 'groups'>) {
  return <Sidebar groups={studentMenu(user)} {...frame} />;
}

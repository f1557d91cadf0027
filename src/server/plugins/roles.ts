import type { UserRow } from '../db/tables/users.ts';

export type Role = 'admin' | 'teacher' | 'student';

export function roleOf(user: Pick<UserRow, 'is_admin' | 'is_teacher'>): Role {
  if (user.is_admin === 1) return 'admin';
  if (user.is_teacher === 1) return 'teacher';
  return 'student';
}

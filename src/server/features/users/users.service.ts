import type { User } from '../../../shared/contracts/auth.ts';
import type { Db } from '../../db/database.ts';
import { createUsersRepository, type UserRow, type UsersRepository } from './users.repository.ts';

export type { UserRow, UsersRepository } from './users.repository.ts';

export type Role = 'admin' | 'teacher' | 'student';

export function roleOf(user: Pick<UserRow, 'is_admin' | 'is_teacher'>): Role {
  if (user.is_admin === 1) return 'admin';
  if (user.is_teacher === 1) return 'teacher';
  return 'student';
}

/** The one place a user row becomes the contract type; the password hash stops here. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    is_admin: row.is_admin,
    is_teacher: row.is_teacher,
    taken_diagnostics: row.taken_diagnostics,
    email_verified: row.email_verified_at !== null,
    school_id: row.school_id,
    school_name: row.school_name,
    location_id: row.location_id,
    location_name: row.location_name,
    pending_school_id: row.pending_school_id,
    pending_school_name: row.pending_school_name,
    is_active: row.is_active === 1,
    created_at: row.created_at,
  };
}

/**
 * The user rows other features read and write through this service, never the repository itself (auth:
 * sign-in, registration, password and account changes).
 */
export function createUserStore(db: Db): UsersRepository {
  return createUsersRepository(db);
}

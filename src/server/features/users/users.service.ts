import type { User } from '../../../shared/contracts/auth.ts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/tables/users.ts';
import { createUsersRepository, type UsersRepository } from './users.repository.ts';

export type { UsersRepository } from './users.repository.ts';

// The role checks are the router's too (plugins/routes.ts), so they live below the features; other features
// take them, and the user row's type, from here.
export { roleOf, type Role } from '../../plugins/roles.ts';
export type { UserRow };

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

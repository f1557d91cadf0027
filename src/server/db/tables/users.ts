import type { Generated, Selectable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  full_name: string;
  password_hash: string;
  is_admin: number;
  is_teacher: number;
  taken_diagnostics: number;
  school_id: number | null;
  location_id: number | null;
  email_verified_at: string | null;
  is_active: number;
  /** A standing accommodation: every timed assessment's limit is multiplied by it (null: 1). */
  time_multiplier: number | null;
  created_at: string;
  updated_at: string;
}

/** Schools a teacher teaches; a teacher sees only these schools' students and content. */
export interface TeacherSchoolsTable {
  user_id: number;
  school_id: number;
}

/** When a student's device last delivered answers or a submission (a table of its own: see migration 0016). */
export interface UserSyncTable {
  user_id: number;
  last_synced_at: string;
}

/**
 * A user as the application reads one (users.repository.ts selects it): the row, with the names of its school
 * and location, and the school it asked to join that staff have not decided yet.
 */
export interface UserRow extends Selectable<UsersTable> {
  school_name: string | null;
  location_name: string | null;
  pending_school_id: number | null;
  pending_school_name: string | null;
}

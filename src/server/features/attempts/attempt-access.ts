import { forbidden, notFound } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import type { AttemptCore } from './attempt-core.ts';
import type { AttemptRow } from './attempts.repository.ts';

/** Whose attempt it is, and who else may read it. */
export function createOwnership(
  core: AttemptCore,
  finaliseIfExpired: (row: AttemptRow) => Promise<AttemptRow>,
) {
  const { repo, deps } = core;

  /** The attempt, if it is the caller's own. Staff may read their students' attempts (results only). */
  async function own(auth: Authed, id: string, opts: { staffMayRead?: boolean } = {}): Promise<AttemptRow> {
    const row = await repo.find(id);
    if (!row) throw notFound('That attempt does not exist.');
    if (row.user_id === auth.user.id) return finaliseIfExpired(row);
    if (opts.staffMayRead && roleOf(auth.user) === 'admin') return finaliseIfExpired(row);
    if (opts.staffMayRead && roleOf(auth.user) === 'teacher' && deps.teacherSchoolIds) {
      const school = await repo.schoolOfUser(row.user_id);
      if (school !== null && (await deps.teacherSchoolIds(auth.user.id)).includes(school))
        return finaliseIfExpired(row);
    }
    // Another student's attempt: indistinguishable from one that does not exist.
    throw notFound('That attempt does not exist.');
  }
  return own;
}
export type Own = ReturnType<typeof createOwnership>;

/** The diagnostic comes first: until it is done a student takes nothing else (the menu says so too). */
export function requireDiagnostic(auth: Authed): void {
  if (auth.user.taken_diagnostics !== 1) throw forbidden('Take the diagnostic first: it unlocks the rest.');
}

/** Staff read a student's attempt for what it is; release rules are about what students see. */
export function staffReads(auth: Authed, row: AttemptRow): boolean {
  return row.user_id !== auth.user.id && roleOf(auth.user) !== 'student';
}

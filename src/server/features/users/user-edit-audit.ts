import type { Insertable } from 'kysely';
import type { AuditAction } from '../../../shared/contracts/user-roles.ts';
import type { Authed } from '../../plugins/routes.ts';
import type { AuditLogTable } from '../../db/tables/audit-log.ts';

/** A user's editable fields as the log reads them: names, not ids. */
export interface EditedFields {
  full_name: string;
  email: string;
  school: string;
  location: string;
}

/**
 * The audit rows of one staff edit, one per field that changed. A new e-mail address is logged as asked
 * for, not as made (`emailApplied` false): it becomes the user's only when its link is opened.
 */
export function editAuditRows(
  actor: Authed,
  target: { id: number; full_name: string },
  before: EditedFields,
  after: EditedFields,
  emailApplied: boolean,
  now: string,
): Insertable<AuditLogTable>[] {
  const rows: Insertable<AuditLogTable>[] = [];
  const entry = (action: AuditAction, from: string, to: string) =>
    rows.push({
      actor_id: actor.user.id,
      actor_name: actor.user.full_name,
      target_user_id: target.id,
      target_name: target.full_name,
      action,
      before: from,
      after: to,
      created_at: now,
    });
  if (before.full_name !== after.full_name) entry('edit_name', before.full_name, after.full_name);
  if (before.email !== after.email) {
    entry(emailApplied ? 'edit_email' : 'request_email_change', before.email, after.email);
  }
  if (before.school !== after.school) entry('set_school', before.school, after.school);
  if (before.location !== after.location) entry('set_location', before.location, after.location);
  return rows;
}

/** The audit row of a deactivation or reactivation. */
export function statusAuditRow(
  actor: Authed,
  target: { id: number; full_name: string },
  isActive: boolean,
  now: string,
): Insertable<AuditLogTable> {
  return {
    actor_id: actor.user.id,
    actor_name: actor.user.full_name,
    target_user_id: target.id,
    target_name: target.full_name,
    action: isActive ? 'reactivate' : 'deactivate',
    before: isActive ? 'inactive' : 'active',
    after: isActive ? 'active' : 'inactive',
    created_at: now,
  };
}

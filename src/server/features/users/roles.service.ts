import type { Insertable } from 'kysely';
import type { AdminUser } from '../../../shared/contracts/admin-users.ts';
import type { AuditEntry, AuditLogQuery, SetRolesBody } from '../../../shared/contracts/user-roles.ts';
import type { AppContext } from '../../context.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import type { AuditLogTable } from '../../db/tables/audit-log.ts';
import { createRolesRepository } from './roles.repository.ts';
import { createUsersRepository } from './users.repository.ts';
import { roleOf, toUser } from './users.service.ts';

type Flags = { is_admin: number; is_teacher: number };

/** "admin, teacher", "teacher", "student": how the log names a set of roles. */
function rolesText(f: Flags): string {
  const roles = [f.is_admin === 1 && 'admin', f.is_teacher === 1 && 'teacher'].filter(Boolean);
  return roles.length ? roles.join(', ') : 'student';
}

const schoolsText = (schools: { name: string }[]) =>
  schools.length ? schools.map((s) => s.name).join(', ') : 'none';

/** The flags a body asks for, from the user's current ones. The older `role` shape sets exactly one role. */
function wantedFlags(current: Flags, body: SetRolesBody): Flags {
  if (body.role) {
    return { is_admin: body.role === 'admin' ? 1 : 0, is_teacher: body.role === 'teacher' ? 1 : 0 };
  }
  const flag = (wanted: boolean | undefined, now: number) => (wanted === undefined ? now : wanted ? 1 : 0);
  return {
    is_admin: flag(body.is_admin, current.is_admin),
    is_teacher: flag(body.is_teacher, current.is_teacher),
  };
}

/**
 * Manage Users Role: granting and removing admin and teacher, and a teacher's schools. Every change is
 * written to the audit log in the transaction that makes it. A change takes effect on the user's next
 * request: roles live on `users`, whose updates empty the session cache (migration 0006), and a teacher's
 * schools are read on every request.
 */
export function createRolesService(ctx: AppContext) {
  const repo = createRolesRepository(ctx.db, ctx.dialect);
  const users = createUsersRepository(ctx.db);

  /** The user as the back office shows them, after the change. */
  async function adminUser(id: number): Promise<AdminUser> {
    const row = await users.findById(id);
    if (!row) throw notFound('That user does not exist.');
    const [schools, synced] = await Promise.all([
      users.teacherSchoolsOf(row.is_teacher === 1 ? [id] : []),
      users.lastSyncedOf([id]),
    ]);
    return {
      ...toUser(row),
      role: roleOf(row),
      teacher_school_ids: schools.map((s) => s.school_id),
      last_synced_at: synced.get(id) ?? null,
      time_multiplier: row.time_multiplier === null ? null : Number(row.time_multiplier),
    };
  }

  return {
    async setRoles(actor: Authed, id: number, body: SetRolesBody): Promise<AdminUser> {
      // The field a refusal is reported on: the one the caller sent.
      const adminField = body.role !== undefined ? 'role' : 'is_admin';
      await repo.transaction(async (q) => {
        const admins = await q.lockActiveAdminIds();
        const user = await q.findUser(id);
        if (!user) throw notFound('That user does not exist.');
        const before: Flags = { is_admin: user.is_admin, is_teacher: user.is_teacher };
        const after = wantedFlags(before, body);
        const schoolsBefore = await q.schoolsOfTeacher(id);

        if (before.is_admin === 1 && after.is_admin === 0 && !admins.some((a) => a !== id)) {
          throw unprocessable({
            [adminField]: [
              id === actor.user.id
                ? 'You are the last admin, so you cannot remove your own admin role. Make someone else an admin first.'
                : `${user.full_name} is the last admin. Make someone else an admin first.`,
            ],
          });
        }

        let wantedSchoolIds: number[];
        if (after.is_teacher === 0) {
          if (!body.role && body.teacher_school_ids?.length) {
            throw unprocessable({
              teacher_school_ids: ['Only teachers have schools. Make this user a teacher too.'],
            });
          }
          wantedSchoolIds = [];
        } else if (body.role === 'teacher') {
          wantedSchoolIds = body.teacher_school_ids ?? [];
        } else {
          wantedSchoolIds = body.teacher_school_ids ?? schoolsBefore.map((s) => s.id);
        }
        wantedSchoolIds = [...new Set(wantedSchoolIds)];
        const schoolsAfter = await q.schoolsByIds(wantedSchoolIds);
        if (schoolsAfter.length !== wantedSchoolIds.length) {
          throw unprocessable({ teacher_school_ids: ['One of the selected schools does not exist.'] });
        }

        const now = ctx.now().toISOString();
        const entry = (action: AuditLogTable['action'], from: string, to: string) => ({
          actor_id: actor.user.id,
          actor_name: actor.user.full_name,
          target_user_id: id,
          target_name: user.full_name,
          action,
          before: from,
          after: to,
          created_at: now,
        });
        const audit: Insertable<AuditLogTable>[] = [];
        if (before.is_admin !== after.is_admin) {
          audit.push(
            entry(after.is_admin ? 'grant_admin' : 'revoke_admin', rolesText(before), rolesText(after)),
          );
        }
        if (before.is_teacher !== after.is_teacher) {
          audit.push(
            entry(after.is_teacher ? 'grant_teacher' : 'revoke_teacher', rolesText(before), rolesText(after)),
          );
        }
        const sameSchools =
          schoolsBefore.length === schoolsAfter.length &&
          schoolsBefore.every((s) => wantedSchoolIds.includes(s.id));
        if (!sameSchools) {
          audit.push(entry('set_teacher_schools', schoolsText(schoolsBefore), schoolsText(schoolsAfter)));
        }
        if (!audit.length) return;

        if (before.is_admin !== after.is_admin || before.is_teacher !== after.is_teacher) {
          await q.setRoles(id, after, now);
        }
        if (!sameSchools) await q.setTeacherSchools(id, wantedSchoolIds);
        await q.insertAudit(audit);
      });
      return adminUser(id);
    },

    /**
     * A user staff created (or imported) with a role other than student: their roles as granted, in the log
     * like any other grant ("new account" before).
     */
    async recordNewRoles(
      actor: Authed,
      created: Array<{ id: number; full_name: string; role: string; schoolIds: number[] }>,
    ): Promise<void> {
      const now = ctx.now().toISOString();
      const audit: Insertable<AuditLogTable>[] = [];
      for (const user of created) {
        if (user.role !== 'admin' && user.role !== 'teacher') continue;
        const entry = (action: AuditLogTable['action'], before: string, after: string) => ({
          actor_id: actor.user.id,
          actor_name: actor.user.full_name,
          target_user_id: user.id,
          target_name: user.full_name,
          action,
          before,
          after,
          created_at: now,
        });
        audit.push(entry(user.role === 'admin' ? 'grant_admin' : 'grant_teacher', 'new account', user.role));
        if (user.role === 'teacher' && user.schoolIds.length > 0) {
          const schools = await repo.transaction((q) => q.schoolsByIds([...new Set(user.schoolIds)]));
          audit.push(entry('set_teacher_schools', 'none', schoolsText(schools)));
        }
      }
      if (audit.length) await repo.transaction((q) => q.insertAudit(audit));
    },

    async auditLog(query: AuditLogQuery) {
      const { rows, total } = await repo.auditPage({
        page: query.page,
        perPage: query.per_page,
        targetUserId: query.user_id,
      });
      const data: AuditEntry[] = rows;
      return { data, meta: { total, page: query.page, per_page: query.per_page } };
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;

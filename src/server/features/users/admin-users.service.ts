import type { AdminUser, AdminUsersQuery, Role } from '../../../shared/contracts/admin-users.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import { createUsersRepository, type UserRow } from './users.repository.ts';
import { roleOf, toUser } from './users.service.ts';

/** Back-office user management: admins see everyone; teachers only the students of their own schools. */
export function createAdminUsersService(
  ctx: AppContext,
  deps: { schools: SchoolsService; revokeSessions: (userId: number) => Promise<unknown> },
) {
  const users = createUsersRepository(ctx.db);

  async function toAdminUsers(rows: UserRow[]): Promise<AdminUser[]> {
    const links = await users.teacherSchoolsOf(rows.filter((r) => r.is_teacher === 1).map((r) => r.id));
    return rows.map((row) => ({
      ...toUser(row),
      role: roleOf(row),
      teacher_school_ids: links.filter((l) => l.user_id === row.id).map((l) => l.school_id),
    }));
  }

  /** The user, if the actor may manage them. */
  async function manageable(actor: Authed, id: number): Promise<UserRow> {
    const row = await users.findById(id);
    if (!row) throw notFound('That user does not exist.');
    if (roleOf(actor.user) === 'admin') return row;
    const own = await users.schoolIdsOfTeacher(actor.user.id);
    if (roleOf(row) !== 'student' || row.school_id === null || !own.includes(row.school_id)) {
      throw forbidden('You can only manage students of your own schools.');
    }
    return row;
  }

  return {
    async list(actor: Authed, query: AdminUsersQuery) {
      const isAdmin = roleOf(actor.user) === 'admin';
      const { rows, total } = await users.list({
        page: query.page,
        perPage: query.per_page,
        search: query.search,
        role: query.role,
        schoolId: query.school_id,
        sort: query.sort,
        onlyStudentsOfSchools: isAdmin ? undefined : await users.schoolIdsOfTeacher(actor.user.id),
      });
      return { data: await toAdminUsers(rows), meta: { total, page: query.page, per_page: query.per_page } };
    },

    async get(actor: Authed, id: number): Promise<AdminUser> {
      return (await toAdminUsers([await manageable(actor, id)]))[0]!;
    },

    async setRole(
      actor: Authed,
      id: number,
      role: Role,
      teacherSchoolIds: number[] = [],
    ): Promise<AdminUser> {
      const row = await manageable(actor, id);
      if (row.id === actor.user.id && role !== 'admin') {
        throw unprocessable({ role: ['You cannot remove your own admin role.'] });
      }
      if (!(await deps.schools.allExist(teacherSchoolIds))) {
        throw unprocessable({ teacher_school_ids: ['One of the selected schools does not exist.'] });
      }
      await users.update(id, {
        is_admin: role === 'admin' ? 1 : 0,
        is_teacher: role === 'teacher' ? 1 : 0,
        updated_at: ctx.now().toISOString(),
      });
      await users.setTeacherSchools(id, role === 'teacher' ? [...new Set(teacherSchoolIds)] : []);
      return this.get(actor, id);
    },

    async setStatus(actor: Authed, id: number, isActive: boolean): Promise<AdminUser> {
      const row = await manageable(actor, id);
      if (row.id === actor.user.id) throw unprocessable({ is_active: ['You cannot deactivate yourself.'] });
      await users.update(id, { is_active: isActive ? 1 : 0, updated_at: ctx.now().toISOString() });
      // A deactivated account is signed out everywhere.
      if (!isActive) await deps.revokeSessions(id);
      return this.get(actor, id);
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

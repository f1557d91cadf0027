import type {
  AdminUser,
  AdminUserEditResult,
  AdminUsersQuery,
  Role,
  UserEditInput,
  UserFilters,
  UserInput,
} from '../../../shared/contracts/admin-users.ts';
import type { FieldErrors } from '../../../shared/contracts/common.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import { createAdminUsersRepository, type UserListFilter } from './admin-users.repository.ts';
import { editAuditRows, statusAuditRow, type EditedFields } from './user-edit-audit.ts';
import { createUsersRepository, type UserRow } from './users.repository.ts';
import { roleOf, toUser } from './users.service.ts';

/** A password hash nothing verifies against: an invited user chooses theirs through the invitation link. */
export const NO_PASSWORD = '!invited';

export interface AdminUsersDeps {
  schools: SchoolsService;
  revokeSessions: (userId: number) => Promise<unknown>;
  /** Mails a set-your-password link to a user staff created. */
  invite: (user: Pick<UserRow, 'id' | 'email' | 'full_name'>, invitedBy: string) => void;
  /**
   * Staff asked for a new address: it waits for the link mailed to it (as the user's own change does), and
   * the current address is told who asked.
   */
  requestEmailChange: (user: UserRow, newEmail: string, staffName: string) => Promise<void>;
  /** Tells the current address that staff replaced it on an account not signed in yet. */
  noticeEmailReplaced: (user: UserRow, newEmail: string, staffName: string) => void;
  /** The address waiting for its confirmation link, if any. */
  pendingEmail: (userId: number) => Promise<string | null>;
  /** A student's standing multiplier changed: their attempts in progress follow (attempts feature). */
  retimeUser?: (userId: number) => Promise<unknown>;
  /** Writes the roles of new admins and teachers to the audit log (roles.service.ts). */
  recordNewRoles: (
    actor: Authed,
    created: Array<{ id: number; full_name: string; role: string; schoolIds: number[] }>,
  ) => Promise<void>;
}

const timesText = (m: number | null) => (m === null ? 'none' : `time × ${Number(m)}`);

/**
 * The standing multiplier an edit leaves: unchanged when the body leaves it out; 1 is no multiplier (null).
 * Only students take assessments, so only they have one.
 */
function standingMultiplier(row: UserRow, asked: number | null | undefined) {
  const current = row.time_multiplier === null ? null : Number(row.time_multiplier);
  if (asked === undefined) return { value: current, changed: false };
  const value = asked === null || asked === 1 ? null : asked;
  if (value !== null && roleOf(row) !== 'student')
    throw unprocessable({ time_multiplier: ['Extra time is for students only.'] });
  return { value, changed: value !== current };
}

/** Back-office user management: admins see everyone; teachers only the students of their own schools. */
export function createAdminUsersService(ctx: AppContext, deps: AdminUsersDeps) {
  const users = createUsersRepository(ctx.db);
  const repo = createAdminUsersRepository(ctx.db, ctx.dialect);
  const iso = () => ctx.now().toISOString();

  async function toAdminUsers(rows: UserRow[]): Promise<AdminUser[]> {
    const [links, synced] = await Promise.all([
      users.teacherSchoolsOf(rows.filter((r) => r.is_teacher === 1).map((r) => r.id)),
      users.lastSyncedOf(rows.map((r) => r.id)),
    ]);
    return rows.map((row) => ({
      ...toUser(row),
      role: roleOf(row),
      teacher_school_ids: links.filter((l) => l.user_id === row.id).map((l) => l.school_id),
      last_synced_at: synced.get(row.id) ?? null,
      time_multiplier: row.time_multiplier === null ? null : Number(row.time_multiplier),
    }));
  }

  const isAdmin = (actor: Authed) => roleOf(actor.user) === 'admin';

  /** The schools whose students the actor manages; undefined for an admin (all of them). */
  async function scopeOf(actor: Authed): Promise<number[] | undefined> {
    return isAdmin(actor) ? undefined : users.schoolIdsOfTeacher(actor.user.id);
  }

  /** The user, if the actor may manage them. */
  async function manageable(actor: Authed, id: number): Promise<UserRow> {
    const row = await users.findById(id);
    if (!row) throw notFound('That user does not exist.');
    const own = await scopeOf(actor);
    if (own === undefined) return row;
    if (roleOf(row) !== 'student' || row.school_id === null || !own.includes(row.school_id)) {
      throw forbidden('You can only manage students of your own schools.');
    }
    return row;
  }

  /**
   * What a teacher may not do at all is a 403 (another role, another school); what is wrong with the input is
   * a 422 naming the field. Returns the user's location, taken from the school when the form left it out.
   */
  async function checkInput(actor: Authed, body: UserInput, exceptId?: number): Promise<number | null> {
    const own = await scopeOf(actor);
    if (own !== undefined) {
      if (body.role !== 'student') throw forbidden('Teachers can only add and edit students.');
      if (body.school_id === null || !own.includes(body.school_id)) {
        throw forbidden('You can only manage students of your own schools.');
      }
    }
    const errors: FieldErrors = {};
    if (await users.emailTaken(body.email, exceptId)) errors.email = ['The email has already been taken.'];
    let locationId = body.location_id;
    if (body.school_id !== null) {
      const school = (await repo.schoolsWithLocations()).find((s) => s.id === body.school_id);
      locationId ??= school?.location_id ?? null;
      Object.assign(errors, await deps.schools.checkPlacement(locationId, body.school_id));
    } else if (locationId !== null) {
      const placement = await deps.schools.checkPlacement(locationId, null);
      if (placement.location_id) errors.location_id = placement.location_id;
    }
    if (body.role === 'teacher' && !(await deps.schools.allExist(body.teacher_school_ids))) {
      errors.teacher_school_ids = ['One of the selected schools does not exist.'];
    }
    if (Object.keys(errors).length) throw unprocessable(errors);
    return locationId;
  }

  /** Another request may take the address between the check and the insert: that is a 422 too. */
  async function insertUnlessTaken(values: Parameters<typeof repo.insertOne>[0]): Promise<number> {
    try {
      return await repo.insertOne(values);
    } catch (err) {
      if (await users.emailTaken(values.email))
        throw unprocessable({ email: ['The email has already been taken.'] });
      throw err;
    }
  }

  const roleColumns = (role: Role) => ({
    is_admin: role === 'admin' ? 1 : 0,
    is_teacher: role === 'teacher' ? 1 : 0,
  });

  return {
    scopeOf,

    /** The list's filters as the repository takes them, narrowed to the actor's scope. */
    async filterOf(actor: Authed, query: Omit<UserFilters, 'sort'>): Promise<UserListFilter> {
      return {
        search: query.search,
        role: query.role,
        schoolId: query.school_id,
        diagnostic: query.diagnostic,
        verified: query.verified,
        active: query.active,
        onlyStudentsOfSchools: await scopeOf(actor),
      };
    },

    async list(actor: Authed, query: AdminUsersQuery) {
      const filter = await this.filterOf(actor, query);
      const { ids, total } = await repo.page(filter, query.sort, query.page, query.per_page);
      const rows = await users.findManyByIds(ids);
      return { data: await toAdminUsers(rows), meta: { total, page: query.page, per_page: query.per_page } };
    },

    async get(actor: Authed, id: number): Promise<AdminUser> {
      return (await toAdminUsers([await manageable(actor, id)]))[0]!;
    },

    /** A new account without a password; the invitation mail lets its owner choose one. */
    async create(actor: Authed, body: UserInput): Promise<AdminUser> {
      const locationId = await checkInput(actor, body);
      const now = iso();
      const id = await insertUnlessTaken({
        email: body.email,
        full_name: body.full_name,
        password_hash: NO_PASSWORD,
        ...roleColumns(body.role),
        taken_diagnostics: 0,
        school_id: body.school_id,
        location_id: locationId,
        email_verified_at: null,
        is_active: 1,
        created_at: now,
        updated_at: now,
      });
      if (body.role === 'teacher') await users.setTeacherSchools(id, [...new Set(body.teacher_school_ids)]);
      await deps.recordNewRoles(actor, [
        { id, full_name: body.full_name, role: body.role, schoolIds: body.teacher_school_ids ?? [] },
      ]);
      deps.invite({ id, email: body.email, full_name: body.full_name }, actor.user.full_name);
      return this.get(actor, id);
    },

    /**
     * Name, e-mail and place; the role stays (Manage Users Role changes it, with its audit log). A new e-mail
     * address is not applied: it waits for the link mailed to it, as the user's own change does, and the
     * current address is told. Otherwise whoever may edit a student could put their own address on the
     * account and reset its password. Every change is written to the audit log with the edit.
     */
    async update(actor: Authed, id: number, body: UserEditInput): Promise<AdminUserEditResult> {
      const row = await manageable(actor, id);
      const locationId = await checkInput(actor, { ...body, role: roleOf(row), teacher_school_ids: [] }, id);
      const emailChanged = body.email !== row.email;
      // Someone who has not yet used their invitation has nothing to take over: the new address gets a new
      // invitation (the old link names the old address and stops working), which is its confirmation.
      const unclaimed = row.password_hash === NO_PASSWORD;
      const applyEmail = emailChanged && unclaimed;
      // Saving the form again with the address already waiting asks for nothing new (no second mails).
      const asksEmail = emailChanged && !unclaimed && (await deps.pendingEmail(id)) !== body.email;
      const [places, locations] = await Promise.all([repo.schoolsWithLocations(), repo.locations()]);
      const fieldsOf = (
        v: Pick<UserRow, 'full_name' | 'email' | 'school_id' | 'location_id'>,
      ): EditedFields => ({
        full_name: v.full_name,
        email: v.email,
        school: places.find((p) => p.id === v.school_id)?.name ?? 'none',
        location: locations.find((l) => l.id === v.location_id)?.name ?? 'none',
      });
      const now = iso();
      const multiplier = standingMultiplier(row, body.time_multiplier);
      const audit = editAuditRows(
        actor,
        row,
        fieldsOf(row),
        fieldsOf({
          ...body,
          email: applyEmail || asksEmail ? body.email : row.email,
          location_id: locationId,
        }),
        applyEmail,
        now,
      );
      if (multiplier.changed)
        audit.push({
          actor_id: actor.user.id,
          actor_name: actor.user.full_name,
          target_user_id: row.id,
          target_name: row.full_name,
          action: 'set_time_multiplier',
          before: timesText(row.time_multiplier),
          after: timesText(multiplier.value),
          created_at: now,
        });
      await repo.updateAudited(
        id,
        {
          full_name: body.full_name,
          email: applyEmail ? body.email : row.email,
          school_id: body.school_id,
          location_id: locationId,
          email_verified_at: applyEmail ? null : row.email_verified_at,
          time_multiplier: multiplier.value,
          updated_at: now,
        },
        audit,
      );
      // The student's attempts in progress get the new time at once (never ending before now).
      if (multiplier.changed) await deps.retimeUser?.(id);
      if (applyEmail) {
        deps.invite({ id, email: body.email, full_name: body.full_name }, actor.user.full_name);
        deps.noticeEmailReplaced(row, body.email, actor.user.full_name);
      } else if (asksEmail) {
        await deps.requestEmailChange(
          { ...row, full_name: body.full_name },
          body.email,
          actor.user.full_name,
        );
      }
      return { user: await this.get(actor, id), pending_email: await deps.pendingEmail(id) };
    },

    async setStatus(actor: Authed, id: number, isActive: boolean): Promise<AdminUser> {
      const row = await manageable(actor, id);
      if (row.id === actor.user.id) throw unprocessable({ is_active: ['You cannot deactivate yourself.'] });
      const changed = (row.is_active === 1) !== isActive;
      const now = iso();
      await repo.updateAudited(
        id,
        { is_active: isActive ? 1 : 0, updated_at: now },
        changed ? [statusAuditRow(actor, row, isActive, now)] : [],
      );
      // A deactivated account is signed out everywhere; the users trigger (migration 0006) drops any cached
      // session at once too.
      if (!isActive) await deps.revokeSessions(id);
      return this.get(actor, id);
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

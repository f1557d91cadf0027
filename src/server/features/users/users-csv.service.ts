import type { Insertable } from 'kysely';
import {
  USER_CSV_COLUMNS,
  USER_CSV_EXPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS,
  roleSchema,
  type ImportUsersResult,
  type Role,
  type UserFilters,
} from '../../../shared/contracts/admin-users.ts';
import { emailSchema } from '../../../shared/contracts/auth.ts';
import { hasVisibleText } from '../../../shared/contracts/visible-text.ts';
import type { AppContext } from '../../context.ts';
import { unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
// The question bank's RFC 4180 reader and writer, formula guard included: one CSV dialect for the back office.
import { parseCsv, toCsv, unguardCell } from '../../plugins/csv.ts';
import { createAdminUsersRepository } from './admin-users.repository.ts';
import { NO_PASSWORD, type AdminUsersDeps, type AdminUsersService } from './admin-users.service.ts';
import type { UserRow } from './users.repository.ts';
import type { UsersTable } from '../../db/tables/users.ts';
import { roleOf } from './users.service.ts';

type School = { id: number; name: string; location_id: number; location_name: string };
type Accepted = { row: number; values: Insertable<UsersTable>; role: Role };

const norm = (v: string) => v.trim().toLowerCase();
// Export guards cells that a spreadsheet would run as a formula with a leading quote; import takes it off.
const unguard = unguardCell;
const yesNo = (v: boolean) => (v ? 'yes' : 'no');

/** CSV import and export of users, in one format: an export can be imported again elsewhere. */
export function createUsersCsvService(
  ctx: AppContext,
  deps: Pick<AdminUsersDeps, 'invite' | 'recordNewRoles'> & { users: AdminUsersService },
) {
  const repo = createAdminUsersRepository(ctx.db, ctx.dialect);

  /** One row → the user to insert; throws a 422-shaped error naming what is wrong. */
  function checkRow(
    raw: string[],
    scope: number[] | undefined,
    lookups: { schools: School[]; locations: Map<string, number> },
  ): Omit<Accepted, 'row'> {
    // NUL passes the request check so that only its row fails (PostgreSQL cannot store it).
    if (raw.some((cell) => cell.includes('\0')))
      throw unprocessable({ row: ['The row contains a character that is not allowed.'] });
    const [fullName = '', emailCell = '', roleCell = '', schoolCell = '', locationCell = ''] =
      raw.map(unguard);
    const errors: Record<string, string[]> = {};
    const name = fullName.trim();
    if (!hasVisibleText(name) || name.length < 2 || name.length > 120)
      errors.full_name = ['The full name must be between 2 and 120 characters.'];
    const email = emailSchema.safeParse(emailCell);
    if (!email.success) errors.email = ['The email must be a valid email address.'];
    const role = roleSchema.safeParse(norm(roleCell) || 'student');
    if (!role.success) errors.role = ['The role must be student, teacher or admin.'];
    else if (scope && role.data !== 'student') errors.role = ['Teachers can only import students.'];

    let locationId: number | null = null;
    if (locationCell.trim()) {
      locationId = lookups.locations.get(norm(locationCell)) ?? null;
      if (locationId === null) errors.location = [`Unknown location "${locationCell.trim()}".`];
    }
    let school: School | undefined;
    if (schoolCell.trim()) {
      const named = lookups.schools.filter(
        (s) => norm(s.name) === norm(schoolCell) && (locationId === null || s.location_id === locationId),
      );
      if (named.length > 1)
        errors.school = [`Several schools are called "${schoolCell.trim()}": name the location.`];
      else if (!named.length) errors.school = [`Unknown school "${schoolCell.trim()}".`];
      school = named.length === 1 ? named[0] : undefined;
    }
    if (scope && !errors.school && (!school || !scope.includes(school.id)))
      errors.school = ['Teachers can only import students into their own schools.'];
    if (Object.keys(errors).length) throw unprocessable(errors);
    const now = ctx.now().toISOString();
    const r = role.data!;
    return {
      role: r,
      values: {
        email: email.data!,
        full_name: name,
        password_hash: NO_PASSWORD,
        is_admin: r === 'admin' ? 1 : 0,
        is_teacher: r === 'teacher' ? 1 : 0,
        taken_diagnostics: 0,
        school_id: school?.id ?? null,
        location_id: school?.location_id ?? locationId,
        email_verified_at: null,
        is_active: 1,
        created_at: now,
        updated_at: now,
      },
    };
  }

  /** Inserts in one statement; if another request took an address meanwhile, row by row to find it. */
  async function insert(accepted: Accepted[], rejected: ImportUsersResult['rejected']) {
    const ids = new Map<string, number>();
    for (let i = 0; i < accepted.length; i += 500) {
      const chunk = accepted.slice(i, i + 500);
      try {
        for (const r of await repo.insertMany(chunk.map((a) => a.values))) ids.set(r.email, r.id);
      } catch {
        for (const a of chunk) {
          try {
            ids.set(a.values.email, await repo.insertOne(a.values));
          } catch {
            rejected.push({ row: a.row, errors: ['email: The email has already been taken.'] });
          }
        }
      }
    }
    return ids;
  }

  return {
    /** Imports every valid row; a rejected row is reported with its reasons and nothing of it is written. */
    async importCsv(actor: Authed, csv: string): Promise<ImportUsersResult> {
      const rows = parseCsv(csv);
      const header = rows.shift()?.map(norm);
      if (!header || USER_CSV_COLUMNS.some((c, i) => header[i] !== c)) {
        throw unprocessable({ csv: [`The first row must be the header: ${USER_CSV_COLUMNS.join(',')}`] });
      }
      if (rows.length > USER_IMPORT_MAX_ROWS)
        throw unprocessable({ csv: [`At most ${USER_IMPORT_MAX_ROWS} users per file.`] });
      const scope = await deps.users.scopeOf(actor);
      const lookups = {
        schools: await repo.schoolsWithLocations(),
        locations: new Map((await repo.locations()).map((l) => [norm(l.name), l.id])),
      };
      const taken = await repo.takenEmails(
        rows.flatMap((r) => {
          const e = emailSchema.safeParse(unguard(r[1] ?? ''));
          return e.success ? [e.data] : [];
        }),
      );
      const rejected: ImportUsersResult['rejected'] = [];
      const accepted: Accepted[] = [];
      const inFile = new Map<string, number>();
      for (const [i, cells] of rows.entries()) {
        const row = i + 2;
        try {
          const user = checkRow(cells, scope, lookups);
          const email = user.values.email;
          if (taken.has(email)) throw unprocessable({ email: ['The email has already been taken.'] });
          const earlier = inFile.get(email);
          if (earlier) throw unprocessable({ email: [`The same email is on row ${earlier}.`] });
          inFile.set(email, row);
          accepted.push({ row, ...user });
        } catch (err) {
          const fields = (err as { errors?: Record<string, string[]> }).errors;
          rejected.push({
            row,
            errors: fields
              ? Object.entries(fields).map(([f, m]) => `${f}: ${m.join(' ')}`)
              : [err instanceof Error ? err.message : String(err)],
          });
        }
      }
      const ids = await insert(accepted, rejected);
      const made = accepted.filter((a) => ids.has(a.values.email));
      await repo.linkTeacherSchools(
        made
          .filter((a) => a.role === 'teacher' && a.values.school_id)
          .map((a) => ({ user_id: ids.get(a.values.email)!, school_id: a.values.school_id! })),
      );
      await deps.recordNewRoles(
        actor,
        made.map((a) => ({
          id: ids.get(a.values.email)!,
          full_name: a.values.full_name,
          role: a.role,
          schoolIds: a.role === 'teacher' && a.values.school_id ? [a.values.school_id] : [],
        })),
      );
      for (const a of made) {
        deps.invite(
          { id: ids.get(a.values.email)!, email: a.values.email, full_name: a.values.full_name },
          actor.user.full_name,
        );
      }
      rejected.sort((a, b) => a.row - b.row);
      return { created: made.length, rejected };
    },

    /** The filtered list in the import format, then the read-only columns. */
    async exportCsv(actor: Authed, filters: UserFilters): Promise<string> {
      const rows = await repo.exportRows(await deps.users.filterOf(actor, filters), filters.sort);
      return toCsv([
        [...USER_CSV_EXPORT_COLUMNS],
        ...rows.map((u) => [
          u.full_name,
          u.email,
          roleOf(u as Pick<UserRow, 'is_admin' | 'is_teacher'>),
          u.school_name ?? '',
          u.location_name ?? '',
          yesNo(u.taken_diagnostics === 1),
          yesNo(u.email_verified_at !== null),
          yesNo(u.is_active === 1),
          u.created_at,
        ]),
      ]);
    },
  };
}
export type UsersCsvService = ReturnType<typeof createUsersCsvService>;

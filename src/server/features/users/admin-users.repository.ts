import type { Expression, ExpressionBuilder, Insertable, SqlBool, Updateable } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { withTransaction } from '../../db/transaction.ts';
import { joinUserPlace } from '../../db/user-place.ts';
import type { AuditLogTable } from '../../db/tables/audit-log.ts';
import type { UsersTable } from '../../db/tables/users.ts';
import { containsPattern, noneEmpty } from '../../plugins/paging.ts';

/** What the back office filters users by; `onlyStudentsOfSchools` is a teacher's view. */
export interface UserListFilter {
  search?: string;
  role?: 'admin' | 'teacher' | 'student';
  schoolId?: number;
  diagnostic?: boolean;
  verified?: boolean;
  active?: boolean;
  onlyStudentsOfSchools?: number[];
}

type SortColumn = 'users.full_name' | 'users.email' | 'users.created_at';
const SORT_COLUMNS: Record<string, SortColumn> = {
  name: 'users.full_name',
  email: 'users.email',
  created_at: 'users.created_at',
};

/** `name` → full_name ascending, `-name` → descending. */
function sortOf(sort: string): [SortColumn, 'asc' | 'desc'] {
  const desc = sort.startsWith('-');
  return [SORT_COLUMNS[desc ? sort.slice(1) : sort] ?? 'users.full_name', desc ? 'desc' : 'asc'];
}

/**
 * The users matching a back-office filter, as a query to select from (exported for the test that checks its
 * plan). The search is "contains", in any case, on the name or the address. On PostgreSQL migration 0025 gives
 * both expressions a trigram index where pg_trgm is available, so these exact LIKEs are answered from it.
 */
export function usersMatching(db: Db, dialect: Dialect, f: UserListFilter) {
  return db.selectFrom('users').where((eb) => {
    const c = conditions(eb, dialect, f);
    return c.length ? eb.and(c) : eb.lit(true).$castTo<SqlBool>();
  });
}

function conditions(
  eb: ExpressionBuilder<Database, 'users'>,
  dialect: Dialect,
  f: UserListFilter,
): Expression<SqlBool>[] {
  const c: Expression<SqlBool>[] = [];
  if (f.search) {
    const pattern = containsPattern(f.search).toLowerCase();
    // Addresses are stored in lower case (contracts/auth.ts). SQLite's LIKE ignores ASCII case; on
    // PostgreSQL lower() + LIKE reads 100,000 names in about half the time ILIKE takes.
    const name =
      dialect === 'postgres' ? eb.fn<string>('lower', ['users.full_name']) : eb.ref('users.full_name');
    c.push(eb.or([eb(name, 'like', pattern), eb('users.email', 'like', pattern)]));
  }
  if (f.role === 'admin') c.push(eb('users.is_admin', '=', 1));
  if (f.role === 'teacher') c.push(eb('users.is_admin', '=', 0), eb('users.is_teacher', '=', 1));
  if (f.role === 'student' || f.onlyStudentsOfSchools) {
    c.push(eb('users.is_admin', '=', 0), eb('users.is_teacher', '=', 0));
  }
  if (f.schoolId) c.push(eb('users.school_id', '=', f.schoolId));
  if (f.onlyStudentsOfSchools) {
    const ids = noneEmpty(f.onlyStudentsOfSchools);
    c.push(eb('users.school_id', 'in', ids));
  }
  if (f.diagnostic !== undefined) c.push(eb('users.taken_diagnostics', '=', f.diagnostic ? 1 : 0));
  if (f.verified !== undefined) {
    c.push(eb('users.email_verified_at', f.verified ? 'is not' : 'is', null));
  }
  if (f.active !== undefined) c.push(eb('users.is_active', '=', f.active ? 1 : 0));
  return c;
}

/**
 * The back office's queries over users: filtering and paging stay on the users table alone (its indexes come
 * from migration 0008), and the joins for display run only for the page's own rows.
 */
export function createAdminUsersRepository(db: Db, dialect: Dialect) {
  const filtered = (f: UserListFilter) => usersMatching(db, dialect, f);

  return {
    /** The ids of one page, in order, and how many match in all. */
    async page(f: UserListFilter, sort: string, page: number, perPage: number) {
      const [column, direction] = sortOf(sort);
      const rows = await filtered(f)
        .select('users.id')
        // Ties (same name, same second) in the same direction, so one index serves both columns.
        .orderBy(column, direction)
        .orderBy('users.id', direction)
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      const ids = rows.map((r) => r.id);
      // A first page that is not full holds every match: no need to count them (a search that finds few
      // would otherwise read the index twice).
      if (page === 1 && ids.length < perPage) return { ids, total: ids.length };
      const count = await filtered(f)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return { ids, total: Number(count.n) };
    },

    /** Every matching user with school and location names, for the CSV export. */
    exportRows: (f: UserListFilter, sort: string) => {
      const [column, direction] = sortOf(sort);
      return joinUserPlace(filtered(f))
        .select([
          'users.id',
          'users.full_name',
          'users.email',
          'users.is_admin',
          'users.is_teacher',
          'users.taken_diagnostics',
          'users.email_verified_at',
          'users.is_active',
          'users.created_at',
          'schools.name as school_name',
          'locations.name as location_name',
        ])
        .orderBy(column, direction)
        .orderBy('users.id', direction)
        .execute();
    },

    /** Schools with their location, by which a CSV row names them. */
    schoolsWithLocations: () =>
      db
        .selectFrom('schools')
        .innerJoin('locations', 'locations.id', 'schools.location_id')
        .select(['schools.id', 'schools.name', 'schools.location_id', 'locations.name as location_name'])
        .execute(),
    locations: () => db.selectFrom('locations').select(['id', 'name']).execute(),

    /** Which of these addresses are taken already. */
    takenEmails: async (emails: string[]) => {
      const taken = new Set<string>();
      for (let i = 0; i < emails.length; i += 500) {
        const rows = await db
          .selectFrom('users')
          .select('email')
          .where('email', 'in', emails.slice(i, i + 500))
          .execute();
        for (const r of rows) taken.add(r.email);
      }
      return taken;
    },

    /** Inserts the rows in one statement; their ids in order. */
    insertMany: async (values: Insertable<UsersTable>[]) =>
      values.length
        ? (await db.insertInto('users').values(values).returning(['id', 'email']).execute()).map((r) => r)
        : [],
    insertOne: async (values: Insertable<UsersTable>) =>
      (await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id,
    /**
     * A staff edit and its audit rows in one transaction: the log cannot miss an edit or record one that did
     * not happen.
     */
    updateAudited: (id: number, values: Updateable<UsersTable>, audit: Insertable<AuditLogTable>[]) =>
      withTransaction(db, async (trx) => {
        await trx.updateTable('users').set(values).where('id', '=', id).execute();
        if (audit.length) await trx.insertInto('audit_log').values(audit).execute();
      }),
    linkTeacherSchools: async (links: Array<{ user_id: number; school_id: number }>) => {
      if (links.length) await db.insertInto('teacher_schools').values(links).execute();
    },
  };
}
export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;

import type { Insertable } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { AuditLogTable } from '../../db/tables/audit-log.ts';
import { countedPage } from '../../plugins/paging.ts';
import { setTeacherSchools } from './teacher-schools.ts';

function rolesQueries(db: Db, dialect: Dialect) {
  return {
    /**
     * The active admins, locked until the transaction ends: two admins removing each other at the same moment
     * must not both see the other one still there. SQLite has one writer and serialises transactions already.
     */
    lockActiveAdminIds: async () => {
      const q = db.selectFrom('users').select('id').where('is_admin', '=', 1).where('is_active', '=', 1);
      return (await (dialect === 'postgres' ? q.forUpdate() : q).execute()).map((r) => r.id);
    },

    findUser: (id: number) =>
      db
        .selectFrom('users')
        .select(['id', 'full_name', 'is_admin', 'is_teacher'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** A teacher's schools, by name. */
    schoolsOfTeacher: (userId: number) =>
      db
        .selectFrom('teacher_schools')
        .innerJoin('schools', 'schools.id', 'teacher_schools.school_id')
        .select(['schools.id', 'schools.name'])
        .where('teacher_schools.user_id', '=', userId)
        .orderBy('schools.name')
        .execute(),

    /** Those of `ids` that are schools, by name. */
    schoolsByIds: (ids: number[]) =>
      ids.length
        ? db.selectFrom('schools').select(['id', 'name']).where('id', 'in', ids).orderBy('name').execute()
        : Promise.resolve([]),

    setRoles: (id: number, roles: { is_admin: number; is_teacher: number }, now: string) =>
      db
        .updateTable('users')
        .set({ ...roles, updated_at: now })
        .where('id', '=', id)
        .execute(),

    setTeacherSchools: (userId: number, schoolIds: number[]) => setTeacherSchools(db, userId, schoolIds),

    insertAudit: async (rows: Insertable<AuditLogTable>[]) => {
      if (rows.length) await db.insertInto('audit_log').values(rows).execute();
    },

    /** One page of the log, newest first. */
    auditPage: async (filter: { page: number; perPage: number; targetUserId?: number }) => {
      let q = db.selectFrom('audit_log');
      if (filter.targetUserId) q = q.where('target_user_id', '=', filter.targetUserId);
      // The count clears the selection, so it reads as it did before selectAll.
      return countedPage(q.selectAll(), (q) => q.orderBy('created_at', 'desc').orderBy('id', 'desc'), filter);
    },
  };
}
export type RolesQueries = ReturnType<typeof rolesQueries>;

/** Roles (columns of `users`), a teacher's schools, and the audit log of their changes. */
export function createRolesRepository(db: Db, dialect: Dialect) {
  return {
    ...rolesQueries(db, dialect),
    /** Runs `work` in one transaction, with the queries bound to it. */
    transaction: <T>(work: (q: RolesQueries) => Promise<T>) =>
      withTransaction(db, (trx) => work(rolesQueries(trx, dialect))),
  };
}

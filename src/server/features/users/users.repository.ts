import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { RowOf } from '../../db/schema.ts';
import { prepared } from '../../db/prepared.ts';
import { sharedCommit } from '../../db/transaction.ts';
import { joinUserPlace } from '../../db/user-place.ts';
import type { UserRow, UsersTable } from '../../db/tables/users.ts';
import { setTeacherSchools } from './teacher-schools.ts';

/** How stale the "last synced" stamp may get before a delivery writes it again. */
export const SYNC_STAMP_MS = 60_000;

const userColumns = [
  'users.id',
  'users.email',
  'users.full_name',
  'users.password_hash',
  'users.is_admin',
  'users.is_teacher',
  'users.taken_diagnostics',
  'users.school_id',
  'users.location_id',
  'users.email_verified_at',
  'users.is_active',
  'users.time_multiplier',
  'users.created_at',
  'users.updated_at',
  'schools.name as school_name',
  'locations.name as location_name',
  'pending.school_id as pending_school_id',
  'pending_school.name as pending_school_name',
] as const;

function selectUsers(db: Db) {
  return (
    joinUserPlace(db.selectFrom('users'))
      // The school the student asked to join and staff have not decided yet (at most one: a unique index).
      // A literal, not a parameter: SQLite uses that partial index only when it can see the value.
      .leftJoin('school_requests as pending', (join) =>
        join.onRef('pending.user_id', '=', 'users.id').on('pending.status', '=', sql.lit('pending')),
      )
      .leftJoin('schools as pending_school', 'pending_school.id', 'pending.school_id')
      .select(userColumns)
  );
}

/** What selectUsers reads is exactly the UserRow the rest of the server names (db/tables/users.ts). */
type SelectedUser = RowOf<ReturnType<typeof selectUsers>>;
const _sameShape: [SelectedUser, UserRow] extends [UserRow, SelectedUser] ? true : never = true;
export type { UserRow };

/** The user behind a live session, with the session, in one query (a request whose token is not cached). */
const byLiveSession = prepared((db: Db, p: { tokenHash: string; now: string }) =>
  selectUsers(db)
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .select([
      'sessions.id as session_id',
      'sessions.last_used_at as session_last_used_at',
      'sessions.expires_at as session_expires_at',
    ])
    .where('sessions.token_hash', '=', p.tokenHash)
    .where('sessions.expires_at', '>', p.now),
);
const byId = prepared((db: Db, p: { id: number }) => selectUsers(db).where('users.id', '=', p.id));

export function createUsersRepository(db: Db) {
  return {
    findById: async (id: number) => (await byId(db, { id })).rows[0],
    findByLiveSession: async (tokenHash: string, now: string) =>
      (await byLiveSession(db, { tokenHash, now })).rows[0],
    findByEmail: (email: string) => selectUsers(db).where('users.email', '=', email).executeTakeFirst(),
    emailTaken: async (email: string, exceptId?: number) => {
      let q = db.selectFrom('users').select('id').where('email', '=', email);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },
    insert: async (values: Insertable<UsersTable>) =>
      (await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow()).id,
    update: (id: number, values: Updateable<UsersTable>) =>
      db.updateTable('users').set(values).where('id', '=', id).execute(),
    idsOfAdmins: async () =>
      (
        await db
          .selectFrom('users')
          .select('id')
          .where('is_admin', '=', 1)
          .where('is_active', '=', 1)
          .execute()
      ).map((r) => r.id),
    idsOfTeachersOfSchool: async (schoolId: number) =>
      (
        await db
          .selectFrom('teacher_schools')
          .innerJoin('users', 'users.id', 'teacher_schools.user_id')
          .select('users.id')
          .where('teacher_schools.school_id', '=', schoolId)
          .where('users.is_active', '=', 1)
          .execute()
      ).map((r) => r.id),
    schoolIdsOfTeacher: async (userId: number) =>
      (
        await db.selectFrom('teacher_schools').select('school_id').where('user_id', '=', userId).execute()
      ).map((r) => r.school_id),
    assignTeacherSchool: (userId: number, schoolId: number) =>
      db.insertInto('teacher_schools').values({ user_id: userId, school_id: schoolId }).execute(),
    setTeacherSchools: (userId: number, schoolIds: number[]) => setTeacherSchools(db, userId, schoolIds),
    teacherSchoolsOf: async (userIds: number[]) =>
      userIds.length
        ? db
            .selectFrom('teacher_schools')
            .select(['user_id', 'school_id'])
            .where('user_id', 'in', userIds)
            .execute()
        : [],
    /** These users, in the order of `ids` (a page the back office chose). */
    /**
     * Stamps when the student's device last delivered data. One statement, and it writes only when the stamp
     * is a minute old: a class answering question after question costs a row write per student per minute.
     */
    markSynced: async (id: number, at: Date) => {
      const stamp = at.toISOString();
      const minuteAgo = new Date(at.getTime() - SYNC_STAMP_MS).toISOString();
      // On the first answer a student saves in a minute: shared with the answers' commit, not a sync of its own.
      await sharedCommit(db, (w) =>
        w
          .insertInto('user_sync')
          .values({ user_id: id, last_synced_at: stamp })
          .onConflict((oc) =>
            oc
              .column('user_id')
              .doUpdateSet({ last_synced_at: stamp })
              .where('user_sync.last_synced_at', '<', minuteAgo),
          )
          .execute(),
      );
    },
    /** user id → when their device last delivered data, for those that ever did. */
    lastSyncedOf: async (ids: number[]): Promise<Map<number, string>> => {
      if (!ids.length) return new Map();
      const rows = await db
        .selectFrom('user_sync')
        .select(['user_id', 'last_synced_at'])
        .where('user_id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [r.user_id, r.last_synced_at]));
    },
    findManyByIds: async (ids: number[]) => {
      if (!ids.length) return [];
      const rows = await selectUsers(db).where('users.id', 'in', ids).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;

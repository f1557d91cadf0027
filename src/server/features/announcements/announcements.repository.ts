import type { ExpressionBuilder } from 'kysely';
import type { Database, RowOf } from '../../db/schema.ts';
import type { Db } from '../../db/database.ts';
import { schoolAim } from '../../db/school-aim.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { AnnouncementsTable } from '../../db/tables/announcements.ts';
import { containsPattern, countedPage } from '../../plugins/paging.ts';

function selectAnnouncements(db: Db) {
  return db
    .selectFrom('announcements')
    .leftJoin('users', 'users.id', 'announcements.created_by')
    .selectAll('announcements')
    .select('users.full_name as author_name');
}
export type AnnouncementRow = RowOf<ReturnType<typeof selectAnnouncements>>;

export type AnnouncementValues = Pick<
  AnnouncementsTable,
  'title' | 'body_html' | 'audience' | 'role' | 'publish_at' | 'expires_at'
> & { school_ids: number[] };

/** Whose announcements a list holds: all of them (admins), or those one user wrote (teachers). */
export type AnnouncementScope = { all: true } | { authorId: number };

type UsersEb = ExpressionBuilder<Database, 'users'>;

/** The users an announcement reaches: active, of its role, in its schools (students by school, teachers by teaching). */
function audienceOf(eb: UsersEb, a: { role: AnnouncementRow['role']; schoolIds: number[] }) {
  const student = eb.and([eb('users.is_admin', '=', 0), eb('users.is_teacher', '=', 0)]);
  const teacher = eb.and([eb('users.is_admin', '=', 0), eb('users.is_teacher', '=', 1)]);
  const admin = eb('users.is_admin', '=', 1);
  const parts = [eb('users.is_active', '=', 1)];
  if (a.role === 'student') parts.push(student);
  if (a.role === 'teacher') parts.push(teacher);
  if (a.role === 'admin') parts.push(admin);
  if (a.schoolIds.length) {
    // Admins belong to no school: an announcement for some schools is for their students and teachers.
    parts.push(
      eb.or([
        eb.and([student, eb('users.school_id', 'in', a.schoolIds)]),
        eb.and([
          teacher,
          eb.exists(
            eb
              .selectFrom('teacher_schools')
              .select('teacher_schools.user_id')
              .whereRef('teacher_schools.user_id', '=', 'users.id')
              .where('teacher_schools.school_id', 'in', a.schoolIds),
          ),
        ]),
      ]),
    );
  }
  return eb.and(parts);
}

export function createAnnouncementsRepository(db: Db) {
  const schoolsOf = async (ids: number[]) =>
    ids.length === 0
      ? []
      : db
          .selectFrom('announcement_schools')
          .innerJoin('schools', 'schools.id', 'announcement_schools.school_id')
          .select(['announcement_schools.announcement_id', 'schools.id', 'schools.name'])
          .where('announcement_schools.announcement_id', 'in', ids)
          .orderBy('schools.name')
          .execute();

  return {
    find: (id: number) => selectAnnouncements(db).where('announcements.id', '=', id).executeTakeFirst(),
    schoolsOf,
    existingSchoolIds: async (ids: number[]) =>
      ids.length === 0
        ? []
        : (await db.selectFrom('schools').select('id').where('id', 'in', ids).execute()).map((r) => r.id),

    create: (v: AnnouncementValues & { created_by: number; now: string }) =>
      withTransaction(db, async (trx) => {
        const { school_ids, now, ...values } = v;
        const { id } = await trx
          .insertInto('announcements')
          .values({ ...values, published_at: null, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (school_ids.length)
          await trx
            .insertInto('announcement_schools')
            .values(school_ids.map((school_id) => ({ announcement_id: id, school_id })))
            .execute();
        return id;
      }),

    /** A published announcement keeps its publish_at: its notifications went out at that time. */
    update: (id: number, v: AnnouncementValues & { now: string; published: boolean }) =>
      withTransaction(db, async (trx) => {
        const { school_ids, now, published, publish_at, ...values } = v;
        await trx
          .updateTable('announcements')
          .set({ ...values, ...(published ? {} : { publish_at }), updated_at: now })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('announcement_schools').where('announcement_id', '=', id).execute();
        if (school_ids.length)
          await trx
            .insertInto('announcement_schools')
            .values(school_ids.map((school_id) => ({ announcement_id: id, school_id })))
            .execute();
      }),

    remove: (id: number) =>
      withTransaction(db, async (trx) => {
        await trx.deleteFrom('announcement_schools').where('announcement_id', '=', id).execute();
        await trx.deleteFrom('announcements').where('id', '=', id).execute();
      }),

    list: async (
      scope: AnnouncementScope,
      filter: { page: number; perPage: number; search?: string; status?: string; now: string },
    ) => {
      let q = selectAnnouncements(db);
      if ('authorId' in scope) q = q.where('announcements.created_by', '=', scope.authorId);
      if (filter.search) {
        const like = containsPattern(filter.search);
        q = q.where((eb) =>
          eb.or([eb('announcements.title', 'like', like), eb('users.full_name', 'like', like)]),
        );
      }
      const live = (eb: ExpressionBuilder<Database, 'announcements'>) =>
        eb.or([eb('announcements.expires_at', 'is', null), eb('announcements.expires_at', '>', filter.now)]);
      if (filter.status === 'expired') q = q.where('announcements.expires_at', '<=', filter.now);
      if (filter.status === 'published')
        q = q.where('announcements.published_at', 'is not', null).where(live);
      if (filter.status === 'scheduled') q = q.where('announcements.published_at', 'is', null).where(live);
      return countedPage(
        q,
        (q) => q.orderBy('announcements.publish_at', 'desc').orderBy('announcements.id', 'desc'),
        filter,
      );
    },

    /** Announcements due and not yet published (the sweep's candidates; claiming decides who sends). */
    dueIds: async (now: string) =>
      (
        await db
          .selectFrom('announcements')
          .select('id')
          .where('published_at', 'is', null)
          .where('publish_at', '<=', now)
          .orderBy('id')
          .limit(100)
          .execute()
      ).map((r) => r.id),

    /**
     * Claims one due announcement and fans its notifications out, in one transaction: the UPDATE … WHERE
     * published_at IS NULL lets exactly one process (or one concurrent call) win; on PostgreSQL a second one
     * waits on the row lock and then finds it claimed. Returns how many users were notified, or null when
     * someone else published it (or it is not due, or gone).
     */
    publish: (id: number, now: string, notification: { body: string; link: string }) =>
      withTransaction(db, async (trx) => {
        const claimed = await trx
          .updateTable('announcements')
          .set({ published_at: now })
          .where('id', '=', id)
          .where('published_at', 'is', null)
          .where('publish_at', '<=', now)
          .returning(['id', 'title', 'role', 'created_by'])
          .executeTakeFirst();
        if (!claimed) return null;
        const schoolIds = (
          await trx
            .selectFrom('announcement_schools')
            .select('school_id')
            .where('announcement_id', '=', id)
            .execute()
        ).map((r) => r.school_id);
        // One INSERT … SELECT, however large the audience: no row of it passes through this process.
        const result = await trx
          .insertInto('notifications')
          .columns(['user_id', 'title', 'body', 'link', 'created_at'])
          .expression(
            trx
              .selectFrom('users')
              .select((eb) => [
                'users.id',
                eb.cast<string>(eb.val(claimed.title), 'text').as('title'),
                eb.cast<string>(eb.val(notification.body), 'text').as('body'),
                eb.cast<string>(eb.val(notification.link), 'text').as('link'),
                eb.cast<string>(eb.val(now), 'text').as('created_at'),
              ])
              .where((eb) => audienceOf(eb, { role: claimed.role, schoolIds }))
              // The author wrote it; they need no notification of it.
              .where('users.id', '!=', claimed.created_by ?? 0),
          )
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0);
      }),

    /** Candidates showing file `fileId` (…/files/12 matches /files/1 too: the caller keeps the exact ones). */
    mentioningFile: (fileId: number) =>
      selectAnnouncements(db).where('announcements.body_html', 'like', `%/api/files/${fileId}%`).execute(),

    /** Published, not expired, meant for this user: newest first. */
    current: (
      user: { id: number; role: 'student' | 'teacher' | 'admin'; schoolIds: number[] },
      now: string,
    ) =>
      selectAnnouncements(db)
        .where('announcements.published_at', 'is not', null)
        .where('announcements.publish_at', '<=', now)
        .where((eb) =>
          eb.or([eb('announcements.expires_at', 'is', null), eb('announcements.expires_at', '>', now)]),
        )
        .where((eb) =>
          eb.or([eb('announcements.role', 'is', null), eb('announcements.role', '=', user.role)]),
        )
        .where((eb) => {
          const aim = schoolAim('announcement_schools', 'announcements.id');
          if (user.role === 'admin' || user.schoolIds.length === 0) return aim.everySchool();
          return eb.or([aim.everySchool(), aim.oneOf(user.schoolIds)]);
        })
        .orderBy('announcements.published_at', 'desc')
        .orderBy('announcements.id', 'desc')
        .limit(20)
        .execute(),
  };
}
export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;

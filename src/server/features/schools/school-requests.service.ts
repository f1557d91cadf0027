import type { SchoolRequest, SchoolRequestsQuery } from '../../../shared/contracts/school-requests.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { Authed } from '../../plugins/routes.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { roleOf } from '../users/users.service.ts';
import { createSchoolRequestsRepository } from './school-requests.repository.ts';

/** Requests a student may open in a day: each one notifies the school's staff. */
const REQUESTS_PER_DAY = 10;

/**
 * School membership is the school's to grant (DESIGN.md section 4): a student asks to join or move, the
 * admins or a teacher of that school approve or deny, and only approval changes the student's school.
 * What a student may see and take follows the school they are in, so a request changes nothing until then.
 */
export function createSchoolRequestsService(
  db: Db,
  now: () => Date,
  deps: {
    notifications: NotificationsService;
    limiter: RateLimiter;
    /** Admins and the teachers of a school: who hears of a request and may decide it. */
    staffOf: (schoolId: number) => Promise<number[]>;
    teacherSchoolIds: (userId: number) => Promise<number[]>;
  },
) {
  const repo = createSchoolRequestsRepository(db);

  /** The request, if the actor may decide it; a teacher learns nothing of other schools' requests. */
  async function decidable(actor: Authed, id: number) {
    const row = await repo.find(id);
    const mayDecide =
      row !== undefined &&
      (roleOf(actor.user) === 'admin' ||
        (await deps.teacherSchoolIds(actor.user.id)).includes(row.school_id));
    if (!row || !mayDecide) throw notFound('That request does not exist.');
    return row;
  }

  async function decide(actor: Authed, id: number, status: 'approved' | 'denied'): Promise<SchoolRequest> {
    const row = await decidable(actor, id);
    if (!(await repo.decide(id, status, actor.user.id, now().toISOString()))) {
      throw new HttpError(409, 'This request has already been decided.');
    }
    await deps.notifications.notify([row.user_id], {
      title: status === 'approved' ? 'Welcome to your school' : 'School request declined',
      body:
        status === 'approved'
          ? `${row.school_name} approved your request: you are now one of its students.`
          : `${row.school_name} did not approve your request to join. Ask your teacher if this is a mistake.`,
      link: '/accounts',
    });
    return (await repo.find(id))!;
  }

  return {
    /**
     * Opens (or replaces) the student's request to join `schoolId` and tells that school's staff.
     * Asking again for the school already asked for changes nothing.
     */
    async ask(
      student: { id: number; full_name: string; email: string; school_id: number | null },
      schoolId: number,
      via: 'registration' | 'account',
    ): Promise<void> {
      if ((await repo.pendingSchoolOf(student.id)) === schoolId) return;
      const key = `school-request:${student.id}`;
      await deps.limiter.consume(key, REQUESTS_PER_DAY, 24 * 3600_000);
      // Two saves at once can race for the one open request (a unique index): the second one retries.
      const id = await repo
        .replacePending(student.id, schoolId, now().toISOString())
        .catch(() => repo.replacePending(student.id, schoolId, now().toISOString()));
      const request = (await repo.find(id))!;
      await deps.notifications.notify([...new Set(await deps.staffOf(schoolId))], {
        title:
          via === 'registration'
            ? 'New student registered'
            : student.school_id === null
              ? 'A student asks to join'
              : 'A student asks to move',
        body: `${student.full_name} (${student.email}) asks to ${student.school_id === null ? 'join' : 'move to'} ${request.school_name}.`,
        link: '/admin/schools',
      });
    },

    async list(actor: Authed, query: SchoolRequestsQuery) {
      const { rows, total } = await repo.list({
        page: query.page,
        perPage: query.per_page,
        status: query.status,
        search: query.search,
        schoolIds: roleOf(actor.user) === 'admin' ? undefined : await deps.teacherSchoolIds(actor.user.id),
      });
      return { data: rows, meta: { total, page: query.page, per_page: query.per_page } };
    },
    approve: (actor: Authed, id: number) => decide(actor, id, 'approved'),
    deny: (actor: Authed, id: number) => decide(actor, id, 'denied'),
  };
}
export type SchoolRequestsService = ReturnType<typeof createSchoolRequestsService>;

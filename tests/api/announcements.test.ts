import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncementsService } from '../../src/server/features/announcements/announcements.service.ts';
import { createRateLimiter } from '../../src/server/plugins/rate-limit.ts';
import { createUsersRepository } from '../../src/server/features/users/users.repository.ts';
import { announcementCalls, startAnnouncements } from './announcements-setup.ts';
import { dialects, type TestApp } from './helpers.ts';

const HOUR = 3600_000;

// Announcements: who they reach, and when (writing and managing them: announcements-admin.test.ts).
describe.each(dialects)('announcements (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let studentA: string;
  let studentB: string;
  let teacherB: string;
  let schoolA: number;
  let schoolB: number;
  beforeAll(async () => {
    ({ t, admin, teacher, studentA, studentB, teacherB, schoolA, schoolB } =
      await startAnnouncements(dialect));
  });
  afterAll(() => t.close());
  const { realNow, unique, post, write, currentTitles, notified, activeStudents } = announcementCalls(
    () => t,
  );

  it('reaches the students of the chosen school and not those of another', async () => {
    const a = await write(admin, {
      title: unique('Placement dates'),
      audience: 'schools',
      school_ids: [schoolA],
    });
    expect(a.status).toBe('published');
    expect(await currentTitles(studentA)).toContain(a.title);
    expect(await currentTitles(studentB)).not.toContain(a.title);
    // The teacher of school A is addressed too; the teacher of B is not.
    expect(await currentTitles(teacher)).toContain(a.title);
    expect(await currentTitles(teacherB)).not.toContain(a.title);
    // One notification per active student and teacher of school A, linking to the dashboard.
    expect(await notified(a.title)).toBe((await activeStudents(schoolA)) + 1);
    const mine = (
      await t.request({
        method: 'GET',
        url: '/api/usernotifications',
        query: {
          user_id: String(
            (await t.request({ method: 'GET', url: '/api/refresh', token: studentA })).json().user.id,
          ),
        },
        token: studentA,
      })
    ).json().data as Array<{ title: string; link: string; seen: number }>;
    expect(mine.find((n) => n.title === a.title)).toMatchObject({ link: '/', seen: 0 });
  });

  it('reaches one role only', async () => {
    const a = await write(admin, { title: unique('Staff meeting'), audience: 'role', role: 'teacher' });
    expect(await currentTitles(teacher)).toContain(a.title);
    expect(await currentTitles(teacherB)).toContain(a.title);
    expect(await currentTitles(studentA)).not.toContain(a.title);
    expect(await currentTitles(admin)).not.toContain(a.title);
    const teachers = Number(
      (
        await t.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('is_teacher', '=', 1)
          .where('is_admin', '=', 0)
          .where('is_active', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(await notified(a.title)).toBe(teachers);

    const everyone = await write(admin, { title: unique('Welcome back'), audience: 'everyone' });
    for (const token of [studentA, studentB, teacher, teacherB])
      expect(await currentTitles(token)).toContain(everyone.title);
    // Everyone but the author, who wrote it.
    const active = Number(
      (
        await t.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('is_active', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(await notified(everyone.title)).toBe(active - 1);
  });

  it('keeps a scheduled one unseen and unnotified until its time, then publishes it exactly once', async () => {
    const start = Date.now();
    const at = new Date(start + HOUR).toISOString();
    const a = await write(admin, {
      title: unique('Assessment week'),
      audience: 'schools',
      school_ids: [schoolA],
      publish_at: at,
    });
    expect(a.status).toBe('scheduled');
    expect(await currentTitles(studentA)).not.toContain(a.title);
    expect(await notified(a.title)).toBe(0);
    const sweeper = createAnnouncementsService(t.ctx, {
      teacherSchoolIds: createUsersRepository(t.ctx.db).schoolIdsOfTeacher,
      limiter: createRateLimiter(t.ctx.db, t.ctx.now),
      refusedFiles: async () => ({}),
    });
    expect(await sweeper.publishDue()).toBe(0);
    expect(await notified(a.title)).toBe(0);

    try {
      t.ctx.now = () => new Date(start + 2 * HOUR);
      // Two "processes" sweep at once and a reader lists: one of them publishes it, once.
      const other = createAnnouncementsService(t.ctx, {
        teacherSchoolIds: createUsersRepository(t.ctx.db).schoolIdsOfTeacher,
        limiter: createRateLimiter(t.ctx.db, t.ctx.now),
        refusedFiles: async () => ({}),
      });
      const [one, two, titles] = await Promise.all([
        sweeper.publishDue(),
        other.publishDue(),
        currentTitles(studentA),
      ]);
      const audience = (await activeStudents(schoolA)) + 1;
      expect(await notified(a.title)).toBe(audience);
      expect(one + two).toBeLessThanOrEqual(audience);
      expect(titles).toContain(a.title);
      // Again: nothing more goes out.
      expect(await sweeper.publishDue()).toBe(0);
      await currentTitles(studentB);
      expect(await notified(a.title)).toBe(audience);

      // Editing it once published changes what readers see and sends nothing again.
      const res = await t.request({
        method: 'PUT',
        url: `/api/admin/announcements/${a.id}`,
        token: admin,
        payload: {
          title: `${a.title} (moved)`,
          body: '<p>Moved a day.</p>',
          audience: 'schools',
          school_ids: [schoolA],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().announcement.status).toBe('published');
      expect(await currentTitles(studentA)).toContain(`${a.title} (moved)`);
      expect(await notified(`${a.title} (moved)`)).toBe(0);
      expect(await notified(a.title)).toBe(audience);
    } finally {
      t.ctx.now = realNow;
    }
  });

  it('stops showing an announcement once it has expired', async () => {
    const start = Date.now();
    const a = await write(admin, {
      title: unique('Open day'),
      audience: 'everyone',
      expires_at: new Date(start + HOUR).toISOString(),
    });
    expect(await currentTitles(studentA)).toContain(a.title);
    try {
      t.ctx.now = () => new Date(start + 2 * HOUR);
      expect(await currentTitles(studentA)).not.toContain(a.title);
      const one = await t.request({ method: 'GET', url: `/api/admin/announcements/${a.id}`, token: admin });
      expect(one.json().announcement.status).toBe('expired');
    } finally {
      t.ctx.now = realNow;
    }
  });

  it("keeps a teacher to their own schools: their everyone is their schools' students", async () => {
    const a = await write(teacher, { title: unique('Bring your logbook'), audience: 'everyone' });
    expect(await currentTitles(studentA)).toContain(a.title);
    expect(await currentTitles(studentB)).not.toContain(a.title);
    expect(await currentTitles(teacherB)).not.toContain(a.title);
    expect(await notified(a.title)).toBe(await activeStudents(schoolA));

    const role = await write(teacher, { title: unique('Students only'), audience: 'role', role: 'student' });
    expect(await currentTitles(studentB)).not.toContain(role.title);
    expect(await notified(role.title)).toBe(await activeStudents(schoolA));

    const foreign = await post(teacher, {
      title: 'Not mine',
      body: '<p>x</p>',
      audience: 'schools',
      school_ids: [schoolB],
    });
    expect(foreign.statusCode).toBe(403);
    const admins = await post(teacher, {
      title: 'Admins',
      body: '<p>x</p>',
      audience: 'role',
      role: 'admin',
    });
    expect(admins.statusCode).toBe(422);
    expect(admins.json().errors.role).toBeDefined();
    expect(await notified('Not mine')).toBe(0);

    // Another teacher neither lists nor reaches it; the admin does.
    const theirs = (
      await t.request({
        method: 'GET',
        url: '/api/admin/announcements',
        token: teacherB,
        query: { per_page: '100' },
      })
    ).json().data as Array<{ id: number }>;
    expect(theirs.map((x) => x.id)).not.toContain(a.id);
    for (const method of ['GET', 'DELETE'] as const)
      expect(
        (await t.request({ method, url: `/api/admin/announcements/${a.id}`, token: teacherB })).statusCode,
      ).toBe(404);
    const all = (
      await t.request({
        method: 'GET',
        url: '/api/admin/announcements',
        token: admin,
        query: { search: a.title },
      })
    ).json();
    expect(all.data.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect(all.data[0].author_name).toBe('Taylor Brooks');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncementsService } from '../../src/server/features/announcements/announcements.service.ts';
import { createRateLimiter } from '../../src/server/plugins/rate-limit.ts';
import { createUsersRepository } from '../../src/server/features/users/users.repository.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';
import { createUser } from './factories/users.ts';

const PASSWORD = 'pathbuilder-demo';
const HOUR = 3600_000;

describe.each(dialects)('announcements (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let studentA: string;
  let studentB: string;
  let teacherB: string;
  let schoolA: number;
  let schoolB: number;
  const realNow = () => new Date();
  let seq = 0;
  const unique = (what: string) => `${what} ${++seq}`;

  const post = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/admin/announcements', token, payload });
  const write = async (token: string, payload: Record<string, unknown>) => {
    const res = await post(token, { body: '<p>Read me.</p>', ...payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().announcement as { id: number; title: string; status: string; body: string };
  };
  const currentTitles = async (token: string) =>
    (
      (await t.request({ method: 'GET', url: '/api/announcements/current', token })).json().data as Array<{
        title: string;
      }>
    ).map((a) => a.title);
  /** How many notifications carry this title, across every user. */
  const notified = async (title: string) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('notifications')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('title', '=', title)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const activeStudents = async (schoolId?: number) => {
    let q = t.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('is_admin', '=', 0)
      .where('is_teacher', '=', 0)
      .where('is_active', '=', 1);
    if (schoolId !== undefined) q = q.where('school_id', '=', schoolId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  beforeAll(async () => {
    // These tests write more than an author's hourly allowance; the limit has its own (announcement-limit.test.ts).
    t = await startTestApp(dialect, { seed: 'demo', announcementsPerHour: 1000 });
    admin = await t.login('admin@pathbuilder.test');
    teacher = await t.login('teacher@pathbuilder.test');
    studentA = await t.login('student@pathbuilder.test');
    schoolA = (await t.request({ method: 'GET', url: '/api/refresh', token: studentA })).json().user
      .school_id;
    const location = (await t.request({ method: 'GET', url: '/api/lookups/locations' })).json().data[0].id;
    schoolB = (
      await t.request({
        method: 'POST',
        url: '/api/admin/schools',
        token: admin,
        payload: { name: 'Announcement Test Nursery', location_id: location },
      })
    ).json().school.id;
    const sb = await createUser(t, { password: PASSWORD, school_id: schoolB, location_id: location });
    studentB = await t.login(sb.email, PASSWORD);
    const tb = await createUser(t, { password: PASSWORD, is_teacher: 1 });
    await t.ctx.db.insertInto('teacher_schools').values({ user_id: tb.id, school_id: schoolB }).execute();
    teacherB = await t.login(tb.email, PASSWORD);
    // Inactive students are not told anything.
    await createUser(t, { school_id: schoolA, location_id: location, is_active: 0 });
  });
  afterAll(() => t.close());

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

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = Number(
      (
        await t.ctx.db
          .selectFrom('announcements')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '', body: '<p>x</p>', audience: 'everyone' }, 'title'],
      [{ title: 'x'.repeat(201), body: '<p>x</p>', audience: 'everyone' }, 'title'],
      [{ title: 'No body', body: '<p> </p>', audience: 'everyone' }, 'body'],
      [{ title: 'Only tags', body: '<p><br></p><ul><li></li></ul>', audience: 'everyone' }, 'body'],
      [{ title: 'No schools', body: '<p>x</p>', audience: 'schools', school_ids: [] }, 'school_ids'],
      [{ title: 'No role', body: '<p>x</p>', audience: 'role' }, 'role'],
      [{ title: 'Who', body: '<p>x</p>', audience: 'parents' }, 'audience'],
      [{ title: 'Gone school', body: '<p>x</p>', audience: 'schools', school_ids: [999_999] }, 'school_ids'],
      [
        {
          title: 'Past',
          body: '<p>x</p>',
          audience: 'everyone',
          publish_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        },
        'publish_at',
      ],
      [
        {
          title: 'Backwards',
          body: '<p>x</p>',
          audience: 'everyone',
          publish_at: new Date(Date.now() + 2 * HOUR).toISOString(),
          expires_at: new Date(Date.now() + HOUR).toISOString(),
        },
        'expires_at',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await post(admin, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), res.body).toContain(field);
    }
    // A publish time a few seconds ago (a slow form) is now.
    const slow = await write(admin, {
      title: unique('Slow form'),
      audience: 'role',
      role: 'admin',
      publish_at: new Date(Date.now() - 10_000).toISOString(),
    });
    expect(slow.status).toBe('published');
    const after = Number(
      (
        await t.ctx.db
          .selectFrom('announcements')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before + 1);
  });

  // The one sanitiser (src/shared/rich-text.ts) keeps a script as text, as the question bank does: it never runs.
  it('stores HTML in the title as text and leaves no element with script in the body', async () => {
    const title = `<img src=x onerror=alert(1)> ${unique('Notice')}`;
    const a = await write(admin, {
      title,
      body: '<p onclick="steal()">Hello <strong>all</strong></p><script>alert(1)</script>',
      audience: 'everyone',
    });
    expect(a.title).toBe(title);
    expect(a.body).not.toMatch(/<script|<p onclick/i);
    expect(a.body).toContain('&lt;script&gt;');
    expect(a.body).toContain('Hello <strong>all</strong></p>');
    expect(await currentTitles(studentA)).toContain(title);
  });

  it('keeps students out of the back office and deletes without recalling notifications', async () => {
    const a = await write(admin, { title: unique('Short notice'), audience: 'everyone' });
    for (const [method, url] of [
      ['GET', '/api/admin/announcements'],
      ['POST', '/api/admin/announcements'],
      ['GET', `/api/admin/announcements/${a.id}`],
      ['PUT', `/api/admin/announcements/${a.id}`],
      ['DELETE', `/api/admin/announcements/${a.id}`],
    ] as const) {
      const res = await t.request({
        method,
        url,
        token: studentA,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const sent = await notified(a.title);
    expect(sent).toBeGreaterThan(0);
    const del = await t.request({ method: 'DELETE', url: `/api/admin/announcements/${a.id}`, token: admin });
    expect(del.statusCode).toBe(204);
    expect(await currentTitles(studentA)).not.toContain(a.title);
    expect(await notified(a.title)).toBe(sent);
    expect(
      (await t.request({ method: 'GET', url: `/api/admin/announcements/${a.id}`, token: admin })).statusCode,
    ).toBe(404);
  });

  it('lists with status, search and pages', async () => {
    const tag = unique('Pager');
    for (let i = 0; i < 3; i++) await write(admin, { title: `${tag} ${i}`, audience: 'everyone' });
    const page = (p: number) =>
      t.request({
        method: 'GET',
        url: '/api/admin/announcements',
        token: admin,
        query: { search: tag, per_page: '2', page: String(p) },
      });
    const one = (await page(1)).json();
    const two = (await page(2)).json();
    expect(one.meta.total).toBe(3);
    expect(one.data).toHaveLength(2);
    expect(two.data).toHaveLength(1);
    const scheduled = (
      await t.request({
        method: 'GET',
        url: '/api/admin/announcements',
        token: admin,
        query: { status: 'scheduled' },
      })
    ).json().data as Array<{ status: string }>;
    expect(scheduled.every((x) => x.status === 'scheduled')).toBe(true);
    // The seed's "assessment week", a week ahead.
    expect(scheduled.length).toBeGreaterThan(0);
  });
});

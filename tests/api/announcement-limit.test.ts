import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncementsService } from '../../src/server/features/announcements/announcements.service.ts';
import { createUsersRepository } from '../../src/server/features/users/users.repository.ts';
import { createRateLimiter } from '../../src/server/plugins/rate-limit.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

const HOUR = 3600_000;

/** One teacher sent 25 announcements in a row, each to the whole school (issue 22): a per-author limit. */
describe.each(dialects)('announcements per author per hour (%s)', (dialect) => {
  let t: TestApp;
  let teacher: string;
  let admin: string;
  let seq = 0;

  const post = (token: string, payload: Record<string, unknown> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/admin/announcements',
      token,
      payload: { title: `Limit ${++seq}`, body: '<p>Read me.</p>', audience: 'everyone', ...payload },
    });
  const titled = async (title: string) =>
    (await t.ctx.db.selectFrom('announcements').select('id').where('title', '=', title).execute()).length;

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    teacher = await t.login('teacher@pathbuilder.test');
    admin = await t.login('admin@pathbuilder.test');
  });
  afterAll(async () => t?.close());

  it('refuses the eleventh in an hour with 429, Retry-After and a clear message, across processes', async () => {
    const limit = t.ctx.config.announcementsPerHour;
    expect(limit).toBe(10);
    // A form sent back with errors costs nothing.
    const bad = await post(teacher, { body: '<p></p>' });
    expect(bad.statusCode).toBe(422);
    let lastId = 0;
    for (let i = 0; i < limit; i++) {
      const res = await post(teacher);
      expect(res.statusCode, res.body).toBe(201);
      lastId = res.json().announcement.id;
    }

    const refused = await post(teacher, { title: 'One too many' });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json().message).toMatch(
      /^You have written 10 announcements in the last hour, the most one author may send\. Please try again in \d+ minutes?\.$/,
    );
    expect(await titled('One too many')).toBe(0);

    // Another process sharing the database (a service of its own, a limiter of its own) counts the same hits.
    const other = createAnnouncementsService(t.ctx, {
      teacherSchoolIds: createUsersRepository(t.ctx.db).schoolIdsOfTeacher,
      limiter: createRateLimiter(t.ctx.db, t.ctx.now),
      refusedFiles: async () => ({}),
    });
    const auth = {
      user: (await createUsersRepository(t.ctx.db).findByEmail('teacher@pathbuilder.test'))!,
      tokenHash: '',
      sessionId: 0,
    };
    await expect(
      other.create(auth, {
        title: 'Through another process',
        body: '<p>Hi</p>',
        audience: 'everyone',
        role: null,
        school_ids: [],
        publish_at: null,
        expires_at: null,
      }),
    ).rejects.toMatchObject({ status: 429 });
    expect(await titled('Through another process')).toBe(0);

    // Editing notifies nobody again, so it is not counted; another author is not held back by this one.
    const edit = await t.request({
      method: 'PUT',
      url: `/api/admin/announcements/${lastId}`,
      token: teacher,
      payload: { title: 'Edited at the limit', body: '<p>Read me again.</p>', audience: 'everyone' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await post(admin)).statusCode).toBe(201);

    // The window ends an hour after the first of them: the author may write again.
    const key = (await t.ctx.db.selectFrom('rate_limits').select(['key', 'reset_at']).execute()).find((r) =>
      r.key.startsWith('announcements:author:'),
    )!;
    expect(Date.parse(key.reset_at) - Date.now()).toBeGreaterThan(HOUR - 60_000);
    await t.ctx.db
      .updateTable('rate_limits')
      .set({ reset_at: new Date(Date.now() - 1000).toISOString() })
      .where('key', 'like', 'announcements:author:%')
      .execute();
    expect((await post(teacher, { title: 'An hour later' })).statusCode).toBe(201);
  });
});

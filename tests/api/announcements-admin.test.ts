import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementCalls, startAnnouncements } from './announcements-setup.ts';
import { dialects, type TestApp } from './helpers.ts';

const HOUR = 3600_000;

// Announcements: bad input, HTML, keeping students out, listing (who they reach: announcements.test.ts).
describe.each(dialects)('announcements (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let studentA: string;
  beforeAll(async () => {
    ({ t, admin, studentA } = await startAnnouncements(dialect));
  });
  afterAll(() => t.close());
  const { unique, post, write, currentTitles, notified } = announcementCalls(() => t);

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

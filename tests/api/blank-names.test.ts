import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 22: a name made only of Unicode format characters (`\u202e\u200f`) was stored and showed as a blank
 * subject. Each is refused with 422 on its field, in the field's own words, and nothing is written.
 */
const BLANK = '\u202e\u200f';

describe.each(dialects)('names and titles that would show blank (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let student: string;
  let school: { id: number; location_id: number };

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    student = await t.login('student@pathbuilder.test');
    school = (await t.request({ method: 'GET', url: '/api/lookups/schools' })).json().data[0];
  });
  afterAll(() => t.close());

  const send = async (method: 'POST' | 'PUT', url: string, token: string | undefined, payload: object) => {
    const res = await t.request({ method, url, token, payload });
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as Record<string, string[]>;
  };

  it('refuses them for people: registration, the account and staff-made users', async () => {
    const email = `blank.${Date.now()}@example.test`;
    const reg = await send('POST', '/api/register', undefined, {
      full_name: BLANK,
      email,
      password: 'little-acorns-2026',
      password_confirmation: 'little-acorns-2026',
      location_id: school.location_id,
      school_id: school.id,
    });
    expect(reg.full_name).toEqual(['The full name must be at least 2 characters.']);
    expect(
      await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBe(undefined);
    const me = (await t.request({ method: 'GET', url: '/api/refresh', token: student })).json().user;
    const account = await send('PUT', `/api/user/${me.id}`, student, {
      full_name: ` ${BLANK} `,
      email: me.email,
      location_id: me.location_id,
      school_id: me.school_id,
    });
    expect(account.full_name).toEqual(['The full name must be at least 2 characters.']);
    const made = await send('POST', '/api/admin/users', admin, { full_name: BLANK, email });
    expect(made.full_name).toEqual(['The full name must be at least 2 characters.']);
  });

  it('refuses them for schools, the knowledge graph, content, announcements and support', async () => {
    expect(
      (await send('POST', '/api/admin/schools', admin, { name: BLANK, location_id: school.location_id }))
        .name,
    ).toEqual(['The name must be at least 2 characters.']);
    expect((await send('POST', '/api/admin/subjects', admin, { name: BLANK })).name).toEqual([
      'The name must be at least 2 characters.',
    ]);
    expect((await send('POST', '/api/admin/content/lecture', admin, { title: BLANK })).title).toEqual([
      'Give it a title.',
    ]);
    expect(
      (
        await send('POST', '/api/admin/announcements', admin, {
          title: BLANK,
          body: 'Hello',
          audience: 'everyone',
        })
      ).title,
    ).toEqual(['Give the announcement a title.']);
    expect(
      (await send('POST', '/api/admin/resources/folders', admin, { name: BLANK, parent_id: null })).name,
    ).toEqual(['Give the folder a name.']);
    const ticket = await send('POST', '/api/support/tickets', student, {
      subject: BLANK,
      category: 'other',
      message: `\u200b${BLANK}`,
    });
    expect(ticket.subject).toEqual(['Give your question a short subject (at least 3 characters).']);
    expect(ticket.message).toEqual(['Please write your message.']);
    const subjects = await t.ctx.db.selectFrom('subjects').select('name').execute();
    expect(subjects.some((s) => s.name.includes('\u202e'))).toBe(false);
  });
});

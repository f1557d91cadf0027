import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, lastMailLink, type TestApp } from './helpers.ts';
import { startUsersAdmin, usersAdminCalls } from './users-admin-setup.ts';

// The Users back office: the list, a teacher's view, creating and inviting users (edits, deactivating and
// CSV: users-admin-edits.test.ts).
describe.each(dialects)('Users back office (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let demoSchool: number;
  let demoLocation: number;
  let otherSchool: number;
  let otherLocation: number;
  let tag: string;
  beforeAll(async () => {
    ({ t, admin, teacher, demoSchool, demoLocation, otherSchool, otherLocation, tag } =
      await startUsersAdmin(dialect));
  });
  afterAll(() => t.close());
  const { list, create, outbox, names } = usersAdminCalls(() => ({ t, admin }));

  it('searches name and e-mail in any case, filters, sorts both ways and pages with a total', async () => {
    expect(names(await list({ search: tag.toUpperCase(), per_page: '100' }))).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
      'Delta',
      'Echo',
      'Foxtrot',
    ]);
    expect(names(await list({ search: `echo.${tag}@` }))).toEqual(['Echo']);
    expect(names(await list({ search: tag, sort: '-name' }))).toEqual([
      'Foxtrot',
      'Echo',
      'Delta',
      'Charlie',
      'Bravo',
      'Alpha',
    ]);
    expect(names(await list({ search: tag, sort: '-email' }))[0]).toBe('Foxtrot');
    expect(names(await list({ search: tag, sort: 'created_at' }))).toEqual([
      'Delta',
      'Alpha',
      'Echo',
      'Bravo',
      'Charlie',
      'Foxtrot',
    ]);
    expect(names(await list({ search: tag, sort: '-created_at' }))[0]).toBe('Foxtrot');

    expect(names(await list({ search: tag, role: 'student' }))).toEqual(['Alpha', 'Bravo', 'Delta', 'Echo']);
    expect(names(await list({ search: tag, role: 'teacher' }))).toEqual(['Charlie']);
    expect(names(await list({ search: tag, role: 'admin' }))).toEqual(['Foxtrot']);
    expect(names(await list({ search: tag, school_id: String(otherSchool) }))).toEqual(['Bravo', 'Echo']);
    expect(names(await list({ search: tag, diagnostic: '1' }))).toEqual(['Bravo', 'Delta']);
    expect(names(await list({ search: tag, verified: 'false' }))).toEqual(['Alpha', 'Bravo']);
    expect(names(await list({ search: tag, active: '0' }))).toEqual(['Echo']);
    expect(names(await list({ search: tag, role: 'student', diagnostic: '0', active: 'true' }))).toEqual([
      'Alpha',
    ]);

    const page2 = await list({ search: tag, per_page: '4', page: '2' });
    expect(names(page2)).toEqual(['Echo', 'Foxtrot']);
    expect(page2.meta).toEqual({ total: 6, page: 2, per_page: 4 });
    expect((await list({ search: tag, per_page: '4', page: '3' })).data).toEqual([]);

    const bad = await t.request({
      method: 'GET',
      url: '/api/admin/users',
      query: { sort: 'password' },
      token: admin,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sort).toBeDefined();
  });

  it('shows a teacher only the students of their schools, and refuses them anyone else', async () => {
    const mine = await list({ search: tag, per_page: '100' }, teacher);
    expect(names(mine)).toEqual(['Alpha', 'Delta']);
    expect(mine.meta.total).toBe(2);
    // Asking for another school or role does not widen the view.
    expect((await list({ search: tag, school_id: String(otherSchool) }, teacher)).data).toEqual([]);
    expect((await list({ search: tag, role: 'teacher' }, teacher)).data).toEqual([]);

    const outsider = (await list({ search: `bravo.${tag}` })).data[0]!;
    const colleague = (await list({ search: `charlie.${tag}` })).data[0]!;
    for (const id of [outsider.id, colleague.id]) {
      expect(
        (await t.request({ method: 'GET', url: `/api/admin/users/${id}`, token: teacher })).statusCode,
      ).toBe(403);
      const edit = await t.request({
        method: 'PUT',
        url: `/api/admin/users/${id}`,
        token: teacher,
        payload: { full_name: 'Renamed', email: `renamed.${id}@example.test`, school_id: demoSchool },
      });
      expect(edit.statusCode).toBe(403);
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/users/999999', token: admin })).statusCode,
    ).toBe(404);
    expect((await list({ search: `bravo.${tag}` })).data[0]!.full_name).toBe(`Bravo ${tag}`);

    // Creating: a student of another school, or anyone but a student, is refused and nothing is made.
    const elsewhere = await create(
      { full_name: 'Nope Elsewhere', email: `nope1.${tag}@example.test`, school_id: otherSchool },
      teacher,
    );
    expect(elsewhere.statusCode).toBe(403);
    const staff = await create(
      { full_name: 'Nope Staff', email: `nope2.${tag}@example.test`, role: 'teacher', school_id: demoSchool },
      teacher,
    );
    expect(staff.statusCode).toBe(403);
    expect((await list({ search: `nope` })).data).toEqual([]);

    const made = await create(
      { full_name: 'Golf Student', email: `golf.${tag}@example.test`, school_id: demoSchool },
      teacher,
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().user).toMatchObject({
      role: 'student',
      school_id: demoSchool,
      location_id: demoLocation,
    });
  });

  it('creates a user who is invited by mail to choose a password, then signs in', async () => {
    const email = `hotel.${tag}@example.test`;
    const res = await create({
      full_name: 'Hotel Teacher',
      email: email.toUpperCase(),
      role: 'teacher',
      location_id: otherLocation,
      school_id: otherSchool,
      teacher_school_ids: [otherSchool, demoSchool],
    });
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json().user;
    expect(user).toMatchObject({ email, role: 'teacher', email_verified: false, is_active: true });
    expect(user.teacher_school_ids.sort()).toEqual([otherSchool, demoSchool].sort());
    expect(JSON.stringify(res.json())).not.toContain('password');
    // A role given at creation is in the audit log like any other grant.
    const log = (
      await t.request({ method: 'GET', url: `/api/admin/audit-log?user_id=${user.id}`, token: admin })
    ).json().data as Array<{ action: string; before: string; after: string; target_name: string }>;
    expect(log.map((e) => [e.action, e.before])).toEqual([
      ['set_teacher_schools', 'none'],
      ['grant_teacher', 'new account'],
    ]);
    expect(log[0]!.after.split(', ').length).toBe(2);

    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You are invited to Pathbuilder');
    const link = new URL(await lastMailLink(t, email));
    expect(link.pathname).toBe('/reset-password');
    // Nobody can sign in before the invitation is used.
    const early = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'anything-at-all' },
    });
    expect(early.statusCode).toBe(422);
    const set = await t.request({
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        token: link.searchParams.get('token'),
        email,
        password: 'a-brand-new-passphrase',
        password_confirmation: 'a-brand-new-passphrase',
      },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const token = await t.login(email, 'a-brand-new-passphrase');
    const me = (await t.request({ method: 'GET', url: '/api/refresh', token })).json().user;
    expect(me).toMatchObject({ email, is_teacher: 1, email_verified: true });
  });

  it('invites again at the new address when the e-mail of someone not yet signed in is corrected', async () => {
    const made = (await create({ full_name: 'Yankee Typo', email: `yankee.typo.${tag}@example.test` })).json()
      .user;
    const fixed = `yankee.${tag}@example.test`;
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${made.id}`,
      token: admin,
      payload: { full_name: 'Yankee Fixed', email: fixed, location_id: null, school_id: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    const link = new URL(await lastMailLink(t, fixed));
    const set = await t.request({
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        token: link.searchParams.get('token'),
        email: fixed,
        password: 'yankee-chose-this-one',
        password_confirmation: 'yankee-chose-this-one',
      },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    await t.login(fixed, 'yankee-chose-this-one');
  });
});

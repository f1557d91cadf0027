import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './factories/users.ts';
import { dialects, lastMailLink, startTestApp, type TestApp } from './helpers.ts';

type ListedUser = {
  id: number;
  email: string;
  full_name: string;
  role: string;
  school_id: number | null;
  is_active: boolean;
  email_verified: boolean;
  taken_diagnostics: number;
};
type ListAnswer = { data: ListedUser[]; meta: { total: number; page: number; per_page: number } };

const SPRINGFIELD_SCHOOL = 'Little Acorns Early Learning Centre';
const OTHER_SCHOOL = 'Riverside Institute of Early Childhood Education';

describe.each(dialects)('Users back office (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let demoSchool: number;
  let demoLocation: number;
  let otherSchool: number;
  let otherLocation: number;
  /** A word only this suite's users carry, so lists can be narrowed to them. */
  const tag = `zq${Date.now().toString(36)}`;

  const list = async (query: Record<string, string>, token = admin): Promise<ListAnswer> => {
    const res = await t.request({ method: 'GET', url: '/api/admin/users', query, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const create = (payload: Record<string, unknown>, token = admin) =>
    t.request({ method: 'POST', url: '/api/admin/users', payload, token });
  const outbox = async (to: string) => {
    await t.ctx.tasks.idle();
    return t.ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute();
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    teacher = await t.login('teacher@pathbuilder.test');
    const schools = (
      await t.request({ method: 'GET', url: '/api/admin/schools?per_page=100', token: admin })
    ).json().data as Array<{ id: number; name: string; location_id: number }>;
    const demo = schools.find((s) => s.name === SPRINGFIELD_SCHOOL)!;
    const other = schools.find((s) => s.name === OTHER_SCHOOL)!;
    [demoSchool, demoLocation, otherSchool, otherLocation] = [
      demo.id,
      demo.location_id,
      other.id,
      other.location_id,
    ];
    // Six users with the tag: names out of alphabetical order of creation, mixed flags.
    const make = (name: string, extra: Parameters<typeof createUser>[1]) =>
      createUser(t, {
        full_name: `${name} ${tag}`,
        email: `${name.toLowerCase()}.${tag}@example.test`,
        ...extra,
      });
    await make('Delta', { school_id: demoSchool, taken_diagnostics: 1 });
    await make('Alpha', { school_id: demoSchool, verified: false });
    await make('Echo', { school_id: otherSchool, is_active: 0 });
    await make('Bravo', { school_id: otherSchool, taken_diagnostics: 1, verified: false });
    await make('Charlie', { is_teacher: 1 });
    await make('Foxtrot', { is_admin: 1 });
  });
  afterAll(() => t.close());

  const names = (a: ListAnswer) => a.data.map((u) => u.full_name.split(' ')[0]);

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

  it('answers bad input with 422 per field and changes nothing', async () => {
    const taken = await create({
      full_name: 'X',
      email: 'admin@pathbuilder.test',
      school_id: otherSchool,
      location_id: demoLocation,
    });
    expect(taken.statusCode).toBe(422);
    const errors = taken.json().errors;
    expect(errors.full_name).toBeDefined();

    const dup = await create({ full_name: 'India Dup', email: 'admin@pathbuilder.test' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ email: ['The email has already been taken.'] });
    const misplaced = await create({
      full_name: 'India Misplaced',
      email: `india.${tag}@example.test`,
      school_id: otherSchool,
      location_id: demoLocation,
    });
    expect(misplaced.statusCode).toBe(422);
    expect(misplaced.json().errors.school_id).toEqual([
      'The selected school is not in the selected location.',
    ]);
    expect((await list({ search: 'india' })).data).toEqual([]);

    const target = (await list({ search: `delta.${tag}` })).data[0]!;
    const edit = (payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/admin/users/${target.id}`, token: admin, payload });
    const bad = await edit({ full_name: 'D', email: 'not-an-email', school_id: demoSchool });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'full_name']);
    const clash = await edit({
      full_name: 'Delta Renamed',
      email: 'student@pathbuilder.test',
      school_id: demoSchool,
    });
    expect(clash.json().errors.email).toEqual(['The email has already been taken.']);
    expect(
      (await t.request({ method: 'GET', url: `/api/admin/users/${target.id}`, token: admin })).json().user,
    ).toMatchObject({
      full_name: `Delta ${tag}`,
      email: `delta.${tag}@example.test`,
    });

    const ok = await edit({
      full_name: `Delta Moved ${tag}`,
      email: `delta2.${tag}@example.test`,
      school_id: otherSchool,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // A new address is not applied by staff: it waits for its link (staff-edits.test.ts), the rest is saved.
    expect(ok.json().user).toMatchObject({
      full_name: `Delta Moved ${tag}`,
      email: `delta.${tag}@example.test`,
      school_id: otherSchool,
      location_id: otherLocation,
    });
    expect(ok.json().pending_email).toBe(`delta2.${tag}@example.test`);
  });

  it('signs a deactivated user out on their very next request, and lets them back in once reactivated', async () => {
    const u = await createUser(t, { school_id: demoSchool });
    const token = await t.login(u.email, u.password);
    expect((await t.request({ method: 'GET', url: '/api/refresh', token })).statusCode).toBe(200);
    const off = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${u.id}/status`,
      token: teacher,
      payload: { is_active: false },
    });
    expect(off.json().user.is_active).toBe(false);
    expect((await t.request({ method: 'GET', url: '/api/refresh', token })).statusCode).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
    });
    expect(login.statusCode).toBe(422);

    const on = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${u.id}/status`,
      token: teacher,
      payload: { is_active: true },
    });
    expect(on.json().user.is_active).toBe(true);
    const again = await t.login(u.email, u.password);
    expect((await t.request({ method: 'GET', url: '/api/refresh', token: again })).statusCode).toBe(200);
  });

  const importCsv = (csv: string, token = admin) =>
    t.request({ method: 'POST', url: '/api/admin/users/import', token, payload: { csv } });

  it('imports the good rows of a CSV, writes nothing of a bad row and reports each one', async () => {
    const csv = [
      'full_name,email,role,school,location',
      `Juliet ${tag},juliet.${tag}@example.test,student,${SPRINGFIELD_SCHOOL},Springfield`,
      `Kilo ${tag},not-an-email,student,,`,
      `Lima ${tag},lima.${tag}@example.test,wizard,,`,
      `Mike ${tag},mike.${tag}@example.test,teacher,"${OTHER_SCHOOL}",`,
      `Juliet Again ${tag},JULIET.${tag}@example.test,,,`,
      `November ${tag},student@pathbuilder.test,student,,`,
      `Oscar ${tag},oscar.${tag}@example.test,student,Nowhere School,`,
      `"Papa, Jr ${tag}",papa.${tag}@example.test,,,Lakeview`,
      `Quebec ${tag},quebec.${tag}@example.test,student,${SPRINGFIELD_SCHOOL},Riverside`,
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as { created: number; rejected: Array<{ row: number; errors: string[] }> };
    expect(report.created).toBe(3);
    expect(report.rejected.map((r) => r.row)).toEqual([3, 4, 6, 7, 8, 10]);
    const reasons = Object.fromEntries(report.rejected.map((r) => [r.row, r.errors.join(' ')]));
    expect(reasons[3]).toMatch(/^email:/);
    expect(reasons[4]).toMatch(/^role:/);
    expect(reasons[6]).toContain('row 2');
    expect(reasons[7]).toContain('already been taken');
    expect(reasons[8]).toContain('Unknown school');
    expect(reasons[10]).toContain('Unknown school');

    const imported = await list({ search: tag, per_page: '100' });
    const byName = new Map(imported.data.map((u) => [u.full_name, u]));
    expect(byName.get(`Juliet ${tag}`)).toMatchObject({ role: 'student', school_id: demoSchool });
    expect(byName.get(`Mike ${tag}`)).toMatchObject({ role: 'teacher', school_id: otherSchool });
    expect(byName.get(`Papa, Jr ${tag}`)).toMatchObject({ role: 'student', school_id: null });
    for (const gone of ['Kilo', 'Lima', 'Juliet Again', 'November', 'Oscar', 'Quebec'])
      expect(byName.has(`${gone} ${tag}`)).toBe(false);
    expect(await outbox(`juliet.${tag}@example.test`)).toHaveLength(1);

    const noHeader = await importCsv(`Romeo,romeo.${tag}@example.test,,,`);
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json().errors.csv).toBeDefined();
  });

  it('lets a teacher import students into their own schools only', async () => {
    const res = await importCsv(
      [
        'full_name,email,role,school,location',
        `Sierra ${tag},sierra.${tag}@example.test,,${SPRINGFIELD_SCHOOL},`,
        `Tango ${tag},tango.${tag}@example.test,,${OTHER_SCHOOL},`,
        `Uniform ${tag},uniform.${tag}@example.test,admin,${SPRINGFIELD_SCHOOL},`,
        `Victor ${tag},victor.${tag}@example.test,,,`,
      ].join('\r\n'),
      teacher,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toBe(1);
    expect(res.json().rejected.map((r: { row: number }) => r.row)).toEqual([3, 4, 5]);
    expect(names(await list({ search: tag, per_page: '100' }, teacher))).toContain('Sierra');
    expect((await list({ search: `tango.${tag}` })).data).toEqual([]);
  });

  it('exports the filtered list as CSV that imports again elsewhere, formulas neutralised', async () => {
    await createUser(t, {
      full_name: `=HYPERLINK("x") ${tag}`,
      email: `whiskey.${tag}@example.test`,
      school_id: otherSchool,
    });
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/users/export',
      query: { search: tag, role: 'student', school_id: String(otherSchool) },
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('full_name,email,role,school,location,diagnostic_taken,verified,active,created_at');
    const expected = (
      await list({ search: tag, role: 'student', school_id: String(otherSchool), per_page: '100' })
    ).data;
    expect(lines).toHaveLength(expected.length + 1);
    expect(res.body).toContain(`"'=HYPERLINK(""x"") ${tag}"`);
    // Delta's new address still waits for its link (the edit above), so the old one, verified, is exported.
    expect(res.body).toContain(`delta.${tag}@example.test,student,${OTHER_SCHOOL},Riverside,yes,yes,yes,`);

    // A teacher's export holds only their schools' students.
    const theirs = await t.request({
      method: 'GET',
      url: '/api/admin/users/export',
      query: { search: tag },
      token: teacher,
    });
    expect(theirs.body).not.toContain('bravo.');
    expect(theirs.body).toContain(`alpha.${tag}@example.test`);

    // Imported into another app, the same users come back, the formula text as it was.
    const other = await startTestApp(dialect, { seed: 'demo' });
    try {
      const otherAdmin = await other.login('admin@pathbuilder.test');
      const imported = await other.request({
        method: 'POST',
        url: '/api/admin/users/import',
        token: otherAdmin,
        payload: { csv: res.body },
      });
      expect(imported.json()).toEqual({ created: expected.length, rejected: [] });
      const again = await other.request({
        method: 'GET',
        url: '/api/admin/users',
        query: { search: tag, per_page: '100' },
        token: otherAdmin,
      });
      const back = (again.json() as ListAnswer).data.map((u) => [
        u.full_name,
        u.email,
        u.role,
        u.school_id !== null,
      ]);
      expect(back).toEqual(expected.map((u) => [u.full_name, u.email, u.role, true]));
    } finally {
      await other.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';
import {
  OTHER_SCHOOL,
  SPRINGFIELD_SCHOOL,
  startUsersAdmin,
  usersAdminCalls,
  type ListAnswer,
} from './users-admin-setup.ts';

// The Users back office: edits and bad input, deactivating, CSV import and export (the list and invitations:
// users-admin.test.ts). The export reads the edit of the bad-input test, so they share a file and its order.
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
  const { list, create, outbox, importCsv, names } = usersAdminCalls(() => ({ t, admin }));

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

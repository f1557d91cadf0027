import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

describe.each(dialects)('back office: users and schools (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let demoSchool: number;
  let otherSchool: number;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    teacher = await t.login('teacher@pathbuilder.test');
    const schools = (
      await t.request({ method: 'GET', url: '/api/admin/schools?per_page=100', token: admin })
    ).json().data as Array<{ id: number; name: string }>;
    demoSchool = schools.find((s) => s.name === 'Little Acorns Early Learning Centre')!.id;
    otherSchool = schools.find((s) => s.id !== demoSchool)!.id;
  });
  afterAll(() => t.close());

  it('shows the admin every user with pagination, and the teacher only the students of their schools', async () => {
    const outsider = await createUser(t, { school_id: otherSchool, full_name: 'Outside Student' });
    const all = (
      await t.request({ method: 'GET', url: '/api/admin/users?per_page=2&page=1', token: admin })
    ).json();
    expect(all.data).toHaveLength(2);
    expect(all.meta.total).toBeGreaterThanOrEqual(5);
    const mine = (
      await t.request({ method: 'GET', url: '/api/admin/users?per_page=100', token: teacher })
    ).json();
    const emails = mine.data.map((u: { email: string }) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining(['student@pathbuilder.test', 'new.student@pathbuilder.test']),
    );
    expect(emails).not.toContain(outsider.email);
    expect(emails).not.toContain('admin@pathbuilder.test');
    expect(
      mine.data.every(
        (u: { role: string; school_id: number }) => u.role === 'student' && u.school_id === demoSchool,
      ),
    ).toBe(true);
    expect(JSON.stringify(mine)).not.toContain('password');
  });

  it('lets a teacher deactivate a student of their school, which signs the student out, but not one of another school', async () => {
    const mineStudent = await createUser(t, { school_id: demoSchool });
    const theirs = await createUser(t, { school_id: otherSchool });
    const studentToken = await t.login(mineStudent.email, mineStudent.password);
    const ok = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${mineStudent.id}/status`,
      token: teacher,
      payload: { is_active: false },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.is_active).toBe(false);
    expect((await t.request({ method: 'GET', url: '/api/refresh', token: studentToken })).statusCode).toBe(
      401,
    );
    const refused = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${theirs.id}/status`,
      token: teacher,
      payload: { is_active: false },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('lets the admin make a teacher of a school, and refuses an unknown school or demoting oneself', async () => {
    const u = await createUser(t);
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${u.id}/role`,
      token: admin,
      payload: { role: 'teacher', teacher_school_ids: [otherSchool] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      role: 'teacher',
      is_teacher: 1,
      teacher_school_ids: [otherSchool],
    });
    const bad = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${u.id}/role`,
      token: admin,
      payload: { role: 'teacher', teacher_school_ids: [999999] },
    });
    expect(bad.statusCode).toBe(422);
    const me = (await t.request({ method: 'GET', url: '/api/refresh', token: admin })).json().user.id;
    const self = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${me}/role`,
      token: admin,
      payload: { role: 'student' },
    });
    expect(self.statusCode).toBe(422);
  });

  it('adds and renames schools; duplicates and unknown locations are refused', async () => {
    const loc = (
      await t.request({
        method: 'POST',
        url: '/api/admin/locations',
        token: admin,
        payload: { name: 'Harbour Town' },
      })
    ).json().location;
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/schools',
      token: admin,
      payload: { name: 'Harbour Town Kindergarten Academy', location_id: loc.id },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().school).toMatchObject({
      name: 'Harbour Town Kindergarten Academy',
      location_name: 'Harbour Town',
      student_count: 0,
    });
    const dup = await t.request({
      method: 'POST',
      url: '/api/admin/schools',
      token: admin,
      payload: { name: 'Harbour Town Kindergarten Academy', location_id: loc.id },
    });
    expect(dup.statusCode).toBe(422);
    const noLoc = await t.request({
      method: 'POST',
      url: '/api/admin/schools',
      token: admin,
      payload: { name: 'Nowhere School', location_id: 987654 },
    });
    expect(noLoc.json().errors.location_id).toBeDefined();
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/admin/schools/${created.json().school.id}`,
      token: admin,
      payload: { name: 'Harbour Town Early Years Academy', location_id: loc.id },
    });
    expect(renamed.json().school.name).toBe('Harbour Town Early Years Academy');
    const lookup = (
      await t.request({ method: 'GET', url: `/api/lookups/schools?location_id=${loc.id}` })
    ).json().data;
    expect(lookup.map((s: { name: string }) => s.name)).toEqual(['Harbour Town Early Years Academy']);
  });

  it('shows a teacher only their own schools', async () => {
    const res = (await t.request({ method: 'GET', url: '/api/admin/schools', token: teacher })).json();
    expect(res.data.map((s: { id: number }) => s.id)).toEqual([demoSchool]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/contracts/user-roles.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

type Who = { id: number; token: string; name: string };

describe.each(dialects)('Manage Users Role: roles, teacher schools and the audit log (%s)', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let schoolA: { id: number; name: string };
  let schoolB: { id: number; name: string };

  const signIn = async (email: string, password = 'pathbuilder-demo'): Promise<Who> => {
    const token = await t.login(email, password);
    const { user } = (await t.request({ method: 'GET', url: '/api/refresh', token })).json();
    return { id: user.id, token, name: user.full_name };
  };
  const newUser = async (overrides: Parameters<typeof createUser>[1] = {}): Promise<Who> => {
    const u = await createUser(t, { full_name: `Role Person ${Date.now()}`, ...overrides });
    return signIn(u.email, u.password);
  };
  const setRoles = (by: Who, id: number, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/admin/users/${id}/role`, token: by.token, payload });
  const auditOf = async (userId: number): Promise<AuditEntry[]> => {
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/audit-log?user_id=${userId}&per_page=100`,
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const refreshed = async (who: Who) =>
    (await t.request({ method: 'GET', url: '/api/refresh', token: who.token })).json().user;

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await signIn('admin@pathbuilder.test');
    const schools = (
      await t.request({ method: 'GET', url: '/api/admin/schools?per_page=100', token: admin.token })
    ).json().data as Array<{ id: number; name: string }>;
    schoolA = schools[0]!;
    schoolB = schools[1]!;
  });
  afterAll(() => t.close());

  it('makes a user a teacher of a school and writes who, what and when to the log', async () => {
    const before = new Date().toISOString();
    const u = await newUser({ full_name: 'Casey Quinn' });
    const res = await setRoles(admin, u.id, { is_teacher: true, teacher_school_ids: [schoolA.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      is_admin: 0,
      is_teacher: 1,
      role: 'teacher',
      teacher_school_ids: [schoolA.id],
    });

    // Newest first: within one change, in the order it was written.
    const log = await auditOf(u.id);
    expect(log.map((e) => [e.action, e.before, e.after])).toEqual([
      ['set_teacher_schools', 'none', schoolA.name],
      ['grant_teacher', 'student', 'teacher'],
    ]);
    for (const e of log) {
      expect(e).toMatchObject({ actor_id: admin.id, actor_name: 'Alex Morgan', target_name: 'Casey Quinn' });
      expect(e.created_at >= before).toBe(true);
    }

    // Moving them to another school is one more row, newest first in the whole log too.
    expect((await setRoles(admin, u.id, { teacher_school_ids: [schoolB.id] })).statusCode).toBe(200);
    const all = await t.request({
      method: 'GET',
      url: '/api/admin/audit-log?per_page=1',
      token: admin.token,
    });
    expect(all.json().meta.total).toBeGreaterThanOrEqual(3);
    expect(all.json().data).toHaveLength(1);
    expect(all.json().data[0]).toMatchObject({
      action: 'set_teacher_schools',
      before: schoolA.name,
      after: schoolB.name,
      target_user_id: u.id,
    });

    // Removing the teacher role takes the schools with it, both logged.
    expect((await setRoles(admin, u.id, { is_teacher: false })).json().user).toMatchObject({
      is_teacher: 0,
      teacher_school_ids: [],
    });
    expect((await auditOf(u.id)).slice(0, 2).map((e) => [e.action, e.before, e.after])).toEqual(
      expect.arrayContaining([
        ['revoke_teacher', 'teacher', 'student'],
        ['set_teacher_schools', schoolB.name, 'none'],
      ]),
    );
  });

  it('grants admin and teacher independently; a request that changes nothing logs nothing', async () => {
    const u = await newUser();
    await setRoles(admin, u.id, { is_teacher: true, teacher_school_ids: [schoolA.id] });
    const both = await setRoles(admin, u.id, { is_admin: true });
    expect(both.json().user).toMatchObject({ is_admin: 1, is_teacher: 1, teacher_school_ids: [schoolA.id] });
    const rows = (await auditOf(u.id)).length;
    expect((await auditOf(u.id))[0]).toMatchObject({
      action: 'grant_admin',
      before: 'teacher',
      after: 'admin, teacher',
    });
    expect((await setRoles(admin, u.id, { is_admin: true, is_teacher: true })).statusCode).toBe(200);
    expect(await auditOf(u.id)).toHaveLength(rows);
    // The older shape still works: exactly one role.
    const legacy = await setRoles(admin, u.id, { role: 'student' });
    expect(legacy.json().user).toMatchObject({ is_admin: 0, is_teacher: 0, teacher_school_ids: [] });
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const u = await newUser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ is_teacher: true, teacher_school_ids: [999_999] }, 'teacher_school_ids'],
      [{ teacher_school_ids: [schoolA.id] }, 'teacher_school_ids'],
      [{ role: 'teacher', is_admin: true }, 'role'],
      [{}, 'role'],
      [{ is_admin: 'yes' }, 'is_admin'],
    ];
    for (const [payload, field] of cases) {
      const res = await setRoles(admin, u.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect(await refreshed(u)).toMatchObject({ is_admin: 0, is_teacher: 0 });
    expect(await auditOf(u.id)).toEqual([]);
    expect((await setRoles(admin, 999_999, { is_teacher: true })).statusCode).toBe(404);
  });

  it('refuses to let the last admin remove their own admin role; with another admin it works at once', async () => {
    for (const payload of [{ is_admin: false }, { role: 'student' }, { role: 'teacher' }]) {
      const res = await setRoles(admin, admin.id, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/last admin/);
    }
    expect(await refreshed(admin)).toMatchObject({ is_admin: 1 });
    expect(await auditOf(admin.id)).toEqual([]);

    // A second admin; an inactive admin does not count (they cannot sign in to fix anything).
    await createUser(t, { is_admin: 1, is_active: 0 });
    expect((await setRoles(admin, admin.id, { is_admin: false })).statusCode).toBe(422);
    const second = await newUser({ full_name: 'Second Admin' });
    expect((await setRoles(admin, second.id, { is_admin: true })).statusCode).toBe(200);

    // The second admin is now the last one once the first steps down, and is refused in turn.
    const down = await setRoles(second, second.id, { is_admin: true, is_teacher: false });
    expect(down.statusCode).toBe(200);
    expect((await setRoles(admin, admin.id, { is_admin: false })).statusCode).toBe(200);
    const last = await setRoles(second, second.id, { is_admin: false });
    expect(last.statusCode).toBe(422);
    expect(last.json().errors.is_admin[0]).toBe(
      'You are the last admin, so you cannot remove your own admin role. Make someone else an admin first.',
    );

    // The first admin's very next admin request is refused; give the role back through the second.
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/audit-log', token: admin.token })).statusCode,
    ).toBe(403);
    expect((await setRoles(second, admin.id, { is_admin: true })).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/audit-log', token: admin.token })).statusCode,
    ).toBe(200);
  });

  it("takes effect on the user's next request: a demoted admin gets 403, a teacher sees their new schools", async () => {
    const other = await newUser({ is_admin: 1 });
    // Warm this process's session cache with the admin session.
    for (let i = 0; i < 2; i++) {
      expect(
        (await t.request({ method: 'GET', url: '/api/admin/audit-log', token: other.token })).statusCode,
      ).toBe(200);
    }
    expect((await setRoles(admin, other.id, { is_admin: false })).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/audit-log', token: other.token })).statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/schools', token: other.token })).statusCode,
    ).toBe(403);
    expect(await refreshed(other)).toMatchObject({ is_admin: 0 });

    const teacher = await newUser();
    await setRoles(admin, teacher.id, { is_teacher: true, teacher_school_ids: [schoolA.id] });
    const mine = async () =>
      (await t.request({ method: 'GET', url: '/api/admin/schools', token: teacher.token }))
        .json()
        .data.map((s: { id: number }) => s.id);
    expect(await mine()).toEqual([schoolA.id]);
    await setRoles(admin, teacher.id, { teacher_school_ids: [schoolB.id] });
    expect(await mine()).toEqual([schoolB.id]);
  });

  it('shows the log to admins only', async () => {
    const teacher = await signIn('teacher@pathbuilder.test');
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/audit-log', token: teacher.token })).statusCode,
    ).toBe(403);
    expect((await setRoles(teacher, teacher.id, { is_admin: true })).statusCode).toBe(403);
    expect(await refreshed(teacher)).toMatchObject({ is_admin: 0 });
  });
});

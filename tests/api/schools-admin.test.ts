import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLocation, AdminSchool } from '../../src/shared/contracts/admin-schools.ts';
import { createAssessment, createQuestion, createTopics } from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

describe.each(dialects)('Manage Schools: schools and locations (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let n = 0;

  const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url, token, payload });
  const lookupSchools = async (locationId: number) =>
    (await t.request({ method: 'GET', url: `/api/lookups/schools?location_id=${locationId}` })).json()
      .data as Array<{ id: number; name: string; location_name: string }>;
  const lookupLocations = async () =>
    (await t.request({ method: 'GET', url: '/api/lookups/locations' })).json().data as Array<{
      id: number;
      name: string;
    }>;
  const newLocation = async (name = `Harbour Town ${++n}`) => {
    const res = await as(admin, 'POST', '/api/admin/locations', { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().location as { id: number; name: string };
  };
  const newSchool = async (locationId: number, name = `Seaside Kindergarten ${++n}`) => {
    const res = await as(admin, 'POST', '/api/admin/schools', { name, location_id: locationId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().school as AdminSchool;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    teacher = await t.login('teacher@pathbuilder.test');
  });
  afterAll(() => t.close());

  it('creates a school that registration finds at once, and the list finds by search', async () => {
    const location = await newLocation('Harbour Town');
    expect((await lookupLocations()).map((l) => l.name)).toContain('Harbour Town');
    const school = await newSchool(location.id, 'Seaside Kindergarten');
    expect(school).toMatchObject({
      name: 'Seaside Kindergarten',
      location_id: location.id,
      location_name: 'Harbour Town',
      student_count: 0,
      teacher_count: 0,
    });
    expect(await lookupSchools(location.id)).toEqual([
      {
        id: school.id,
        name: 'Seaside Kindergarten',
        location_id: location.id,
        location_name: 'Harbour Town',
      },
    ]);
    const found = await as(admin, 'GET', '/api/admin/schools?search=seaside');
    expect(found.json().data.map((s: AdminSchool) => s.id)).toEqual([school.id]);
    expect((await as(admin, 'GET', `/api/admin/schools/${school.id}`)).json().school.name).toBe(
      'Seaside Kindergarten',
    );

    // A student can register into it.
    const reg = await t.request({
      method: 'POST',
      url: '/api/register',
      payload: {
        full_name: 'Seaside Student',
        email: 'seaside.student@example.test',
        password: 'a-long-enough-password-1',
        password_confirmation: 'a-long-enough-password-1',
        location_id: location.id,
        school_id: school.id,
      },
    });
    expect(reg.statusCode, reg.body).toBeLessThan(300);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const location = await newLocation();
    const school = await newSchool(location.id, 'Tidepool Nursery');
    const cases: Array<[string, string, object, string]> = [
      ['POST', '/api/admin/schools', { name: 'x', location_id: location.id }, 'name'],
      ['POST', '/api/admin/schools', { name: 'Anywhere School', location_id: 999_999 }, 'location_id'],
      ['POST', '/api/admin/schools', { name: 'Tidepool Nursery', location_id: location.id }, 'name'],
      ['PUT', `/api/admin/schools/${school.id}`, { name: '', location_id: location.id }, 'name'],
      ['POST', '/api/admin/locations', { name: location.name }, 'name'],
      ['PUT', `/api/admin/locations/${location.id}`, { name: 'Springfield' }, 'name'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await as(admin, method as 'POST', url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect(await lookupSchools(location.id)).toHaveLength(1);
    expect((await lookupLocations()).find((l) => l.id === location.id)?.name).toBe(location.name);
  });

  it('renames and moves a school; its users move with it on their next request', async () => {
    const from = await newLocation();
    const to = await newLocation();
    const school = await newSchool(from.id);
    const u = await createUser(t, { school_id: school.id, location_id: from.id });
    const student = await t.login(u.email, u.password);
    const me = async () => (await as(student, 'GET', '/api/refresh')).json().user;
    expect(await me()).toMatchObject({ school_name: school.name, location_name: from.name });

    const res = await as(admin, 'PUT', `/api/admin/schools/${school.id}`, {
      name: 'Lighthouse Preschool',
      location_id: to.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().school).toMatchObject({ name: 'Lighthouse Preschool', location_name: to.name });
    expect(await me()).toMatchObject({
      school_id: school.id,
      school_name: 'Lighthouse Preschool',
      location_id: to.id,
      location_name: to.name,
    });
    expect(await lookupSchools(from.id)).toEqual([]);
    expect((await lookupSchools(to.id)).map((s) => s.name)).toEqual(['Lighthouse Preschool']);

    // Renaming the location shows on the student's next request too.
    expect(
      (await as(admin, 'PUT', `/api/admin/locations/${to.id}`, { name: 'New Harbour' })).statusCode,
    ).toBe(200);
    expect((await me()).location_name).toBe('New Harbour');
  });

  it('does not delete a school with users or quizzes until they are moved', async () => {
    const location = await newLocation();
    const school = await newSchool(location.id, 'Driftwood Early Learning');
    const other = await newSchool(location.id);
    const student = await createUser(t, { school_id: school.id, location_id: location.id });
    const teacherOf = await createUser(t, { is_teacher: 1 });
    await t.ctx.db
      .insertInto('teacher_schools')
      .values({ user_id: teacherOf.id, school_id: school.id })
      .execute();

    const refused = await as(admin, 'DELETE', `/api/admin/schools/${school.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Driftwood Early Learning cannot be deleted yet: move its 2 users to another school first.',
    );
    expect((await as(admin, 'GET', `/api/admin/schools/${school.id}`)).statusCode).toBe(200);
    expect((await lookupSchools(location.id)).map((s) => s.id)).toContain(school.id);

    // Both moved away (the teacher through Manage Users Role); a quiz for this school alone still holds it.
    await t.ctx.db.updateTable('users').set({ school_id: other.id }).where('id', '=', student.id).execute();
    const teacherMoved = await as(admin, 'PUT', `/api/admin/users/${teacherOf.id}/role`, {
      teacher_school_ids: [other.id],
    });
    expect(teacherMoved.statusCode, teacherMoved.body).toBe(200);
    const [mt] = await createTopics(t, admin, 1);
    const question = await createQuestion(t, admin, mt!, 'true_false');
    const quiz = await createAssessment(t, admin, { question_ids: [question], school_ids: [school.id] });
    const stillAimed = await as(admin, 'DELETE', `/api/admin/schools/${school.id}`);
    expect(stillAimed.statusCode).toBe(409);
    expect(stillAimed.json().message).toBe(
      'Driftwood Early Learning cannot be deleted yet: change the schools of the 1 quiz or exam aimed at it first.',
    );
    expect((await as(admin, 'DELETE', `/api/admin/assessments/${quiz}`)).statusCode).toBeLessThan(300);

    expect((await as(admin, 'DELETE', `/api/admin/schools/${school.id}`)).statusCode).toBe(204);
    expect((await as(admin, 'GET', `/api/admin/schools/${school.id}`)).statusCode).toBe(404);
    expect((await lookupSchools(location.id)).map((s) => s.id)).toEqual([other.id]);
  });

  it('manages locations: a location holding schools or users stays until they move', async () => {
    const location = await newLocation('Pebble Bay');
    const school = await newSchool(location.id);
    const list = async () => (await as(admin, 'GET', '/api/admin/locations')).json().data as AdminLocation[];
    expect((await list()).find((l) => l.id === location.id)).toMatchObject({
      name: 'Pebble Bay',
      school_count: 1,
      user_count: 0,
    });
    const refused = await as(admin, 'DELETE', `/api/admin/locations/${location.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Pebble Bay cannot be deleted yet: move its 1 school to another location first.',
    );
    expect((await as(admin, 'DELETE', `/api/admin/schools/${school.id}`)).statusCode).toBe(204);
    expect((await as(admin, 'DELETE', `/api/admin/locations/${location.id}`)).statusCode).toBe(204);
    expect((await lookupLocations()).map((l) => l.id)).not.toContain(location.id);
    expect((await as(admin, 'DELETE', `/api/admin/locations/${location.id}`)).statusCode).toBe(404);
  });

  it('shows a teacher their own schools, read-only', async () => {
    const mine = (await as(teacher, 'GET', '/api/admin/schools')).json().data as AdminSchool[];
    expect(mine.map((s) => s.name)).toEqual(['Little Acorns Early Learning Centre']);
    const all = (await as(admin, 'GET', '/api/admin/schools?per_page=100')).json().data as AdminSchool[];
    const foreign = all.find((s) => s.id !== mine[0]!.id)!;
    expect((await as(teacher, 'GET', `/api/admin/schools/${mine[0]!.id}`)).statusCode).toBe(200);
    expect((await as(teacher, 'GET', `/api/admin/schools/${foreign.id}`)).statusCode).toBe(403);
    const writes = [
      await as(teacher, 'PUT', `/api/admin/schools/${mine[0]!.id}`, {
        name: 'Renamed by a teacher',
        location_id: mine[0]!.location_id,
      }),
      await as(teacher, 'DELETE', `/api/admin/schools/${mine[0]!.id}`),
      await as(teacher, 'POST', '/api/admin/schools', { name: 'Teacher School', location_id: 1 }),
      await as(teacher, 'GET', '/api/admin/locations'),
    ];
    expect(writes.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect((await as(admin, 'GET', `/api/admin/schools/${mine[0]!.id}`)).json().school.name).toBe(
      'Little Acorns Early Learning Centre',
    );
  });
});

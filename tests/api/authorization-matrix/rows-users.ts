import { otherSide } from '../factories/principals.ts';
import { email, onlyTeacherSchools, type Ctx, type Row } from './table.ts';

/** A new location, and a new school in it, made by the admin: for the routes that rename and delete them. */
export async function freshLocation(x: Ctx): Promise<number> {
  const res = await x.w.t.request({
    method: 'POST',
    url: '/api/admin/locations',
    token: x.w.adminToken,
    payload: { name: x.w.unique('Matrix location') },
  });
  if (res.statusCode !== 201) throw new Error(`add a location: ${res.statusCode} ${res.body}`);
  return (res.json() as { location: { id: number } }).location.id;
}
export async function freshSchool(x: Ctx): Promise<number> {
  const res = await x.w.t.request({
    method: 'POST',
    url: '/api/admin/schools',
    token: x.w.adminToken,
    payload: { name: x.w.unique('Matrix school'), location_id: await freshLocation(x) },
  });
  if (res.statusCode !== 201) throw new Error(`add a school: ${res.statusCode} ${res.body}`);
  return (res.json() as { school: { id: number } }).school.id;
}
//                                     anonymous | student | foreign student | teacher | foreign teacher | admin
export const USERS_ROWS: Record<string, Row> = {
  // Users and schools of the back office: teachers manage only the students of their own schools.
  'GET /api/admin/users': {
    expect: '401 | 403 | 403 | ok ok | ok ok | ok ok',
    query: (x) => ({ school_id: x.at.school.id }),
    reveals: onlyTeacherSchools<{ id: number; role: string; school_id: number | null }>(
      (u, mine) => u.role !== 'student' || u.school_id === null || !mine.includes(u.school_id),
      (u) => `user ${u.id}`,
    ),
  },
  'GET /api/admin/users/:id': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.student.id }),
  },
  'PUT /api/admin/users/:id/role': {
    expect: '401 | 403 | 403 | 403 | 403 | ok ok',
    params: (x) => ({ id: x.at.student.id }),
    body: () => ({ role: 'student' }),
  },
  // Manage Users Role and its audit log: admins only.
  'GET /api/admin/audit-log': { expect: '401 | 403 | 403 | 403 | 403 | ok' },
  'PUT /api/admin/users/:id/status': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.student.id }),
    body: () => ({ is_active: true }),
  },
  'POST /api/admin/users': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    body: (x) => ({
      full_name: 'Matrix User',
      email: email(x, 'matrix user'),
      role: 'student',
      location_id: x.at.school.location_id,
      school_id: x.at.school.id,
      teacher_school_ids: [],
    }),
  },
  'PUT /api/admin/users/:id': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.student.id }),
    body: (x) => ({
      full_name: x.at.student.full_name,
      email: x.at.student.email,
      location_id: x.at.school.location_id,
      school_id: x.at.school.id,
    }),
  },
  'POST /api/admin/users/import': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    body: (x) => ({
      csv: `full_name,email,role,school,location\nMatrix Import,${email(x, 'matrix import')},student,"${x.at.school.name}",\n`,
    }),
  },
  'GET /api/admin/users/export': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    reveals: (res, x) => {
      if (x.who.role !== 'teacher') return null;
      const foreign = x.w.sides[otherSide(x.who.home)].student.email;
      return res.body.includes(foreign) ? `lists ${foreign}, a student outside the teacher's schools` : null;
    },
  },
  'GET /api/admin/schools': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    reveals: onlyTeacherSchools<{ id: number }>(
      (s, mine) => !mine.includes(s.id),
      (s) => `school ${s.id}`,
    ),
  },
  'POST /api/admin/schools': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    body: (x) => ({ name: x.w.unique('Matrix school'), location_id: x.w.sides.A.school.location_id }),
  },
  'PUT /api/admin/schools/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok ok',
    params: (x) => ({ id: x.at.school.id }),
    body: (x) => ({ name: x.at.school.name, location_id: x.at.school.location_id }),
  },
  // A teacher reads their own school; another school is refused.
  'GET /api/admin/schools/:id': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.school.id }),
  },
  // A new, empty school each time (one with users is refused with 409: schools-admin.test.ts).
  'DELETE /api/admin/schools/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await freshSchool(x) }),
  },
  // Requests to join a school: a teacher decides (and sees) only those for their own schools; another
  // school's request is a 404, as if it did not exist.
  'GET /api/admin/school-requests': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    reveals: onlyTeacherSchools<{ id: number; school_id: number }>(
      (r, mine) => !mine.includes(r.school_id),
      (r) => `request ${r.id}`,
    ),
  },
  'POST /api/admin/school-requests/:id/approve': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await x.w.freshSchoolRequest(x.at.side) }),
  },
  'POST /api/admin/school-requests/:id/deny': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await x.w.freshSchoolRequest(x.at.side) }),
  },
  'POST /api/admin/locations': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    body: (x) => ({ name: x.w.unique('Matrix location') }),
  },
  'GET /api/admin/locations': { expect: '401 | 403 | 403 | 403 | 403 | ok' },
  'PUT /api/admin/locations/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await freshLocation(x) }),
    body: (x) => ({ name: x.w.unique('Matrix location') }),
  },
  'DELETE /api/admin/locations/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await freshLocation(x) }),
  },
};

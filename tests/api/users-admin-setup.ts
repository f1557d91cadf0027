import { expect } from 'vitest';
import { createUser } from './factories/users.ts';
import { startTestApp, type DialectName, type TestApp } from './helpers.ts';

/**
 * What the users-admin*.test.ts files share: the demo app, its admin and teacher signed in, its two schools,
 * and six users carrying a tag of the suite's own.
 */

export type ListedUser = {
  id: number;
  email: string;
  full_name: string;
  role: string;
  school_id: number | null;
  is_active: boolean;
  email_verified: boolean;
  taken_diagnostics: number;
};
export type ListAnswer = { data: ListedUser[]; meta: { total: number; page: number; per_page: number } };

export const SPRINGFIELD_SCHOOL = 'Little Acorns Early Learning Centre';
export const OTHER_SCHOOL = 'Riverside Institute of Early Childhood Education';

export interface UsersAdminWorld {
  t: TestApp;
  admin: string;
  teacher: string;
  demoSchool: number;
  demoLocation: number;
  otherSchool: number;
  otherLocation: number;
  /** A word only this suite's users carry, so lists can be narrowed to them. */
  tag: string;
}

export async function startUsersAdmin(dialect: DialectName): Promise<UsersAdminWorld> {
  const tag = `zq${Date.now().toString(36)}`;
  const t = await startTestApp(dialect, { seed: 'demo' });
  const admin = await t.login('admin@pathbuilder.test');
  const teacher = await t.login('teacher@pathbuilder.test');
  const schools = (
    await t.request({ method: 'GET', url: '/api/admin/schools?per_page=100', token: admin })
  ).json().data as Array<{ id: number; name: string; location_id: number }>;
  const demo = schools.find((s) => s.name === SPRINGFIELD_SCHOOL)!;
  const other = schools.find((s) => s.name === OTHER_SCHOOL)!;
  const [demoSchool, demoLocation, otherSchool, otherLocation] = [
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
  return { t, admin, teacher, demoSchool, demoLocation, otherSchool, otherLocation, tag };
}

/** Calls on the app `app()` gives, as its admin unless told otherwise. */
export function usersAdminCalls(app: () => { t: TestApp; admin: string }) {
  const list = async (query: Record<string, string>, token = app().admin): Promise<ListAnswer> => {
    const res = await app().t.request({ method: 'GET', url: '/api/admin/users', query, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const create = (payload: Record<string, unknown>, token = app().admin) =>
    app().t.request({ method: 'POST', url: '/api/admin/users', payload, token });
  const outbox = async (to: string) => {
    await app().t.ctx.tasks.idle();
    return app().t.ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute();
  };
  const importCsv = (csv: string, token = app().admin) =>
    app().t.request({ method: 'POST', url: '/api/admin/users/import', token, payload: { csv } });
  const names = (a: ListAnswer) => a.data.map((u) => u.full_name.split(' ')[0]);
  return { list, create, outbox, importCsv, names };
}

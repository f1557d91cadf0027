import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, lastMailLink, type TestApp } from './helpers.ts';
import { reportCalls, startReports } from './reports-setup.ts';

/**
 * Issue 24: an invitation nobody took up is not a student taking part. Until the invitee chooses a password
 * (and so can sign in) they are on no board: not in the staff's student ranking, not counted in a school's
 * ranking, not on their schoolmates' relative board. Once they take the invitation up, they are ranked like
 * everyone else (rankings stay on by default; a student may leave them in Settings).
 */
describe.each(dialects)('rankings leave out invitees who never signed in (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let schoolA: number;
  let students: Array<{ id: number; token: string }>;
  beforeAll(async () => {
    ({ t, admin, schoolA, students } = await startReports(dialect));
  });
  afterAll(() => t?.close());
  const { json } = reportCalls(() => t);

  type Ranked = { data: Array<{ user_id: number }>; meta: { total: number } };
  type Schools = { data: Array<{ school_id: number; students: number }> };
  const rankedIds = async () =>
    (
      await json<Ranked>(`/api/admin/reports/rankings/students?school_id=${schoolA}&per_page=100`, admin)
    ).data.map((r) => r.user_id);
  const schoolCount = async () =>
    (await json<Schools>('/api/admin/reports/rankings/schools', admin)).data.find(
      (s) => s.school_id === schoolA,
    )!.students;
  const boardTotal = async () => (await json<{ total: number }>('/api/my/ranking', students[0]!.token)).total;

  it('ranks an invited student only once they have taken up the invitation', async () => {
    const before = { ids: await rankedIds(), school: await schoolCount(), board: await boardTotal() };
    expect(before.ids.length).toBeGreaterThan(0);

    const email = `invitee.${dialect}.${Date.now()}@example.test`;
    const made = await t.request({
      method: 'POST',
      url: '/api/admin/users',
      token: admin,
      payload: { full_name: 'Ivy Invited', email, role: 'student', school_id: schoolA },
    });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const invitee = (made.json() as { user: { id: number } }).user;

    expect(await rankedIds()).not.toContain(invitee.id);
    expect(await rankedIds()).toEqual(before.ids);
    expect(await schoolCount()).toBe(before.school);
    expect(await boardTotal()).toBe(before.board);

    // The invitation's link sets the password; from then on the student can sign in, and is ranked.
    const link = new URL(await lastMailLink(t, email));
    const password = 'a-chosen-passphrase-24';
    const claimed = await t.request({
      method: 'POST',
      url: '/api/reset-password',
      payload: {
        token: link.searchParams.get('token'),
        email,
        password,
        password_confirmation: password,
      },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    await t.login(email, password);

    expect(await rankedIds()).toContain(invitee.id);
    expect(await schoolCount()).toBe(before.school + 1);
    expect(await boardTotal()).toBe(before.board + 1);
  });

  it('keeps a new student in rankings by default, and Settings can take them out', async () => {
    const token = students[1]!.token;
    expect(await json('/api/my/ranking/visibility', token)).toEqual({ visible: true });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './factories/users.ts';
import { dialects, lastMailLink, startTestApp, type TestApp } from './helpers.ts';

const DEMO_SCHOOL = 'Little Acorns Early Learning Centre';

/**
 * Staff edits of a user (issue 22): a new e-mail address waits for its link as the user's own change does,
 * the old address is told, every edit is in the audit log, and a teacher cannot touch a staff account.
 */
describe.each(dialects)('staff edits of a user (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let demoSchool: number;
  let demoLocation: number;

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    teacher = await t.login('teacher@pathbuilder.test');
    const schools = (
      await t.request({ method: 'GET', url: '/api/admin/schools?per_page=100', token: admin })
    ).json().data as Array<{ id: number; name: string; location_id: number }>;
    const demo = schools.find((s) => s.name === DEMO_SCHOOL)!;
    [demoSchool, demoLocation] = [demo.id, demo.location_id];
  });
  afterAll(() => t.close());

  const mails = async (to: string) => {
    await t.ctx.tasks.idle();
    return t.ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', to)
      .orderBy('id')
      .execute();
  };
  const edit = (id: number, token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/admin/users/${id}`, token, payload });
  const verify = (link: string) => {
    const q = new URL(link).searchParams;
    return t.request({
      method: 'POST',
      url: `/api/email/verify/${q.get('id')}`,
      payload: { signature: q.get('signature'), expires: Number(q.get('expires')) },
    });
  };
  const auditOf = async (userId: number) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/audit-log?user_id=${userId}`,
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Array<{ action: string; actor_name: string; before: string; after: string }>;
  };

  it('a teacher who puts their own address on a student cannot reset the student’s password', async () => {
    const student = await createUser(t, {
      full_name: 'Sam Student',
      school_id: demoSchool,
      location_id: demoLocation,
    });
    const studentToken = await t.login(student.email, student.password);
    const grab = `grabbed.${student.id}@example.test`;

    const res = await edit(student.id, teacher, {
      full_name: 'Sam Student',
      email: grab,
      school_id: demoSchool,
      location_id: demoLocation,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Not applied: it waits for the link mailed to the new address.
    expect(res.json().user.email).toBe(student.email);
    expect(res.json().pending_email).toBe(grab);

    // The takeover: a reset sent to the new address. No reset link arrives there.
    const reset = await t.request({
      method: 'POST',
      url: '/api/send-reset-password-email',
      payload: { email: grab },
    });
    expect(reset.statusCode).toBeLessThan(300);
    const atGrab = await mails(grab);
    expect(atGrab.map((m) => m.subject)).toEqual(['Verify your Pathbuilder e-mail address']);
    expect(atGrab.some((m) => m.text_body.includes('/reset-password'))).toBe(false);
    // Nor does the new address sign in; the student still does, and keeps their session.
    const login = (email: string) =>
      t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: student.password } });
    expect((await login(grab)).statusCode).toBe(422);
    expect((await login(student.email)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/refresh', token: studentToken })).statusCode).toBe(
      200,
    );

    // The student's own address was told who asked, and can withdraw the change.
    const notice = (await mails(student.email)).at(-1)!;
    expect(notice.text_body).toContain(grab);
    expect(notice.text_body).toContain('Taylor Brooks');
    const pending = await t.request({ method: 'GET', url: '/api/account/email-change', token: studentToken });
    expect(pending.json()).toEqual({ pending_email: grab });

    const log = await auditOf(student.id);
    expect(log).toContainEqual(
      expect.objectContaining({ action: 'request_email_change', before: student.email, after: grab }),
    );
  });

  it('applies the new address once its link is opened', async () => {
    const student = await createUser(t, { school_id: demoSchool, location_id: demoLocation });
    const next = `moved.${student.id}@example.test`;
    const res = await edit(student.id, admin, {
      full_name: 'Moved Student',
      email: next,
      school_id: demoSchool,
      location_id: demoLocation,
    });
    expect(res.statusCode, res.body).toBe(200);
    const confirmed = await verify(await lastMailLink(t, next));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await t.request({ method: 'GET', url: `/api/admin/users/${student.id}`, token: admin });
    expect(after.json().user).toMatchObject({
      email: next,
      email_verified: true,
      full_name: 'Moved Student',
    });
  });

  it('saving the form again with the address already waiting sends no second mails', async () => {
    const student = await createUser(t, { school_id: demoSchool, location_id: demoLocation });
    const next = `again.${student.id}@example.test`;
    const body = { full_name: 'Again', email: next, school_id: demoSchool, location_id: demoLocation };
    expect((await edit(student.id, admin, body)).statusCode).toBe(200);
    expect((await edit(student.id, admin, { ...body, full_name: 'Again Renamed' })).statusCode).toBe(200);
    expect(await mails(next)).toHaveLength(1);
    expect((await auditOf(student.id)).filter((e) => e.action === 'request_email_change')).toHaveLength(1);
  });

  it('writes every staff edit of a user to the audit log, status included', async () => {
    const student = await createUser(t, { full_name: 'Audit Me', verified: true });
    const res = await edit(student.id, admin, {
      full_name: 'Audit Me Renamed',
      email: student.email,
      school_id: demoSchool,
      location_id: demoLocation,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pending_email).toBeNull();
    const off = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${student.id}/status`,
      token: admin,
      payload: { is_active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const log = await auditOf(student.id);
    const rows = log.map((e) => [e.action, e.actor_name, e.before, e.after]);
    expect(rows).toContainEqual(['edit_name', 'Alex Morgan', 'Audit Me', 'Audit Me Renamed']);
    expect(rows).toContainEqual(['set_school', 'Alex Morgan', 'none', DEMO_SCHOOL]);
    expect(rows).toContainEqual(['deactivate', 'Alex Morgan', 'active', 'inactive']);
    expect(log.find((e) => e.action === 'set_location')).toBeDefined();
    // An edit that changes nothing logs nothing.
    const before = log.length;
    await edit(student.id, admin, {
      full_name: 'Audit Me Renamed',
      email: student.email,
      school_id: demoSchool,
      location_id: demoLocation,
    });
    expect(await auditOf(student.id)).toHaveLength(before);
  });

  it('refuses a teacher who would change a staff account’s e-mail, and changes nothing', async () => {
    const colleague = await createUser(t, { is_teacher: 1, full_name: 'Colleague Teacher' });
    const res = await edit(colleague.id, teacher, {
      full_name: 'Colleague Teacher',
      email: `taken.over.${colleague.id}@example.test`,
      school_id: null,
      location_id: null,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only manage students of your own schools.');
    const row = await t.ctx.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', colleague.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(colleague.email);
    expect(await mails(`taken.over.${colleague.id}@example.test`)).toEqual([]);
  });
});

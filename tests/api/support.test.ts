import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupportTicketDetail } from '../../src/shared/contracts/support.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

type Who = { id: number; email: string; token: string };

describe.each(dialects)('support tickets (%s)', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let teacher: Who;
  let otherTeacher: Who;
  let schoolA: number;
  let schoolB: number;

  const login = async (email: string, password = 'pathbuilder-demo'): Promise<Who> => {
    const token = await t.login(email, password);
    const { user } = (await t.request({ method: 'GET', url: '/api/refresh', token })).json();
    return { id: user.id, email, token };
  };
  const studentOf = async (school: number | null, name = 'Support Student'): Promise<Who> => {
    const u = await createUser(t, { school_id: school, taken_diagnostics: 1, full_name: name });
    return login(u.email, u.password);
  };
  const open = (who: Who, payload: Record<string, unknown> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/support/tickets',
      token: who.token,
      payload: {
        subject: 'The quiz will not sync',
        category: 'offline',
        message: 'I answered on the bus and it still says 2 changes waiting to sync.',
        ...payload,
      },
    });
  const opened = async (who: Who, payload: Record<string, unknown> = {}) => {
    const res = await open(who, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().ticket as SupportTicketDetail;
  };
  const get = (who: Who, id: number) =>
    t.request({ method: 'GET', url: `/api/support/tickets/${id}`, token: who.token });
  const write = (who: Who, id: number, message: string) =>
    t.request({
      method: 'POST',
      url: `/api/support/tickets/${id}/messages`,
      token: who.token,
      payload: { message },
    });
  const setStatus = (who: Who, id: number, status: string) =>
    t.request({
      method: 'PUT',
      url: `/api/support/tickets/${id}/status`,
      token: who.token,
      payload: { status },
    });
  const listIds = async (who: Who, query: Record<string, string> = {}) =>
    (
      (
        await t.request({
          method: 'GET',
          url: '/api/support/tickets',
          token: who.token,
          query: { per_page: '100', ...query },
        })
      ).json().data as Array<{ id: number }>
    ).map((x) => x.id);
  const notificationsOf = (userId: number) =>
    t.ctx.db
      .selectFrom('notifications')
      .select(['title', 'body', 'link'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
  const counts = async () => ({
    tickets: Number(
      (
        await t.ctx.db
          .selectFrom('support_tickets')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    messages: Number(
      (
        await t.ctx.db
          .selectFrom('support_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await login('admin@pathbuilder.test');
    teacher = await login('teacher@pathbuilder.test');
    const demoStudent = (
      await t.request({
        method: 'GET',
        url: '/api/refresh',
        token: await t.login('student@pathbuilder.test'),
      })
    ).json().user;
    schoolA = demoStudent.school_id;
    const location = demoStudent.location_id;
    schoolB = (
      await t.request({
        method: 'POST',
        url: '/api/admin/schools',
        token: admin.token,
        payload: { name: 'Support Test Forest School', location_id: location },
      })
    ).json().school.id;
    const other = await createUser(t, { is_teacher: 1, full_name: 'Other Teacher' });
    await t.ctx.db.insertInto('teacher_schools').values({ user_id: other.id, school_id: schoolB }).execute();
    otherTeacher = await login(other.email, other.password);
  });
  afterAll(() => t.close());

  it('opens a ticket with its first message and tells the staff of the student’s school', async () => {
    const student = await studentOf(schoolA, 'Robin Park');
    const ticket = await opened(student);
    expect(ticket).toMatchObject({
      subject: 'The quiz will not sync',
      category: 'offline',
      status: 'open',
      user_id: student.id,
      school_id: schoolA,
      message_count: 1,
      can_manage: false,
    });
    expect(ticket.messages).toEqual([
      expect.objectContaining({
        body: 'I answered on the bus and it still says 2 changes waiting to sync.',
        from_staff: false,
        mine: true,
        author_name: 'Robin Park',
      }),
    ]);
    const told = { title: 'New support request', link: `/support?ticket=${ticket.id}` };
    expect((await notificationsOf(admin.id))[0]).toMatchObject(told);
    expect((await notificationsOf(teacher.id))[0]).toMatchObject(told);
    expect((await notificationsOf(otherTeacher.id)).some((n) => n.link === told.link)).toBe(false);
    expect(await listIds(student)).toEqual([ticket.id]);
  });

  it('keeps a ticket from another student and from another school’s teacher (404, not listed)', async () => {
    const owner = await studentOf(schoolA);
    const stranger = await studentOf(schoolA);
    const ticket = await opened(owner);
    const before = await counts();
    expect((await get(stranger, ticket.id)).statusCode).toBe(404);
    expect((await write(stranger, ticket.id, 'Me too!')).statusCode).toBe(404);
    expect((await get(otherTeacher, ticket.id)).statusCode).toBe(404);
    expect((await write(otherTeacher, ticket.id, 'Hello')).statusCode).toBe(404);
    expect((await setStatus(otherTeacher, ticket.id, 'closed')).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    expect(await listIds(stranger)).not.toContain(ticket.id);
    expect(await listIds(otherTeacher)).not.toContain(ticket.id);
    // The owner, their school's teacher and the admin see it.
    expect((await get(owner, ticket.id)).statusCode).toBe(200);
    expect((await get(teacher, ticket.id)).json().ticket.can_manage).toBe(true);
    expect(await listIds(teacher)).toContain(ticket.id);
    expect(await listIds(admin)).toContain(ticket.id);
  });

  it('lists for a teacher only their schools’ students’ tickets and their own; for the admin all', async () => {
    const a = await opened(await studentOf(schoolA));
    const b = await opened(await studentOf(schoolB));
    const own = await opened(teacher, { subject: 'Adding a co-teacher', category: 'other' });
    expect(own.school_id).toBeNull();
    const seen = await listIds(teacher);
    expect(seen).toEqual(expect.arrayContaining([a.id, own.id]));
    expect(seen).not.toContain(b.id);
    expect(await listIds(otherTeacher)).toContain(b.id);
    expect(await listIds(otherTeacher)).not.toContain(a.id);
    expect(await listIds(admin)).toEqual(expect.arrayContaining([a.id, b.id, own.id]));
    // Most recently active first, and filtered by status.
    expect((await listIds(admin)).slice(0, 3)).toEqual([own.id, b.id, a.id]);
    expect(await listIds(admin, { status: 'closed' })).not.toContain(a.id);
  });

  it('a staff reply answers the ticket, notifies the owner and e-mails them after the response', async () => {
    const student = await studentOf(schoolA, 'Kim Lee');
    const ticket = await opened(student, { subject: 'When do I see the answers?', category: 'assessments' });
    const reply = 'Your teacher chose “after the exam closes”: the answers appear on Friday at 5 pm.';
    const res = await write(teacher, ticket.id, reply);
    expect(res.statusCode).toBe(201);
    const answered = res.json().ticket as SupportTicketDetail;
    expect(answered.status).toBe('answered');
    expect(answered.messages.at(-1)).toMatchObject({ body: reply, from_staff: true, mine: true });
    expect((await notificationsOf(student.id))[0]).toEqual({
      title: 'Reply to your support request',
      body: expect.stringContaining('When do I see the answers?'),
      link: `/support?ticket=${ticket.id}`,
    });
    await t.ctx.tasks.idle();
    const mail = await t.ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', student.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Reply to your support request: When do I see the answers?');
    expect(mail.text_body).toContain(reply);
    expect(mail.text_body).toContain(`http://pathbuilder.test/support?ticket=${ticket.id}`);

    // The student sees the reply as staff's, and writing back opens the ticket again for staff.
    const seen = (await get(student, ticket.id)).json().ticket as SupportTicketDetail;
    expect(seen.messages.at(-1)).toMatchObject({ from_staff: true, mine: false });
    const back = await write(student, ticket.id, 'Thank you! And the explanations too?');
    expect(back.json().ticket.status).toBe('open');
    expect((await notificationsOf(teacher.id))[0]).toMatchObject({ title: 'Support request updated' });
  });

  it('staff close and reopen; a student cannot change the status; writing on a closed ticket reopens it', async () => {
    const student = await studentOf(schoolA);
    const ticket = await opened(student);
    expect((await setStatus(student, ticket.id, 'closed')).statusCode).toBe(403);
    const closed = await setStatus(admin, ticket.id, 'closed');
    expect(closed.statusCode).toBe(200);
    expect(closed.json().ticket.status).toBe('closed');
    expect((await notificationsOf(student.id))[0]).toMatchObject({ title: 'Support request closed' });
    expect((await setStatus(teacher, ticket.id, 'open')).json().ticket.status).toBe('open');
    await setStatus(teacher, ticket.id, 'closed');
    expect((await write(student, ticket.id, 'It happened again.')).json().ticket.status).toBe('open');
    expect((await setStatus(admin, ticket.id, 'answered')).statusCode).toBe(422);
  });

  it('refuses bad input with 422 {message, errors} and writes nothing', async () => {
    const student = await studentOf(schoolA);
    const ticket = await opened(student);
    const before = await counts();
    const bad = [
      await open(student, { subject: '  ', message: '' }),
      await open(student, { category: 'billing' }),
      await open(student, { message: 'x'.repeat(5001) }),
      await open(student, { subject: 'y'.repeat(151) }),
      await open(student, { status: 'closed' }),
      await t.request({ method: 'POST', url: '/api/support/tickets', token: student.token, payload: {} }),
      await write(student, ticket.id, '   '),
      await write(student, ticket.id, 'z'.repeat(5001)),
    ];
    expect(bad.map((r) => r.statusCode)).toEqual(Array(bad.length).fill(422));
    for (const r of bad) {
      expect(r.json()).toEqual({ message: expect.any(String), errors: expect.any(Object) });
    }
    expect(Object.keys(bad[0]!.json().errors).sort()).toEqual(['message', 'subject']);
    expect(bad[1]!.json().errors.category).toEqual(['Choose what your question is about.']);
    expect(Object.keys(bad[5]!.json().errors).sort()).toEqual(['category', 'message', 'subject']);
    expect(await counts()).toEqual(before);
  });

  it('keeps messages as plain text, exactly as typed', async () => {
    const student = await studentOf(schoolA);
    const text = '<script>alert(1)</script>\n<b>bold?</b> & 5 < 6';
    const ticket = await opened(student, { message: text, subject: '<img src=x onerror=alert(1)>' });
    expect(ticket.messages[0]!.body).toBe(text);
    expect(ticket.subject).toBe('<img src=x onerror=alert(1)>');
  });

  it('allows 10 tickets a day per user, then 429 with Retry-After, writing nothing more', async () => {
    const student = await studentOf(schoolA);
    for (let i = 0; i < 10; i++) expect((await open(student)).statusCode).toBe(201);
    const before = await counts();
    const refused = await open(student);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    expect(await counts()).toEqual(before);
    // Another user is not affected.
    expect((await open(await studentOf(schoolA))).statusCode).toBe(201);
  });

  it('refuses a visitor without a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/support/tickets' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'POST', url: '/api/support/tickets', payload: { subject: 'x' } }))
        .statusCode,
    ).toBe(401);
  });
});

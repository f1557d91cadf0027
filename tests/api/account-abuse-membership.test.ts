import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  abuseHelpers,
  freshEmail,
  startAbuseApp,
  type AbuseApp,
  type School,
} from './account-abuse-helpers.ts';
import { createUser } from './factories/users.ts';
import { dialects, type TestApp } from './helpers.ts';

// Account abuse: a school's membership is the school's to grant (other concerns: account-abuse.test.ts).
describe.each(dialects)('account abuse (%s)', (dialect) => {
  let t: TestApp;
  let schools: AbuseApp['schools'];
  let tokens: AbuseApp['tokens'];
  beforeAll(async () => {
    ({ t, schools, tokens } = await startAbuseApp(dialect));
  });
  afterAll(() => t.close());
  const { register, tokenOf, me, examTitles, requests, decide, notificationTitles, schoolOf } = abuseHelpers(
    () => ({ t, schools }),
  );

  describe('school membership is the school’s to grant', () => {
    it('a new student waits outside the chosen school, and sees and starts its exams only once its teacher approves', async () => {
      const email = freshEmail('newcomer');
      const res = await register({ email });
      expect(res.statusCode).toBe(201);
      const { access_token: token, user } = res.json();
      expect(user).toMatchObject({
        school_id: null,
        pending_school_id: schools.acorns.id,
        pending_school_name: schools.acorns.name,
        location_id: schools.acorns.location_id,
      });
      // Exams unlock after the diagnostic, which is not what this test is about.
      await t.ctx.db.updateTable('users').set({ taken_diagnostics: 1 }).where('id', '=', user.id).execute();
      const midTerm = (await examTitles(await t.login('student@pathbuilder.test'))).find((title) =>
        title.includes('Mid-term'),
      )!;
      expect(midTerm).toBeDefined();
      expect(await examTitles(token)).not.toContain(midTerm);
      const exams = (
        await t.request({ method: 'GET', url: '/api/admin/assessments?kind=exam', token: tokens.admin })
      ).json().data as Array<{ id: number; title: string }>;
      const examId = exams.find((e) => e.title === midTerm)!.id;
      const early = await t.request({
        method: 'POST',
        url: '/api/attempts',
        token,
        payload: { id: randomUUID(), assessment_id: examId },
      });
      expect(early.statusCode).toBe(404);

      // The school's staff hear of it, and the teacher of that school decides.
      expect(await notificationTitles(tokens.admin, 1)).toContain(
        `New student registered: Robin Park (${email}) asks to join ${schools.acorns.name}.`,
      );
      const request = (await requests(tokens.teacher)).find((r) => r.email === email)!;
      expect(request).toMatchObject({ school_id: schools.acorns.id, current_school_id: null });
      const approved = await decide(request.id, 'approve', tokens.teacher);
      expect(approved.statusCode).toBe(200);
      expect(approved.json().request.status).toBe('approved');

      expect(await me(token)).toMatchObject({ school_id: schools.acorns.id, pending_school_id: null });
      expect(await examTitles(token)).toContain(midTerm);
      const started = await t.request({
        method: 'POST',
        url: '/api/attempts',
        token,
        payload: { id: randomUUID(), assessment_id: examId },
      });
      expect(started.statusCode).toBeLessThan(300);
      expect((await notificationTitles(token, user.id)).join('\n')).toContain('Welcome to your school');
      expect((await requests(tokens.teacher)).map((r) => r.email)).not.toContain(email);
    });

    it('a student who picks another school only asks: they stay in their school, under their teacher', async () => {
      const s = await createUser(t, {
        school_id: schools.acorns.id,
        location_id: schools.acorns.location_id,
      });
      const token = await tokenOf(s.email, s.password);
      const res = await t.request({
        method: 'PUT',
        url: `/api/user/${s.id}`,
        token,
        payload: {
          full_name: 'Wandering Student',
          email: s.email,
          location_id: schools.riverside.location_id,
          school_id: schools.riverside.id,
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        full_name: 'Wandering Student',
        school_id: schools.acorns.id,
        location_id: schools.acorns.location_id,
        pending_school_id: schools.riverside.id,
      });
      expect(await schoolOf(s.id)).toBe(schools.acorns.id);
      // Still their teacher's student, still taking their school's exams.
      const managed = await t.request({
        method: 'GET',
        url: `/api/admin/users/${s.id}`,
        token: tokens.teacher,
      });
      expect(managed.statusCode).toBe(200);
      expect((await examTitles(token)).some((title) => title.includes('Mid-term'))).toBe(true);

      // The request is Riverside's: the Little Acorns teacher neither sees nor decides it.
      expect((await requests(tokens.teacher)).map((r) => r.email)).not.toContain(s.email);
      const request = (await requests(tokens.admin)).find((r) => r.email === s.email)!;
      expect(request).toMatchObject({
        school_id: schools.riverside.id,
        current_school_id: schools.acorns.id,
        current_school_name: schools.acorns.name,
      });
      expect((await decide(request.id, 'approve', tokens.teacher)).statusCode).toBe(404);
      expect((await decide(request.id, 'deny', tokens.teacher)).statusCode).toBe(404);
      expect(await schoolOf(s.id)).toBe(schools.acorns.id);

      const denied = await decide(request.id, 'deny', tokens.admin);
      expect(denied.statusCode).toBe(200);
      expect(await me(token)).toMatchObject({ school_id: schools.acorns.id, pending_school_id: null });
      expect((await notificationTitles(token, s.id)).join('\n')).toContain('School request declined');
      expect((await decide(request.id, 'approve', tokens.admin)).statusCode).toBe(409);
      expect(await schoolOf(s.id)).toBe(schools.acorns.id);
    });

    it('a second request replaces the first, so only the last choice can be approved', async () => {
      const s = await createUser(t);
      const token = await tokenOf(s.email, s.password);
      const ask = (school: School) =>
        t.request({
          method: 'PUT',
          url: `/api/user/${s.id}`,
          token,
          payload: {
            full_name: 'Two Minds',
            email: s.email,
            location_id: school.location_id,
            school_id: school.id,
          },
        });
      expect((await ask(schools.acorns)).statusCode).toBe(200);
      const first = (await requests(tokens.admin)).find((r) => r.email === s.email)!;
      expect((await ask(schools.riverside)).json().user.pending_school_id).toBe(schools.riverside.id);
      const open = (await requests(tokens.admin)).filter((r) => r.email === s.email);
      expect(open.map((r) => r.school_id)).toEqual([schools.riverside.id]);
      expect((await decide(first.id, 'approve', tokens.admin)).statusCode).toBe(409);
      expect(await schoolOf(s.id)).toBeNull();
    });

    it('a student cannot leave their school by clearing it', async () => {
      const s = await createUser(t, {
        school_id: schools.acorns.id,
        location_id: schools.acorns.location_id,
      });
      const token = await tokenOf(s.email, s.password);
      const res = await t.request({
        method: 'PUT',
        url: `/api/user/${s.id}`,
        token,
        payload: { full_name: 'Leaving Student', email: s.email, location_id: null, school_id: null },
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['school_id']);
      expect(await schoolOf(s.id)).toBe(schools.acorns.id);
      expect((await me(token)).full_name).not.toBe('Leaving Student');
    });

    it('staff still set their own school directly', async () => {
      const teacher = await createUser(t, { is_teacher: 1 });
      const token = await tokenOf(teacher.email, teacher.password);
      const res = await t.request({
        method: 'PUT',
        url: `/api/user/${teacher.id}`,
        token,
        payload: {
          full_name: 'Teacher Moves',
          email: teacher.email,
          location_id: schools.riverside.location_id,
          school_id: schools.riverside.id,
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ school_id: schools.riverside.id, pending_school_id: null });
    });

    it('students can neither list nor decide requests', async () => {
      const token = await t.login('student@pathbuilder.test');
      const list = await t.request({ method: 'GET', url: '/api/admin/school-requests', token });
      expect(list.statusCode).toBe(403);
      expect((await decide(1, 'approve', token)).statusCode).toBe(403);
    });
  });
});

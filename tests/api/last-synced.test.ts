import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAssessment, createQuestion, createTopics, newId, rightAnswer } from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

// Staff see when each student's device last delivered answers: "Never" tells a teacher nothing has
// arrived, an old time that a phone has kept answers offline. The stamp is written at most once a minute.

describe.each(dialects)('last synced time of a student (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let studentId: number;
  let student: string;
  let other: string;
  let quiz: number;
  let questions: number[];

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    teacher = await t.login('teacher@pathbuilder.test');
    const schools = (
      await t.request({ method: 'GET', url: '/api/admin/schools?per_page=100', token: admin })
    ).json().data as Array<{ id: number; name: string }>;
    const school = schools.find((s) => s.name.startsWith('Little Acorns'))!.id;
    const s = await createUser(t, { school_id: school, taken_diagnostics: 1 });
    studentId = s.id;
    student = await t.login(s.email, s.password);
    const o = await createUser(t, { school_id: school, taken_diagnostics: 1 });
    other = await t.login(o.email, o.password);
    const [topic] = await createTopics(t, admin, 1);
    questions = [
      await createQuestion(t, admin, topic!, 'true_false'),
      await createQuestion(t, admin, topic!, 'single_choice'),
      await createQuestion(t, admin, topic!, 'short_answer'),
    ];
    quiz = await createAssessment(t, admin, { question_ids: questions, school_ids: [school] });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const lastSynced = async (token: string) => {
    const res = await t.request({ method: 'GET', url: `/api/admin/users/${studentId}`, token });
    expect(res.statusCode).toBe(200);
    return res.json().user.last_synced_at as string | null;
  };
  const inList = async (token: string) => {
    const res = await t.request({ method: 'GET', url: '/api/admin/users?per_page=100', token });
    expect(res.statusCode).toBe(200);
    const users = res.json().data as Array<{ id: number; last_synced_at: string | null }>;
    return users.find((u) => u.id === studentId)?.last_synced_at;
  };
  const answer = (attemptId: string, index: number) =>
    t.request({
      method: 'PUT',
      url: `/api/attempts/${attemptId}/answers/${questions[index]}`,
      token: student,
      payload: {
        answer: rightAnswer(index === 0 ? 'true_false' : index === 1 ? 'single_choice' : 'short_answer'),
        answered_at: new Date().toISOString(),
      },
    });

  it('is "never" until the device delivers, then follows answers and the submit, at most once a minute', async () => {
    expect(await lastSynced(admin)).toBeNull();
    expect(await inList(teacher)).toBeNull();

    vi.useFakeTimers({ toFake: ['Date'] });
    // The clock is moved forward, never back: the sessions of beforeAll must stay valid.
    const start = new Date(Date.now() + 1000);
    const at = (ms: number) => new Date(start.getTime() + ms).toISOString();
    vi.setSystemTime(start);
    const attemptId = newId();
    const started = await t.request({
      method: 'POST',
      url: '/api/attempts',
      token: student,
      payload: { id: attemptId, assessment_id: quiz },
    });
    expect(started.statusCode).toBe(200);
    // Starting is not a delivery of answers.
    expect(await lastSynced(admin)).toBeNull();

    expect((await answer(attemptId, 0)).statusCode).toBe(200);
    expect(await lastSynced(admin)).toBe(at(0));
    expect(await lastSynced(teacher)).toBe(at(0));
    expect(await inList(admin)).toBe(at(0));

    // Half a minute later: the stamp stands (no write for every answer).
    vi.setSystemTime(new Date(start.getTime() + 30_000));
    expect((await answer(attemptId, 1)).statusCode).toBe(200);
    expect(await lastSynced(admin)).toBe(at(0));

    // Two minutes later an offline answer arrives: the stamp moves to when it arrived.
    vi.setSystemTime(new Date(start.getTime() + 120_000));
    expect((await answer(attemptId, 2)).statusCode).toBe(200);
    expect(await lastSynced(admin)).toBe(at(120_000));

    // The submit counts too; the teacher sees it beside the attempt.
    vi.setSystemTime(new Date(start.getTime() + 300_000));
    const submitted = await t.request({
      method: 'POST',
      url: `/api/attempts/${attemptId}/submit`,
      token: student,
      payload: {},
    });
    expect(submitted.statusCode).toBe(200);
    expect(await lastSynced(teacher)).toBe(at(300_000));
    const attempts = await t.request({
      method: 'GET',
      url: `/api/admin/assessments/${quiz}/attempts`,
      token: teacher,
    });
    expect(attempts.statusCode).toBe(200);
    const row = (
      attempts.json().data as Array<{ id: string; student_id: number; student_last_synced_at: string | null }>
    ).find((a) => a.id === attemptId);
    expect(row?.student_last_synced_at).toBe(at(300_000));
  });

  it('is only for staff: a student sees neither their own stamp nor anyone else’s', async () => {
    for (const token of [student, other]) {
      const one = await t.request({ method: 'GET', url: `/api/admin/users/${studentId}`, token });
      expect(one.statusCode).toBe(403);
      const list = await t.request({ method: 'GET', url: '/api/admin/users', token });
      expect(list.statusCode).toBe(403);
      const me = await t.request({ method: 'GET', url: '/api/refresh', token });
      expect(me.body).not.toContain('last_synced_at');
    }
  });

  it('a refused answer is not a delivery', async () => {
    const attemptId = newId();
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/attempts',
          token: other,
          payload: { id: attemptId, assessment_id: quiz },
        })
      ).statusCode,
    ).toBe(200);
    // Another student's answer to this attempt is refused and stamps nobody.
    const refused = await t.request({
      method: 'PUT',
      url: `/api/attempts/${attemptId}/answers/${questions[0]}`,
      token: student,
      payload: { answer: rightAnswer('true_false'), answered_at: new Date().toISOString() },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const res = await t.request({ method: 'GET', url: '/api/admin/users?per_page=100', token: admin });
    const otherRow = (
      res.json().data as Array<{ id: number; email: string; last_synced_at: string | null }>
    ).find((u) => u.last_synced_at !== null && u.id !== studentId);
    expect(otherRow).toBeUndefined();
  });
});

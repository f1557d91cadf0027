import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessment, newId, rightAnswer } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/**
 * An exam built from a question whose key Test Yourself has already shown to a student it is for is refused
 * (422 naming the questions) unless the body confirms it, and a confirmed one is written to the audit log.
 */
describe.each(dialects)('exams and questions Test Yourself has shown (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let school: number;
  let otherSchool: number;
  const { save, submit, studentOf, freshQuestions } = takingHelpers(
    () => t,
    () => admin,
  );

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    teacher = await t.login('teacher@pathbuilder.test');
    const schools = await t.ctx.db.selectFrom('schools').select(['id', 'name']).orderBy('id').execute();
    school = schools.find((s) => s.name.startsWith('Little Acorns'))!.id;
    otherSchool = schools.find((s) => s.id !== school)!.id;
  });
  afterAll(() => t.close());

  /** A student of `school` practises the topic: draws every question of it, answers `answered`, maybe submits. */
  async function practise(topic: number, answered: number[], submitted = false) {
    const s = await studentOf(school);
    const res = await t.request({
      method: 'POST',
      url: '/api/practice',
      token: s.token,
      payload: { id: newId(), micro_topic_ids: [topic], count: 10 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;
    for (const q of answered)
      expect((await save(s.token, id, q, rightAnswer('true_false'))).statusCode).toBe(200);
    if (submitted) expect((await submit(s.token, id)).statusCode).toBe(200);
  }

  const exam = (over: Record<string, unknown>) => ({
    kind: 'exam',
    title: `Exam ${newId().slice(0, 8)}`,
    selection: 'fixed',
    school_ids: [school],
    published: true,
    ...over,
  });
  const post = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/admin/assessments', token, payload });
  const auditOf = async () =>
    (await t.request({ method: 'GET', url: '/api/admin/audit-log?per_page=100', token: admin })).json()
      .data as Array<{ action: string; target_name: string; after: string; actor_name: string }>;

  it('refuses an exam holding a practised question, naming it, and saves and audits it once confirmed', async () => {
    const shown = await freshQuestions(['true_false']);
    const unseen = await freshQuestions(['true_false']);
    const [q] = shown.ids;
    const [r] = unseen.ids;
    await practise(shown.topic, [q!]);

    const refused = await post(admin, exam({ question_ids: [q, r] }));
    expect(refused.statusCode, refused.body).toBe(422);
    const message = (refused.json().errors.confirm_exposed as string[]).join(' ');
    expect(message).toContain(`#${q} `);
    expect(message).toContain('(1 student)');
    expect(message).not.toContain(`#${r} `);
    expect(refused.json().message).toBe(message);

    // The same from a teacher of the school, and a draw from the practised topic.
    expect((await post(teacher, exam({ question_ids: [q] }))).statusCode).toBe(422);
    const drawn = await post(
      admin,
      exam({ selection: 'random', draws: [{ micro_topic_id: shown.topic, count: 1 }] }),
    );
    expect(drawn.statusCode, drawn.body).toBe(422);
    expect(drawn.json().errors.confirm_exposed[0]).toContain('micro topics to draw from');

    const title = `Confirmed exam ${newId().slice(0, 8)}`;
    const saved = await post(admin, exam({ title, question_ids: [q, r], confirm_exposed: true }));
    expect(saved.statusCode, saved.body).toBe(201);
    const line = (await auditOf()).find((a) => a.target_name.includes(title));
    expect(line).toMatchObject({ action: 'use_revealed_questions', actor_name: expect.any(String) });
    expect(line!.after).toContain(`#${q} `);
  });

  it('counts a question of a submitted practice as shown even unanswered; not for another school, nor in a quiz', async () => {
    const { topic, ids } = await freshQuestions(['true_false', 'true_false']);
    await practise(topic, [], true);
    for (const q of ids) expect((await post(admin, exam({ question_ids: [q] }))).statusCode).toBe(422);
    // Nobody at the other school has seen them; a quiz is practice itself.
    expect((await post(admin, exam({ question_ids: ids, school_ids: [otherSchool] }))).statusCode).toBe(201);
    await createAssessment(t, admin, { question_ids: ids, school_ids: [school] });
    // An exam for every school includes this one's students.
    expect((await post(admin, exam({ question_ids: ids, school_ids: [] }))).statusCode).toBe(422);
  });

  it('asks again when an exam is changed to hold a practised question', async () => {
    const { ids: fresh } = await freshQuestions(['true_false']);
    const shown = await freshQuestions(['true_false']);
    await practise(shown.topic, shown.ids);
    const created = await post(admin, exam({ question_ids: fresh }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().assessment.id as number;
    const put = (over: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: `/api/admin/assessments/${id}`,
        token: admin,
        payload: exam({ title: 'Changed exam', question_ids: [...fresh, ...shown.ids], ...over }),
      });
    expect((await put({})).statusCode).toBe(422);
    const after = await t.request({ method: 'GET', url: `/api/admin/assessments/${id}`, token: admin });
    expect(after.json().assessment.question_ids).toEqual(fresh);
    expect((await put({ confirm_exposed: true })).statusCode).toBe(200);
  });

  it('does not count a question practised only by students of other schools', async () => {
    const { topic, ids } = await freshQuestions(['true_false']);
    const s = await createUser(t, { school_id: otherSchool, taken_diagnostics: 1 });
    const token = await t.login(s.email, s.password);
    const res = await t.request({
      method: 'POST',
      url: '/api/practice',
      token,
      payload: { id: newId(), micro_topic_ids: [topic], count: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    await save(token, res.json().id, ids[0]!, rightAnswer('true_false'));
    expect((await post(admin, exam({ question_ids: ids }))).statusCode).toBe(201);
  });
});

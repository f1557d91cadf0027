import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assessment } from '../../src/shared/contracts/assessments.ts';
import { createAssessment, createQuestion, createTopics } from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

describe.each(dialects)('staff assessment lists (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let otherTeacher: string;
  let schoolA: number;
  let schoolB: number;
  let question: number;
  /** One quiz per audience, made by the admin. */
  const ids = { everyone: 0, onlyA: 0, aAndB: 0, onlyB: 0 };

  const list = async (token: string, kind = 'quiz') => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/assessments',
      token,
      query: { kind, per_page: '100' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Assessment[];
  };
  const get = (token: string, id: number) =>
    t.request({ method: 'GET', url: `/api/admin/assessments/${id}`, token });
  const bodyOf = (a: Assessment) => ({
    kind: a.kind,
    title: `${a.title} (changed)`,
    description: a.description,
    selection: a.selection,
    question_ids: a.question_ids,
    draws: a.draws,
    pass_mark: a.pass_mark,
    school_ids: a.school_ids,
    published: a.published,
  });

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    teacher = await t.login('teacher@pathbuilder.test');
    const student = (
      await t.request({
        method: 'GET',
        url: '/api/refresh',
        token: await t.login('student@pathbuilder.test'),
      })
    ).json().user;
    schoolA = student.school_id;
    schoolB = (
      await t.request({
        method: 'POST',
        url: '/api/admin/schools',
        token: admin,
        payload: { name: 'Assessment Test Forest School', location_id: student.location_id },
      })
    ).json().school.id;
    const other = await createUser(t, { is_teacher: 1 });
    await t.ctx.db.insertInto('teacher_schools').values({ user_id: other.id, school_id: schoolB }).execute();
    otherTeacher = await t.login(other.email, other.password);
    const [micro] = await createTopics(t, admin, 1);
    question = await createQuestion(t, admin, micro!, 'true_false');
    const make = (title: string, school_ids: number[]) =>
      createAssessment(t, admin, { title, question_ids: [question], school_ids });
    ids.everyone = await make('For everyone', []);
    ids.onlyA = await make('Only the demo school', [schoolA]);
    ids.aAndB = await make('Both schools', [schoolA, schoolB]);
    ids.onlyB = await make('Only the forest school', [schoolB]);
  });
  afterAll(() => t.close());

  it('lists for a teacher every quiz their students can take, editable only where aimed solely at their schools', async () => {
    const mine = await list(teacher);
    const byId = new Map(mine.map((a) => [a.id, a]));
    expect(byId.get(ids.everyone)?.can_edit).toBe(false);
    expect(byId.get(ids.onlyA)?.can_edit).toBe(true);
    expect(byId.get(ids.aAndB)?.can_edit).toBe(false);
    expect(byId.has(ids.onlyB)).toBe(false);
    // The seeded quizzes, aimed at everyone, are there too (the list was empty before).
    expect(mine.filter((a) => a.school_ids.length === 0).length).toBeGreaterThan(1);

    const theirs = new Map((await list(otherTeacher)).map((a) => [a.id, a]));
    expect(theirs.get(ids.onlyB)?.can_edit).toBe(true);
    expect(theirs.get(ids.aAndB)?.can_edit).toBe(false);
    expect(theirs.has(ids.onlyA)).toBe(false);
  });

  it('lets an admin edit everything', async () => {
    const all = await list(admin);
    for (const id of Object.values(ids)) expect(all.find((a) => a.id === id)?.can_edit).toBe(true);
  });

  it('shows a teacher a quiz they cannot edit, and still refuses their change', async () => {
    const res = await get(teacher, ids.everyone);
    expect(res.statusCode, res.body).toBe(200);
    const quiz = res.json().assessment as Assessment;
    expect(quiz.can_edit).toBe(false);

    const preview = await t.request({
      method: 'GET',
      url: `/api/admin/assessments/${ids.everyone}/preview`,
      token: teacher,
    });
    expect(preview.statusCode).toBe(200);

    const put = await t.request({
      method: 'PUT',
      url: `/api/admin/assessments/${ids.everyone}`,
      token: teacher,
      payload: { ...bodyOf(quiz), school_ids: [schoolA] },
    });
    expect(put.statusCode).toBe(403);
    const del = await t.request({
      method: 'DELETE',
      url: `/api/admin/assessments/${ids.aAndB}`,
      token: teacher,
    });
    expect(del.statusCode).toBe(403);
    // Nothing changed.
    expect((await get(admin, ids.everyone)).json().assessment.title).toBe('For everyone');
    expect((await get(admin, ids.aAndB)).statusCode).toBe(200);
  });

  it('still lets a teacher edit their own school’s quiz, and says so in the answer', async () => {
    const quiz = (await get(teacher, ids.onlyA)).json().assessment as Assessment;
    const put = await t.request({
      method: 'PUT',
      url: `/api/admin/assessments/${ids.onlyA}`,
      token: teacher,
      payload: bodyOf(quiz),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().assessment).toMatchObject({ title: 'Only the demo school (changed)', can_edit: true });
  });

  it('refuses a teacher a quiz aimed only at another school, and diagnostics', async () => {
    expect((await get(teacher, ids.onlyB)).statusCode).toBe(403);
    const diagnostics = await t.request({
      method: 'GET',
      url: '/api/admin/assessments',
      token: teacher,
      query: { kind: 'diagnostic' },
    });
    expect(diagnostics.statusCode).toBe(403);
  });
});

describe.each(dialects)('saving an assessment names every wrong field at once (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let question: number;
  const post = (token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/admin/assessments', token, payload });
  const empty = { kind: 'quiz', title: '', selection: 'fixed', question_ids: [], school_ids: [] };

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    teacher = await t.login('teacher@pathbuilder.test');
    const [micro] = await createTopics(t, admin, 1);
    question = await createQuestion(t, admin, micro!, 'true_false');
  });
  afterAll(() => t.close());

  it('answers a teacher’s empty quiz with the title, the questions and the schools in one 422', async () => {
    const res = await post(teacher, empty);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The title must be at least 3 characters.',
      errors: {
        title: ['The title must be at least 3 characters.'],
        question_ids: ['Choose at least one question.'],
        school_ids: ['Choose the schools this is for.'],
      },
    });
  });

  it('lets an admin leave the schools empty (every school), and still names the other fields', async () => {
    const res = await post(admin, {
      ...empty,
      opens_at: '2030-01-02T10:00:00Z',
      closes_at: '2030-01-01T10:00:00Z',
      pass_mark: 101,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'closes_at',
      'pass_mark',
      'question_ids',
      'title',
    ]);
    expect(res.json().errors.closes_at).toEqual(['The closing time must be after the opening time.']);
  });

  it('names the draws of a random quiz and a missing closing time for answers released at the close', async () => {
    const res = await post(admin, {
      ...empty,
      title: 'Random warm-up',
      selection: 'random',
      draws: [],
      review_policy: 'after_close',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      draws: ['Choose at least one micro topic to draw from.'],
      closes_at: [
        'Answers are released when the assessment closes, so it needs a closing time (or choose another review policy).',
      ],
    });
  });

  it('refuses a teacher’s quiz without schools as a field error once the rest is right, and saves it with them', async () => {
    const body = { ...empty, title: 'Class warm-up', question_ids: [question] };
    const refused = await post(teacher, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ school_ids: ['Choose the schools this is for.'] });
    const me = (await t.request({ method: 'GET', url: '/api/refresh', token: teacher })).json().user;
    const mine = (
      await t.ctx.db.selectFrom('teacher_schools').select('school_id').where('user_id', '=', me.id).execute()
    ).map((r) => r.school_id);
    expect(mine.length).toBeGreaterThan(0);
    const saved = await post(teacher, { ...body, school_ids: mine });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().assessment.school_ids).toEqual(mine);
  });
});

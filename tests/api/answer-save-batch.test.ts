import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptCalls, startAttemptsWorld } from './attempts-setup.ts';
import { createAssessment, rightAnswer } from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { dialects, type TestApp } from './helpers.ts';

// Saves that arrive together are written together on PostgreSQL (one read and one statement for the group,
// db/batcher.ts): each must still be refused, or saved, exactly as it would be alone.
describe.each(dialects)('answer saves arriving together (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let student: string;
  let otherStudent: string;
  let questionIds: Awaited<ReturnType<typeof startAttemptsWorld>>['questionIds'];
  beforeAll(async () => {
    let mySchool: number;
    ({ t, admin, student, questionIds, mySchool } = await startAttemptsWorld(dialect));
    // A second student of the school who may take quizzes (past the diagnostic).
    const other = await createUser(t, { school_id: mySchool, taken_diagnostics: 1 });
    otherStudent = await t.login(other.email, other.password);
  });
  afterAll(() => t.close());
  const { start, save } = attemptCalls(() => t);

  const answersOf = async (token: string, id: string) =>
    (await t.request({ method: 'GET', url: `/api/attempts/${id}`, token })).json().answers as Array<{
      question_id: number;
    }>;
  const storedAnswers = (id: string) =>
    t.ctx.db.selectFrom('attempt_answers').select('question_id').where('attempt_id', '=', id).execute();

  it('refuses a closed, late or foreign attempt and a question not in it, and saves the others sent with them', async () => {
    const questions = [questionIds.true_false, questionIds.single_choice];
    const quiz = () =>
      createAssessment(t, admin, {
        question_ids: questions,
        time_limit_minutes: 10,
        offline_grace_minutes: 10,
      });
    const open = (await start(student, await quiz())).json();
    const othersOpen = (await start(otherStudent, await quiz())).json();
    const closed = (await start(student, await quiz())).json();
    await t.request({
      method: 'POST',
      url: `/api/attempts/${closed.id}/submit`,
      token: student,
      payload: {},
    });
    const late = (await start(student, await quiz())).json();
    await t.ctx.db
      .updateTable('attempts')
      .set({
        started_at: new Date(Date.now() - 11 * 60_000).toISOString(),
        deadline_at: new Date(Date.now() - 60_000).toISOString(),
        grace_until: new Date(Date.now() + 9 * 60_000).toISOString(),
      })
      .where('id', '=', late.id)
      .execute();
    const notTheirs = (await start(student, await quiz())).json();

    const [a, b, c, d, e, f, g] = await Promise.all([
      save(student, open.id, questionIds.true_false, rightAnswer('true_false')),
      save(otherStudent, othersOpen.id, questionIds.true_false, rightAnswer('true_false')),
      save(student, closed.id, questionIds.true_false, rightAnswer('true_false')),
      save(student, late.id, questionIds.true_false, rightAnswer('true_false')),
      save(otherStudent, notTheirs.id, questionIds.true_false, rightAnswer('true_false')),
      save(student, notTheirs.id, questionIds.matching, rightAnswer('matching')),
      // The same attempt twice at once (another question): both saved.
      save(student, open.id, questionIds.single_choice, rightAnswer('single_choice')),
    ]);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ saved: true, superseded: false });
    expect(b.statusCode).toBe(200);
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toBe('This attempt has been submitted; answers can no longer change.');
    expect(d.statusCode).toBe(409);
    expect(d.json().message).toBe('Time is up: answers given after the deadline are not accepted.');
    expect(e.statusCode).toBe(404);
    expect(f.statusCode).toBe(422);
    expect(f.json().errors).toEqual({ question_id: ['This question is not part of this attempt.'] });
    expect(g.statusCode).toBe(200);

    expect((await answersOf(student, open.id)).map((x) => x.question_id).sort()).toEqual(
      [...questions].sort(),
    );
    expect((await answersOf(otherStudent, othersOpen.id)).map((x) => x.question_id)).toEqual([
      questionIds.true_false,
    ]);
    for (const refused of [closed, late, notTheirs]) expect(await storedAnswers(refused.id)).toEqual([]);
  });

  it('refuses an answer that does not fit its question, alone among saves arriving with it', async () => {
    const quiz = await createAssessment(t, admin, { question_ids: [questionIds.true_false] });
    const mine = (await start(student, quiz)).json();
    const theirs = (await start(otherStudent, quiz)).json();
    const [bad, good] = await Promise.all([
      save(student, mine.id, questionIds.true_false, { type: 'single_choice', choice: 'o1' }),
      save(otherStudent, theirs.id, questionIds.true_false, rightAnswer('true_false')),
    ]);
    expect(bad.statusCode).toBe(422);
    expect(good.statusCode).toBe(200);
    expect(await storedAnswers(mine.id)).toEqual([]);
    expect(await storedAnswers(theirs.id)).toEqual([{ question_id: questionIds.true_false }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestion } from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { giftDocs } from './fixtures/question-files.ts';
import { dialects, type TestApp } from './helpers.ts';
import { comparableBank, importQuestions, microTopicNamed } from './question-import-setup.ts';
import { questionCount, startQuestionBank } from './questions-setup.ts';

// The question bank's GIFT import and export (issue 27), with the GIFT documentation's own examples.
describe.each(dialects)('GIFT import and export (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let topics: number[];
  let topicName: string;
  beforeAll(async () => {
    ({ t, admin, topics, topicName } = await startQuestionBank(dialect));
  });
  afterAll(() => t.close());
  const count = () => questionCount(t, admin);
  const gift = (text: string, options: Parameters<typeof importQuestions>[4] = {}) =>
    importQuestions(t, admin, 'gift', text, options);

  it('previews the documentation examples, refusing what the bank cannot hold, and writes nothing', async () => {
    const before = await count();
    const res = await gift(giftDocs(topicName));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.confirmed).toBe(false);
    const byTitle = (title: string) => body.questions.find((q: { title: string }) => q.title === title);
    expect(byTitle('Q1')).toMatchObject({ type: 'true_false', stem: '1+1=2', content: { correct: true } });
    const q2 = byTitle('Q2');
    expect(q2.type).toBe('single_choice');
    expect(q2.content.options.map((o: { text: string }) => o.text)).toEqual(['yellow', 'red', 'blue']);
    expect(q2.content.correct).toEqual([q2.content.options[0].id]);
    expect(byTitle('Q3')).toMatchObject({
      type: 'short_answer',
      stem: 'Two plus _____ equals four.',
      content: { accepted: ['two', '2'] },
    });
    expect(
      byTitle('Q4').content.pairs.map((p: { left: string; right: string }) => [p.left, p.right]),
    ).toEqual([
      ['cat', 'cat food'],
      ['dog', 'dog food'],
    ]);
    const multiple = body.questions.find((q: { stem: string }) => q.stem.startsWith('What two people'));
    expect(multiple.type).toBe('multiple_choice');
    expect(
      multiple.content.options
        .filter((o: { id: string }) => multiple.content.correct.includes(o.id))
        .map((o: { text: string }) => o.text),
    ).toEqual(['Grant', "Grant's wife"]);
    // Escaped \{ \} \= \: \~ \# are text; [html] keeps the bare tags.
    const escapes = byTitle('Escapes');
    expect(escapes.stem).toBe('Which is written {braces} and a = sign: <strong>this</strong>?');
    expect(escapes.content.options.map((o: { text: string }) => o.text)).toEqual(['a ~ tilde', 'a # hash']);
    const reasons = Object.fromEntries(
      body.rejected.map((r: { title: string; errors: string[] }) => [r.title, r.errors.join(' ')]),
    );
    for (const q of ['Q5', 'Q6', 'Q7'])
      expect(reasons[q]).toMatch(/GIFT numerical questions are not supported/);
    expect(reasons.Q8).toMatch(/GIFT essay questions are not supported/);
    expect(body.questions.every((q: { micro_topic_id: number }) => q.micro_topic_id === topics[0])).toBe(
      true,
    );
    expect(await count()).toBe(before);
  });

  it('writes on confirm, audited; the same file again adds nothing and says so', async () => {
    const before = await count();
    const res = await gift(giftDocs(topicName), { confirm: true });
    const written = res.json().created;
    expect(written).toBe(res.json().questions.length);
    expect(written).toBeGreaterThan(5);
    expect(await count()).toBe(before + written);
    const again = (await gift(giftDocs(topicName), { confirm: true })).json();
    expect(again).toMatchObject({ created: 0, already_in_bank: written });
    expect(again.questions[0].notes).toContain('Already in the bank: not imported again.');
    expect(await count()).toBe(before + written);
  });

  it('refuses a question with no topic, no key, or a description; uses the chosen topic when none is named', async () => {
    const text = [
      '::No topic:: Unnamed topic? {T}',
      '',
      '::No key:: Which one? {~a ~b}',
      '',
      '::Just text:: A description only.',
    ].join('\n');
    const refused = (await gift(text)).json();
    const reasons = Object.fromEntries(
      refused.rejected.map((r: { title: string; errors: string[] }) => [r.title, r.errors.join(' ')]),
    );
    expect(reasons['No topic']).toContain('names no micro topic');
    expect(reasons['No key']).toMatch(/answer key is missing/);
    expect(reasons['Just text']).toMatch(/description/);
    const chosen = (await gift(text, { microTopicId: topics[1] })).json();
    expect(
      chosen.questions.map((q: { title: string; micro_topic_id: number }) => [q.title, q.micro_topic_id]),
    ).toEqual([['No topic', topics[1]]]);
  });

  it('is for admins only', async () => {
    const u = await createUser(t, { is_teacher: 1 });
    const token = await t.login(u.email, u.password);
    expect((await importQuestions(t, token, 'gift', giftDocs(topicName))).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/questions/export?format=gift', token })).statusCode,
    ).toBe(403);
  });

  it('exports GIFT without ordering questions, naming them; the export imports into a fresh instance as it was', async () => {
    const ordering = await createQuestion(t, admin, topics[0]!, 'ordering');
    // Difficulty, practice-only and the explanation travel too.
    await createQuestion(t, admin, topics[0]!, 'multiple_choice', { practice_only: true });
    const exported = await t.request({
      method: 'GET',
      url: `/api/admin/questions/export?format=gift&micro_topic_id=${topics[0]}`,
      token: admin,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/plain');
    expect(exported.headers['x-skipped-questions']).toBe(String(ordering));
    expect(exported.body).toContain(`// Left out, GIFT has no form for ordering questions: #${ordering}`);
    expect(exported.body).not.toMatch(/\[html\]<p>Question \d+ \(ordering\)/);

    const fresh = await startQuestionBank(dialect);
    try {
      const topic = await microTopicNamed(fresh.t, fresh.admin, topicName);
      const res = await importQuestions(fresh.t, fresh.admin, 'gift', exported.body, { confirm: true });
      expect(res.json().rejected).toEqual([]);
      const original = (await comparableBank(t, admin, topics[0]!)).filter((q) => q.type !== 'ordering');
      expect(original.length).toBeGreaterThan(5);
      expect(await comparableBank(fresh.t, fresh.admin, topic)).toEqual(original);
    } finally {
      await fresh.t.close();
    }
  });
});

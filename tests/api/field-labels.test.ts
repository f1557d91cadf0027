import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/** Validation messages name fields as a person would; the errors object keeps the API's keys. */
describe.each(dialects)('validation messages name fields as people do (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'none' });
    const a = await createUser(t, { is_admin: 1 });
    admin = await t.login(a.email, a.password);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) =>
    t.request({ method: 'POST', url, token: admin, payload: payload as Record<string, unknown> });

  it('a question saved without a micro topic, text or options', async () => {
    const res = await post('/api/admin/questions', {
      difficulty: 1,
      stem: '',
      content: { type: 'single_choice', options: [{ id: 'a1', text: 'One' }], correct: [] },
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(errors.micro_topic_id).toEqual(['The micro topic field is required.']);
    expect(errors.stem).toEqual(['The question text is required.']);
    expect(errors['content.options']).toEqual(['Give at least two options.']);
    expect(errors['content.correct']).toEqual(['Choose exactly one correct option.']);
    expect(Object.values(errors).flat().join(' ')).not.toMatch(/\bid field|Too small|expected/);
  });

  it('a question with a blank option, a bad difficulty and a long explanation', async () => {
    const res = await post('/api/admin/questions', {
      micro_topic_id: 'x',
      difficulty: 7,
      stem: '<p>Which?</p>',
      explanation: 'x'.repeat(5001),
      content: {
        type: 'ordering',
        items: [
          { id: 'a1', text: 'One' },
          { id: 'a2', text: ' ' },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(errors.micro_topic_id).toEqual(['The micro topic must be a number.']);
    expect(errors.difficulty).toEqual(['The difficulty may be at most 3.']);
    expect(errors.explanation).toEqual(['The explanation may be at most 5000 characters.']);
    expect(errors['content.items.1.text']).toEqual(['The item 2 field is required.']);
  });

  it('an assessment saved empty names every problem in words', async () => {
    const res = await post('/api/admin/assessments', { kind: 'quiz', time_limit_minutes: 0, pass_mark: 101 });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json() as { errors: Record<string, string[]> };
    expect(errors.title).toEqual(['The title field is required.']);
    expect(errors.selection).toEqual(['The question selection field is required.']);
    expect(errors.time_limit_minutes).toEqual(['The time limit must be at least 1.']);
    expect(errors.pass_mark).toEqual(['The pass mark may be at most 100.']);
    expect(Object.values(errors).flat().join(' ')).not.toMatch(/_|\bid\b|Too (small|big)|Invalid/);
  });

  it('a random draw with a missing micro topic', async () => {
    const res = await post('/api/admin/assessments', {
      kind: 'quiz',
      title: 'Counting',
      selection: 'random',
      draws: [{ count: 2 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['draws.0.micro_topic_id']).toEqual([
      'The micro topic of draw 1 field is required.',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from '../../src/shared/contracts/questions.ts';
import { contentOf, createQuestion } from './factories/learning.ts';
import { multipart } from './factories/multipart.ts';
import { dialects, type TestApp } from './helpers.ts';
import { questionCount, startQuestionBank } from './questions-setup.ts';

// The question bank: storing, sanitising, validating, keeping used questions and images (CSV:
// questions-csv.test.ts).
describe.each(dialects)('question bank (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let topics: number[];
  beforeAll(async () => {
    ({ t, admin, topics } = await startQuestionBank(dialect));
  });
  afterAll(() => t.close());
  const count = () => questionCount(t, admin);

  it.each(QUESTION_TYPES)('stores a %s question and filters by type', async (type) => {
    const id = await createQuestion(t, admin, topics[0]!, type);
    const list = (
      await t.request({
        method: 'GET',
        url: `/api/admin/questions?type=${type}&micro_topic_id=${topics[0]}`,
        token: admin,
      })
    ).json();
    expect(list.data.map((q: { id: number }) => q.id)).toContain(id);
    expect(list.data.every((q: { type: string }) => q.type === type)).toBe(true);
  });

  it('sanitises rich text: tags with attributes and scripts are shown as text, never run', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/questions',
      token: admin,
      payload: {
        micro_topic_id: topics[0],
        difficulty: 1,
        stem: '<p>Safe <strong>bold</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
        explanation: '<em>ok</em>',
        content: contentOf('true_false'),
      },
    });
    expect(res.statusCode).toBe(201);
    const stem = res.json().question.stem as string;
    expect(stem).toContain('<p>Safe <strong>bold</strong></p>');
    expect(stem).not.toContain('<script');
    expect(stem).not.toContain('<img');
    expect(stem).toContain('&lt;script&gt;');
  });

  it.each([
    [
      'single choice with two correct',
      {
        type: 'single_choice',
        options: [
          { id: 'a', text: 'A' },
          { id: 'b', text: 'B' },
        ],
        correct: ['a', 'b'],
      },
    ],
    [
      'a correct option that does not exist',
      {
        type: 'single_choice',
        options: [
          { id: 'a', text: 'A' },
          { id: 'b', text: 'B' },
        ],
        correct: ['z'],
      },
    ],
    [
      'multiple choice where all are correct',
      {
        type: 'multiple_choice',
        options: [
          { id: 'a', text: 'A' },
          { id: 'b', text: 'B' },
        ],
        correct: ['a', 'b'],
      },
    ],
    [
      'duplicate options',
      {
        type: 'single_choice',
        options: [
          { id: 'a', text: 'Same' },
          { id: 'b', text: 'same' },
        ],
        correct: ['a'],
      },
    ],
    ['true/false without an answer', { type: 'true_false' }],
    ['short answer with no accepted answers', { type: 'short_answer', accepted: [] }],
    [
      'matching with one pair',
      { type: 'matching', pairs: [{ left_id: 'a', left: 'A', right_id: 'b', right: 'B' }] },
    ],
    [
      'ordering with a repeated item',
      {
        type: 'ordering',
        items: [
          { id: 'a', text: 'One' },
          { id: 'a', text: 'Two' },
        ],
      },
    ],
    ['an unknown type', { type: 'essay' }],
  ])('refuses %s with 422 and writes nothing', async (_label, content) => {
    const before = await count();
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/questions',
      token: admin,
      payload: { micro_topic_id: topics[0], difficulty: 2, stem: 'Stem', content },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toBeDefined();
    expect(await count()).toBe(before);
  });

  it('keeps a question that an assessment uses', async () => {
    const id = await createQuestion(t, admin, topics[0]!, 'true_false');
    await t.request({
      method: 'POST',
      url: '/api/admin/assessments',
      token: admin,
      payload: { kind: 'quiz', title: 'Uses it', selection: 'fixed', question_ids: [id] },
    });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/questions/${id}`, token: admin })).statusCode,
    ).toBe(409);
  });

  it('keeps a question image in the file store and refuses a file that is not an image', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d8a3a30000000049454e44ae426082',
      'hex',
    );
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/files?kind=image',
      token: admin,
      ...multipart('dot.png', png),
    });
    expect(res.statusCode).toBe(201);
    const url = res.json().file.url as string;
    expect(url).toMatch(/^\/api\/files\/\d+$/);
    const saved = await t.request({
      method: 'POST',
      url: '/api/admin/questions',
      token: admin,
      payload: {
        micro_topic_id: topics[0],
        difficulty: 1,
        stem: '<p>What does the picture show?</p>',
        image_url: url,
        content: contentOf('true_false'),
      },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().question.image_url).toBe(url);
    const img = await t.request({ method: 'GET', url, token: admin });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    // An SVG that says it is a PNG is refused by its content.
    const fake = await t.request({
      method: 'POST',
      url: '/api/admin/files?kind=image',
      token: admin,
      ...multipart('fake.png', Buffer.from('<svg onload=alert(1)>')),
    });
    expect(fake.statusCode).toBe(422);
    // A link anywhere else is not an image of ours.
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/admin/questions',
      token: admin,
      payload: {
        micro_topic_id: topics[0],
        difficulty: 1,
        stem: '<p>Elsewhere</p>',
        image_url: 'https://example.com/x.png',
        content: contentOf('true_false'),
      },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.image_url).toBeDefined();
  });
});

describe('rich text sanitiser', () => {
  it('is idempotent: saving a stored stem again does not escape it twice', async () => {
    const { sanitizeRichText } = await import('../../src/shared/rich-text.ts');
    const once = sanitizeRichText('<p>Fish & chips <b>5 < 6</b></p>');
    expect(once).toBe('<p>Fish &amp; chips &lt;b&gt;5 &lt; 6&lt;/b&gt;</p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});

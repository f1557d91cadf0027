import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

const NUL = '\u0000';
const BEYOND_INT32 = 2 ** 31;
const registration = {
  full_name: 'Nora Null',
  email: 'nora.null@pathbuilder.test',
  password: 'a-long-enough-password',
  password_confirmation: 'a-long-enough-password',
  location_id: 1,
  school_id: 1,
};

// PostgreSQL refuses NUL in text and integers past 32 bits, and answered those with a 500; SQLite took
// them. Both now answer the same Laravel-shaped 4xx before any query runs.
describe.each(dialects)('input hardening (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let student: string;
  let studentId: number;
  const users = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const questions = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('questions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    student = await t.login('student@pathbuilder.test');
    studentId = (await t.request({ method: 'GET', url: '/api/refresh', token: student })).json().user.id;
  });
  afterAll(() => t.close());

  describe('NUL bytes', () => {
    it('are refused in a query string, even anonymously, naming the field', async () => {
      const res = await t.request({ method: 'GET', url: '/api/lookups/schools?search=a%00b' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'The search contains a character that is not allowed.',
        errors: { search: ['The search contains a character that is not allowed.'] },
      });
    });

    it('are refused in a registration and nothing is written', async () => {
      const before = await users();
      const res = await t.request({
        method: 'POST',
        url: '/api/register',
        payload: { ...registration, full_name: `Nora${NUL}Null` },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.full_name).toEqual([
        'The full name contains a character that is not allowed.',
      ]);
      expect(await users()).toBe(before);
    });

    it('are refused deep inside a body', async () => {
      const before = await questions();
      const res = await t.request({
        method: 'POST',
        url: '/api/admin/questions',
        token: admin,
        payload: {
          micro_topic_id: 1,
          difficulty: 1,
          stem: 'Which one?',
          content: {
            type: 'single_choice',
            options: [
              { id: 'a', text: `Blocks${NUL}` },
              { id: 'b', text: 'Sand' },
            ],
            correct: ['a'],
          },
        },
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['content.options.0.text']);
      expect(await questions()).toBe(before);
    });

    it('are refused in a path parameter', async () => {
      const res = await t.request({ method: 'GET', url: '/api/attempts/%00', token: student });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.id).toBeDefined();
    });

    it('in one CSV row reject that row only; the good rows are imported', async () => {
      const before = await questions();
      const topic = (await t.ctx.db.selectFrom('micro_topics').select('name').executeTakeFirstOrThrow()).name;
      const csv = [
        'micro_topic,type,difficulty,stem,explanation,options,correct',
        `${topic},true_false,1,Children learn through play.,,,true`,
        `${topic},true_false,1,Broken${NUL} row,,,true`,
        `${topic},short_answer,1,Support just beyond what a child can do alone?,,,scaffolding`,
      ].join('\n');
      const res = await t.request({
        method: 'POST',
        url: '/api/admin/questions/import',
        token: admin,
        payload: { csv },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        created: 2,
        rejected: [{ row: 3, errors: ['row: The row contains a character that is not allowed.'] }],
      });
      expect(await questions()).toBe(before + 2);
    });
  });

  describe('ids beyond a 32-bit integer', () => {
    it('are refused in a registration body', async () => {
      const before = await users();
      const res = await t.request({
        method: 'POST',
        url: '/api/register',
        payload: { ...registration, location_id: BEYOND_INT32, school_id: BEYOND_INT32 },
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(['location_id', 'school_id']);
      expect(await users()).toBe(before);
    });

    it('are refused in a query string', async () => {
      const res = await t.request({ method: 'GET', url: `/api/lookups/schools?location_id=${BEYOND_INT32}` });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.location_id).toBeDefined();
    });

    it('are refused in an account edit', async () => {
      const res = await t.request({
        method: 'PUT',
        url: `/api/user/${studentId}`,
        token: student,
        payload: {
          full_name: 'Demo Student',
          email: 'student@pathbuilder.test',
          location_id: BEYOND_INT32,
          school_id: BEYOND_INT32,
        },
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(['location_id', 'school_id']);
    });

    it('are refused in a path, while the largest 32-bit id is merely not found', async () => {
      const beyond = await t.request({
        method: 'GET',
        url: `/api/admin/questions/${BEYOND_INT32}`,
        token: admin,
      });
      expect(beyond.statusCode).toBe(422);
      const largest = await t.request({
        method: 'GET',
        url: `/api/admin/questions/${BEYOND_INT32 - 1}`,
        token: admin,
      });
      expect(largest.statusCode).toBe(404);
    });
  });

  it.each(['constructor', '__proto__', 'toString'])(
    'refuses an unknown field called %s like any other',
    async (key) => {
      const res = await t.request({ method: 'GET', url: `/api/lookups/schools?${key}=1` });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ [key]: [`Unknown field: ${key}.`] });
    },
  );

  describe('malformed URLs', () => {
    it.each([
      ['a broken UTF-8 sequence', '/api/notifications/%E0%A4%A'],
      ['a broken UTF-8 sequence in a parameter', '/api/admin/questions/%E0%A4%A'],
      ['a lone percent sign', '/api/attempts/%'],
      ['a broken UTF-8 sequence outside the API', '/%E0%A4%A'],
      ['an overlong path parameter', `/api/attempts/${'x'.repeat(500)}`],
    ])('%s is answered with a bare {message}', async (_, url) => {
      const res = await t.request({ method: 'GET', url, token: admin });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['content-type']).toContain('application/json');
      const body = res.json();
      expect(Object.keys(body)).toEqual(['message']);
      expect(typeof body.message).toBe('string');
    });
  });

  // The e2e suite checks the SPA's; these are the answers that never reach a route.
  it.each([
    ['a route', '/api/health'],
    ['an unknown API path', '/api/nope'],
    ['a malformed URL', '/api/notifications/%E0%A4%A'],
  ])('%s carries the security headers for data: nothing may load, frame or sniff it', async (_, url) => {
    const res = await t.request({ method: 'GET', url });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

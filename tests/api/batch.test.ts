import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

type Part = { status: number; headers: Record<string, string>; body: string };

describe.each(dialects)('the dashboard reads in one request, POST /api/batch (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let adminId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    token = await t.login('student@pathbuilder.test');
    userId = (await t.request({ method: 'GET', url: '/api/refresh', token })).json().user.id;
    adminId = (
      await t.request({ method: 'GET', url: '/api/refresh', token: await t.login('admin@pathbuilder.test') })
    ).json().user.id;
  });
  afterAll(() => t.close());

  const batch = (get: unknown, as: string | null = token) =>
    t.request({ method: 'POST', url: '/api/batch', token: as ?? undefined, payload: { get } });

  it('answers each read exactly as its own route answers it alone, in the order asked', async () => {
    const reads = [
      '/refresh',
      '/my/learning-summary',
      '/my/assessments?kind=quiz',
      '/my/assessments?kind=exam',
      '/my/assessments?kind=diagnostic',
      '/announcements/current',
      `/usernotifications/unseen-count?user_id=${userId}`,
      `/usernotifications?seen=0&limit=1&user_id=${userId}`,
    ];
    const res = await batch(reads);
    expect(res.statusCode).toBe(200);
    const parts = res.json().parts as Part[];
    expect(parts).toHaveLength(reads.length);
    for (const [i, read] of reads.entries()) {
      const alone = await t.request({ method: 'GET', url: `/api${read}`, token });
      expect({ read, status: parts[i]!.status, body: JSON.parse(parts[i]!.body) as unknown }).toEqual({
        read,
        status: alone.statusCode,
        body: alone.json(),
      });
      expect(parts[i]!.headers['content-type']).toMatch(/^application\/json/);
      expect(Number.isNaN(Date.parse(parts[i]!.headers.date ?? ''))).toBe(false);
    }
  });

  it('refuses a part about another user exactly as its own route does, and still answers the others', async () => {
    const foreign = `/usernotifications?seen=0&limit=1&user_id=${adminId}`;
    const alone = await t.request({ method: 'GET', url: `/api${foreign}`, token });
    expect(alone.statusCode).toBe(403);
    const res = await batch([
      foreign,
      `/usernotifications/unseen-count?user_id=${adminId}`,
      '/announcements/current',
    ]);
    expect(res.statusCode).toBe(200);
    const parts = res.json().parts as Part[];
    expect(parts[0]!.status).toBe(403);
    expect(JSON.parse(parts[0]!.body)).toEqual(alone.json());
    expect(parts[1]!.status).toBe(403);
    // Nothing of the other user's in the refusals.
    expect(parts[0]!.body + parts[1]!.body).not.toMatch(/"data"|"count"/);
    expect(parts[2]!.status).toBe(200);
  });

  it('refuses any read outside its short list with 422, and runs none of them', async () => {
    for (const get of [
      ['/auth/logout'],
      ['/refresh/../admin/users'],
      ['/admin/users'],
      ['/my/learning-summary', '/admin/assessments'],
      ['/usernotifications/mark-as-seen'],
      ['//evil.example/api/my/learning-summary'],
      ['/my/../admin/users'],
      ['/my/learning-summary#x'],
      ['my/learning-summary'],
      ['/batch'],
    ]) {
      const res = await batch(get);
      expect({ get, status: res.statusCode }).toEqual({ get, status: 422 });
      expect(res.body).not.toContain('"parts"');
    }
    // More reads than the dashboard makes, or none.
    expect((await batch(Array.from({ length: 11 }, () => '/announcements/current'))).statusCode).toBe(422);
    expect((await batch([])).statusCode).toBe(422);
  });

  it('refuses a visitor without a session, or with a dead one, with 401', async () => {
    expect((await batch(['/announcements/current'], null)).statusCode).toBe(401);
    expect((await batch(['/announcements/current'], 'x'.repeat(40))).statusCode).toBe(401);
  });

  it("answers a staff member's reads with the staff member's own rights (a student-only read refused as alone)", async () => {
    const admin = await t.login('admin@pathbuilder.test');
    const read = '/my/assessments?kind=quiz';
    const alone = await t.request({ method: 'GET', url: `/api${read}`, token: admin });
    const parts = (await batch([read, '/announcements/current'], admin)).json().parts as Part[];
    expect(parts[0]!.status).toBe(alone.statusCode);
    expect(JSON.parse(parts[0]!.body)).toEqual(alone.json());
    expect(parts[1]!.status).toBe(200);
  });
});

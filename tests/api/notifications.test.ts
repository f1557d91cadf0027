import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

describe.each(dialects)('notifications (%s)', (dialect) => {
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

  it('lists the own notifications newest first and counts the unseen ones', async () => {
    const list = (
      await t.request({ method: 'GET', url: `/api/usernotifications?user_id=${userId}`, token })
    ).json().data as Array<{ seen: number; created_at: string }>;
    expect(list.length).toBe(3);
    expect([...list].sort((a, b) => b.created_at.localeCompare(a.created_at))).toEqual(list);
    const count = (
      await t.request({ method: 'GET', url: `/api/usernotifications/unseen-count?user_id=${userId}`, token })
    ).json().count;
    expect(count).toBe(list.filter((n) => n.seen === 0).length);
  });

  it("refuses to read another user's notifications", async () => {
    expect(
      (await t.request({ method: 'GET', url: `/api/usernotifications?user_id=${adminId}`, token }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/usernotifications/unseen-count?user_id=${adminId}`,
          token,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("marks the own ids as seen and leaves another user's untouched", async () => {
    const adminToken = await t.login('admin@pathbuilder.test');
    const adminUnseenBefore = (
      await t.request({
        method: 'GET',
        url: `/api/usernotifications/unseen-count?user_id=${adminId}`,
        token: adminToken,
      })
    ).json().count;
    const adminIds = (
      (
        await t.request({
          method: 'GET',
          url: `/api/usernotifications?user_id=${adminId}`,
          token: adminToken,
        })
      ).json().data as Array<{ id: number }>
    ).map((n) => n.id);
    const mine = (
      await t.request({ method: 'GET', url: `/api/usernotifications?user_id=${userId}&seen=0`, token })
    ).json().data as Array<{ id: number }>;
    expect(mine.length).toBeGreaterThan(0);
    const res = await t.request({
      method: 'POST',
      url: '/api/usernotifications/mark-as-seen',
      token,
      payload: { ids: [...mine.map((n) => n.id), ...adminIds] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().updated).toBe(mine.length);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/usernotifications/unseen-count?user_id=${userId}`,
          token,
        })
      ).json().count,
    ).toBe(0);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/usernotifications/unseen-count?user_id=${adminId}`,
          token: adminToken,
        })
      ).json().count,
    ).toBe(adminUnseenBefore);
  });

  it.each([[{ ids: [] }], [{ ids: 'all' }], [{ ids: [-1] }], [{ ids: [1.5] }], [{}]])(
    'refuses mark-as-seen with %j',
    async (payload) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/usernotifications/mark-as-seen',
        token,
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toBeDefined();
    },
  );
});

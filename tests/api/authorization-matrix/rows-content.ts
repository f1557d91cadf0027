import type { LightMyRequestResponse } from 'fastify';
import type { Side, World } from '../factories/principals.ts';
import { newId } from '../factories/learning.ts';
import { createLiveSession } from '../factories/live.ts';
import { data, type Ctx, type Row } from './table.ts';

/** A published lecture or outside-link video aimed at the side's school, made by the admin. */
export async function freshContent(x: Ctx, kind: 'lecture' | 'video'): Promise<number> {
  const res = await x.w.t.request({
    method: 'POST',
    url: `/api/admin/content/${kind}`,
    token: x.w.adminToken,
    payload: {
      title: x.w.unique(`Matrix ${kind} ${x.at.side}`),
      published: true,
      school_ids: [x.at.school.id],
      ...(kind === 'video' ? { external_url: 'https://vimeo.com/76979871' } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`add a ${kind}: ${res.statusCode} ${res.body}`);
  return (res.json() as { item: { id: number } }).item.id;
}
/** One of each per side, made once, for the routes that read or record progress on them. */
export const sideContent = new WeakMap<World, Map<string, Promise<number>>>();
export function contentOf(x: Ctx, kind: 'lecture' | 'video'): Promise<number> {
  const made = sideContent.get(x.w) ?? new Map<string, Promise<number>>();
  sideContent.set(x.w, made);
  const key = `${kind} ${x.at.side}`;
  if (!made.has(key)) made.set(key, freshContent(x, kind));
  return made.get(key)!;
}
/** A teacher's back-office list holds nothing aimed only at the other side's school. */
export const onlyReachableContent = (res: LightMyRequestResponse, x: Ctx) => {
  if (x.who.role !== 'teacher') return null;
  const mine = x.w.teacherSchools(x.who);
  const bad = data<{ id: number; school_ids: number[]; created_by: number | null }>(res).filter(
    (c) =>
      c.school_ids.length > 0 &&
      !c.school_ids.some((s) => mine.includes(s)) &&
      c.created_by !== x.who.account!.id,
  );
  return bad.length ? `lists content ${bad.map((c) => c.id).join(', ')} of other schools` : null;
};

/**
 * One live discussion per side, for that side's school, with one message (made once, on first use). It is
 * over, so its stream ends after the history (an injected request must end) and posting answers 409.
 */
export const sideSessions = new WeakMap<
  World,
  Partial<Record<Side, Promise<{ id: number; message: number }>>>
>();
export function liveOf(w: World, side: Side): Promise<{ id: number; message: number }> {
  const made = sideSessions.get(w) ?? {};
  sideSessions.set(w, made);
  return (made[side] ??= (async () => {
    const id = await createLiveSession(w.t, {
      title: `Matrix live ${side}`,
      startsIn: -120,
      minutes: 60,
      schoolIds: [w.sides[side].school.id],
    });
    const row = await w.t.ctx.db
      .insertInto('live_messages')
      .values({
        content_id: id,
        user_id: w.sides[side].student.id,
        client_id: newId(),
        body: 'Matrix message',
        created_at: new Date(Date.now() - 90 * 60_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, message: row.id };
  })());
}
/** A list of live discussions holds only those for every school or for one of the caller's schools. */
export const onlyOwnSchoolsSessions = (res: LightMyRequestResponse, x: Ctx) => {
  if (x.who.role === 'admin' || !x.who.account) return null;
  const mine = x.who.role === 'teacher' ? x.w.teacherSchools(x.who) : [x.who.account.school_id];
  const bad = (res.json() as { data: Array<{ id: number; school_ids: number[] }> }).data.filter(
    (s) => s.school_ids.length > 0 && !s.school_ids.some((id) => mine.includes(id)),
  );
  return bad.length ? `lists live discussions ${bad.map((s) => s.id).join(', ')} of other schools` : null;
};

//                                     anonymous | student | foreign student | teacher | foreign teacher | admin
export const CONTENT_ROWS: Record<string, Row> = {
  // Lectures, videos and live discussions (one back-office API by kind): admins manage all; teachers the
  // videos and live discussions aimed only at their own schools (another school's item is a 404). Readers: published
  // items aimed at their school; another school's is a 404.
  'GET /api/admin/content/:kind': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    params: () => ({ kind: 'video' }),
    reveals: onlyReachableContent,
  },
  'POST /api/admin/content/:kind': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: () => ({ kind: 'video' }),
    body: (x) => ({
      title: x.w.unique('Matrix video'),
      published: false,
      school_ids: [x.at.school.id],
      external_url: 'https://vimeo.com/76979871',
    }),
  },
  'GET /api/admin/content/:kind/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ kind: 'video', id: await contentOf(x, 'video') }),
  },
  'PUT /api/admin/content/:kind/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ kind: 'video', id: await contentOf(x, 'video') }),
    body: (x) => ({
      title: x.w.unique('Matrix video'),
      published: true,
      school_ids: [x.at.school.id],
      external_url: 'https://vimeo.com/76979871',
    }),
  },
  'DELETE /api/admin/content/:kind/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ kind: 'video', id: await freshContent(x, 'video') }),
  },
  'GET /api/lectures': { expect: '401 | ok | ok | ok | ok | ok' },
  'GET /api/lectures/:id': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await contentOf(x, 'lecture') }),
  },
  'PUT /api/lectures/:id/read': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await contentOf(x, 'lecture') }),
  },
  'GET /api/videos': { expect: '401 | ok | ok | ok | ok | ok' },
  'GET /api/videos/:id': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await contentOf(x, 'video') }),
  },
  'PUT /api/videos/:id/progress': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await contentOf(x, 'video') }),
    body: () => ({ position_seconds: 1, watched: [[0, 1]] }),
  },

  // Live discussions: students those for their school (or every school); staff those they manage. Removing a
  // message is for moderators (admins, teachers of a school the session is for); another school's is a 404.
  'GET /api/live-discussions': { expect: '401 | ok | ok | ok | ok | ok', reveals: onlyOwnSchoolsSessions },
  'GET /api/live-discussions/:id': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: (await liveOf(x.w, x.at.side)).id }),
  },
  'GET /api/live-discussions/:id/messages': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: (await liveOf(x.w, x.at.side)).id }),
  },
  'POST /api/live-discussions/:id/messages': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: (await liveOf(x.w, x.at.side)).id }),
    body: () => ({ client_id: newId(), body: 'Matrix question' }),
  },
  'DELETE /api/live-discussions/:id/messages/:messageId': {
    expect: '401 | 403 404 | 403 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => {
      const { id, message } = await liveOf(x.w, x.at.side);
      return { id, messageId: message };
    },
  },
  'GET /api/live-discussions/:id/stream': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: (await liveOf(x.w, x.at.side)).id }),
  },
};

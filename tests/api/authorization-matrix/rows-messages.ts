import type { LightMyRequestResponse } from 'fastify';
import { otherSide, type Side, type World } from '../factories/principals.ts';
import { data, type Ctx, type Row } from './table.ts';

/** One support ticket per side, opened by that side's student (made once, on first use). */
export const sideTickets = new WeakMap<World, Partial<Record<Side, Promise<number>>>>();
export function ticketOf(w: World, side: Side): Promise<number> {
  const made = sideTickets.get(w) ?? {};
  sideTickets.set(w, made);
  return (made[side] ??= (async () => {
    const owner = w.principals[side === 'A' ? 'student' : 'foreignStudent'];
    const res = await w.t.request({
      method: 'POST',
      url: '/api/support/tickets',
      token: owner.token!,
      payload: { subject: `Matrix ticket ${side}`, category: 'other', message: 'Where are my results?' },
    });
    if (res.statusCode !== 201) throw new Error(`open a ticket: ${res.statusCode} ${res.body}`);
    return (res.json() as { ticket: { id: number } }).ticket.id;
  })());
}
/** A list of tickets holds the caller's own, and for a teacher those of their schools; an admin's holds all. */
export const onlyVisibleTickets = (res: LightMyRequestResponse, x: Ctx) => {
  if (x.who.role === 'admin' || !x.who.account) return null;
  const mine = x.w.teacherSchools(x.who);
  const bad = data<{ id: number; user_id: number; school_id: number | null }>(res).filter(
    (t) =>
      t.user_id !== x.who.account!.id &&
      !(x.who.role === 'teacher' && t.school_id !== null && mine.includes(t.school_id)),
  );
  return bad.length ? `lists tickets ${bad.map((t) => t.id).join(', ')} of other users` : null;
};

/** A new announcement for the side's school, written and published by that side's teacher. */
export async function freshAnnouncement(x: Ctx): Promise<number> {
  const author = x.w.principals[x.at.side === 'A' ? 'teacher' : 'foreignTeacher'];
  // One per cell is more than an author's hourly allowance: a setup write, so its count starts again.
  await x.w.t.ctx.db.deleteFrom('rate_limits').where('key', 'like', 'announcements:author:%').execute();
  const res = await x.w.t.request({
    method: 'POST',
    url: '/api/admin/announcements',
    token: author.token!,
    payload: {
      title: x.w.unique(`Matrix announcement ${x.at.side}`),
      body: '<p>Matrix</p>',
      audience: 'schools',
      school_ids: [x.at.school.id],
    },
  });
  if (res.statusCode !== 201) throw new Error(`write an announcement: ${res.statusCode} ${res.body}`);
  return (res.json() as { announcement: { id: number } }).announcement.id;
}
/** A teacher's list holds only what they wrote; a reader's current list nothing aimed at the other side. */
export const onlyOwnAnnouncements = (res: LightMyRequestResponse, x: Ctx) => {
  if (x.who.role !== 'teacher') return null;
  const bad = data<{ id: number; author_id: number | null }>(res).filter(
    (a) => a.author_id !== x.who.account!.id,
  );
  return bad.length ? `lists announcements ${bad.map((a) => a.id).join(', ')} of other authors` : null;
};
export const noForeignAnnouncements = (res: LightMyRequestResponse, x: Ctx) => {
  if (x.who.role !== 'student') return null;
  const foreign = `Matrix announcement ${otherSide(x.who.home)}`;
  const bad = data<{ title: string }>(res).filter((a) => a.title.startsWith(foreign));
  return bad.length ? `shows ${bad.map((a) => a.title).join(', ')} of another school` : null;
};

//                                     anonymous | student | foreign student | teacher | foreign teacher | admin
export const MESSAGES_ROWS: Record<string, Row> = {
  // Support: anyone signed in opens and follows their own tickets; a student's ticket is answered by the
  // admins and the teachers of the student's school. Anyone else's is a 404, as if it did not exist.
  'POST /api/support/tickets': {
    expect: '401 | ok | ok | ok | ok | ok',
    body: () => ({ subject: 'Matrix question', category: 'other', message: 'How do I install the app?' }),
  },
  'GET /api/support/tickets': { expect: '401 | ok | ok | ok | ok | ok', reveals: onlyVisibleTickets },
  'GET /api/support/tickets/:id': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await ticketOf(x.w, x.at.side) }),
  },
  'POST /api/support/tickets/:id/messages': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await ticketOf(x.w, x.at.side) }),
    body: () => ({ message: 'Matrix reply' }),
  },
  'PUT /api/support/tickets/:id/status': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await ticketOf(x.w, x.at.side) }),
    body: () => ({ status: 'closed' }),
  },

  // Announcements: staff write them (a teacher for their own schools only, and manages only their own);
  // anyone signed in reads the current ones meant for them.
  'GET /api/admin/announcements': { expect: '401 | 403 | 403 | ok | ok | ok', reveals: onlyOwnAnnouncements },
  'POST /api/admin/announcements': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    body: (x) => ({
      title: x.w.unique('Matrix note'),
      body: '<p>Matrix</p>',
      audience: 'schools',
      school_ids: [x.at.school.id],
    }),
  },
  'GET /api/admin/announcements/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await freshAnnouncement(x) }),
  },
  'PUT /api/admin/announcements/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await freshAnnouncement(x) }),
    body: (x) => ({
      title: x.w.unique('Matrix note'),
      body: '<p>Matrix, changed</p>',
      audience: 'schools',
      school_ids: [x.at.school.id],
    }),
  },
  'DELETE /api/admin/announcements/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await freshAnnouncement(x) }),
  },
  'GET /api/announcements/current': {
    expect: '401 | ok | ok | ok | ok | ok',
    reveals: noForeignAnnouncements,
  },
};

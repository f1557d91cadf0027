import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RouteInfo } from '../../src/server/plugins/routes.ts';
import {
  buildWorld,
  otherSide,
  PASSWORD,
  PRINCIPALS,
  type Account,
  type Principal,
  type PrincipalName,
  type Side,
  type SideObjects,
  type World,
} from './factories/principals.ts';
import {
  buildFileWorld,
  FILE_ROWS,
  fileBearing,
  runFileRow,
  type FileWorld,
} from './authorization-file-rows.ts';
import { newId } from './factories/learning.ts';
import { createLiveSession } from './factories/live.ts';
import { dialects, startTestApp } from './helpers.ts';

/**
 * Authorization matrix: every declared route × every principal × (where the route names an object) an object
 * of the principal's own side and one of the other side. The table below must have a row for every route in
 * the app's route table, so a route added later fails here until someone decides who may call it.
 *
 * Cells: `ok` — authorization passed (2xx, or a 4xx other than 401/403/404: a business rule answered);
 * `401`, `403`, `404` — refused with exactly that status; `4xx` — refused with 403 or 404.
 * A cell with two values is `own foreign`: the row then runs once on the principal's own object and once
 * on the other side's. One value: the row runs once (or the value holds for both objects).
 *
 * "Own" means: for attempts, assessments, students and schools, the objects of the principal's side (A: the
 * demo school with its teacher and student and the admin; B: a second school with its own teacher and
 * student); for the self-service routes keyed by a user id (/api/user/:id, notifications), the principal's
 * own id, and "foreign" someone else's.
 */

type Cell = 'ok' | '401' | '403' | '404' | '4xx';
const CELLS: readonly string[] = ['ok', '401', '403', '404', '4xx'];

interface Ctx {
  w: World;
  who: Principal;
  own: boolean;
  /** The objects of the side this check is about. */
  at: SideObjects;
  /** The user a self-service route is about: the principal (own) or another user (foreign). */
  user: Account;
}

type Input = Record<string, string | number>;
interface Row {
  /** Columns: anonymous | student | foreign student | teacher | foreign teacher | admin */
  expect: string;
  params?: (x: Ctx) => Input | Promise<Input>;
  query?: (x: Ctx) => Input;
  /**
   * The body (or a promise of it), merged over one generated from the route's schema and cut to the schema's
   * keys, so a field added or removed later does not stop every check at 422.
   */
  body?: (x: Ctx) => unknown;
  /** The route ends the session it is called with: use a session of its own. */
  freshToken?: true;
  /** For an answer that authorization let through: describes data the principal must not see, if any. */
  reveals?: (res: LightMyRequestResponse, x: Ctx) => string | null;
}

const now = () => new Date().toISOString();
const email = (x: Ctx, what: string) => `${x.w.unique(what).replaceAll(' ', '.').toLowerCase()}@example.test`;
const data = <T>(res: LightMyRequestResponse) => (res.json() as { data: T[] }).data;

/** A teacher's list holds only what belongs to their schools. */
const onlyTeacherSchools =
  <T>(outside: (item: T, mine: number[]) => boolean, label: (item: T) => string) =>
  (res: LightMyRequestResponse, x: Ctx) => {
    if (x.who.role !== 'teacher') return null;
    const mine = x.w.teacherSchools(x.who);
    const bad = data<T>(res).filter((item) => outside(item, mine));
    return bad.length ? `lists ${bad.map(label).join(', ')} outside the teacher's schools` : null;
  };

const assessmentBody = (x: Ctx) => ({
  kind: 'quiz',
  title: x.w.unique('Matrix quiz'),
  selection: 'fixed',
  question_ids: [x.at.question],
  school_ids: [x.at.school.id],
  published: false,
});
const questionBody = (x: Ctx) => ({
  micro_topic_id: x.w.kg.microTopic,
  difficulty: 2,
  stem: `<p>${x.w.unique('Matrix question')}</p>`,
  explanation: '',
  content: { type: 'true_false', correct: true },
});
const microTopicBody = (x: Ctx) => ({
  sub_topic_id: x.w.kg.subTopic,
  name: x.w.unique('Matrix micro topic'),
  description: '',
  prerequisite_ids: [],
});
/** One support ticket per side, opened by that side's student (made once, on first use). */
const sideTickets = new WeakMap<World, Partial<Record<Side, Promise<number>>>>();
function ticketOf(w: World, side: Side): Promise<number> {
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
const onlyVisibleTickets = (res: LightMyRequestResponse, x: Ctx) => {
  if (x.who.role === 'admin' || !x.who.account) return null;
  const mine = x.w.teacherSchools(x.who);
  const bad = data<{ id: number; user_id: number; school_id: number | null }>(res).filter(
    (t) =>
      t.user_id !== x.who.account!.id &&
      !(x.who.role === 'teacher' && t.school_id !== null && mine.includes(t.school_id)),
  );
  return bad.length ? `lists tickets ${bad.map((t) => t.id).join(', ')} of other users` : null;
};

/** A published lecture or outside-link video aimed at the side's school, made by the admin. */
async function freshContent(x: Ctx, kind: 'lecture' | 'video'): Promise<number> {
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
const sideContent = new WeakMap<World, Map<string, Promise<number>>>();
function contentOf(x: Ctx, kind: 'lecture' | 'video'): Promise<number> {
  const made = sideContent.get(x.w) ?? new Map<string, Promise<number>>();
  sideContent.set(x.w, made);
  const key = `${kind} ${x.at.side}`;
  if (!made.has(key)) made.set(key, freshContent(x, kind));
  return made.get(key)!;
}
/** A teacher's back-office list holds nothing aimed only at the other side's school. */
const onlyReachableContent = (res: LightMyRequestResponse, x: Ctx) => {
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
const sideSessions = new WeakMap<World, Partial<Record<Side, Promise<{ id: number; message: number }>>>>();
function liveOf(w: World, side: Side): Promise<{ id: number; message: number }> {
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
const onlyOwnSchoolsSessions = (res: LightMyRequestResponse, x: Ctx) => {
  if (x.who.role === 'admin' || !x.who.account) return null;
  const mine = x.who.role === 'teacher' ? x.w.teacherSchools(x.who) : [x.who.account.school_id];
  const bad = (res.json() as { data: Array<{ id: number; school_ids: number[] }> }).data.filter(
    (s) => s.school_ids.length > 0 && !s.school_ids.some((id) => mine.includes(id)),
  );
  return bad.length ? `lists live discussions ${bad.map((s) => s.id).join(', ')} of other schools` : null;
};

/** A new location, and a new school in it, made by the admin: for the routes that rename and delete them. */
async function freshLocation(x: Ctx): Promise<number> {
  const res = await x.w.t.request({
    method: 'POST',
    url: '/api/admin/locations',
    token: x.w.adminToken,
    payload: { name: x.w.unique('Matrix location') },
  });
  if (res.statusCode !== 201) throw new Error(`add a location: ${res.statusCode} ${res.body}`);
  return (res.json() as { location: { id: number } }).location.id;
}
async function freshSchool(x: Ctx): Promise<number> {
  const res = await x.w.t.request({
    method: 'POST',
    url: '/api/admin/schools',
    token: x.w.adminToken,
    payload: { name: x.w.unique('Matrix school'), location_id: await freshLocation(x) },
  });
  if (res.statusCode !== 201) throw new Error(`add a school: ${res.statusCode} ${res.body}`);
  return (res.json() as { school: { id: number } }).school.id;
}

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A resource folder aimed at the side's school, made by the admin (fresh: for the routes that change it). */
async function freshFolder(x: Ctx): Promise<number> {
  const res = await x.w.t.request({
    method: 'POST',
    url: '/api/admin/resources/folders',
    token: x.w.adminToken,
    payload: { name: x.w.unique(`Matrix folder ${x.at.side}`), school_ids: [x.at.school.id] },
  });
  if (res.statusCode !== 201) throw new Error(`add a folder: ${res.statusCode} ${res.body}`);
  return (res.json() as { folder: { id: number } }).folder.id;
}
/** A file in a new folder aimed at the side's school, added by the admin. */
async function freshResource(x: Ctx): Promise<number> {
  const res = await x.w.t.request({
    method: 'POST',
    url: '/api/admin/resources',
    token: x.w.adminToken,
    payload: {
      folder_id: await freshFolder(x),
      file_id: await freshFile(x.w),
      title: x.w.unique(`Matrix resource ${x.at.side}`),
    },
  });
  if (res.statusCode !== 201) throw new Error(`add a resource: ${res.statusCode} ${res.body}`);
  return (res.json() as { resource: { id: number } }).resource.id;
}
const sideResources = new WeakMap<World, Map<string, Promise<{ folder: number; resource: number }>>>();
/** The folders resourceOf made, for a row's query (which cannot wait): its params make them first. */
const sideFolders = new Map<string, number>();
/** One folder with one file per side, made once, for the routes that read them. */
function resourceOf(x: Ctx): Promise<{ folder: number; resource: number }> {
  const made = sideResources.get(x.w) ?? new Map<string, Promise<{ folder: number; resource: number }>>();
  sideResources.set(x.w, made);
  if (!made.has(x.at.side))
    made.set(
      x.at.side,
      (async () => {
        const resource = await freshResource(x);
        const res = await x.w.t.request({
          method: 'GET',
          url: `/api/resources/files/${resource}`,
          token: x.w.adminToken,
        });
        const folder = (res.json() as { resource: { folder_id: number } }).resource.folder_id;
        sideFolders.set(`${x.w.dialect} ${x.at.side}`, folder);
        return { folder, resource };
      })(),
    );
  return made.get(x.at.side)!;
}
/** Nobody but an admin is shown a folder aimed only at schools that are not theirs. */
const onlyOwnFolders = (res: LightMyRequestResponse, x: Ctx) => {
  if (x.who.role === 'admin' || !x.who.account) return null;
  const mine = x.who.role === 'teacher' ? x.w.teacherSchools(x.who) : [x.who.account.school_id];
  const bad = (res.json() as { folders: { id: number; school_ids: number[] }[] }).folders.filter(
    (f) => f.school_ids.length > 0 && !f.school_ids.some((s) => mine.includes(s)),
  );
  return bad.length ? `lists folders ${bad.map((f) => f.id).join(', ')} of other schools` : null;
};

/** One image per side, attached to a published lecture aimed only at the side's school (made once). */
const sideFiles = new WeakMap<World, Partial<Record<Side, Promise<number>>>>();
function sideFileOf(x: Ctx): Promise<number> {
  const made = sideFiles.get(x.w) ?? {};
  sideFiles.set(x.w, made);
  return (made[x.at.side] ??= (async () => {
    const file = await freshFile(x.w);
    const res = await x.w.t.request({
      method: 'POST',
      url: '/api/admin/content/lecture',
      token: x.w.adminToken,
      payload: {
        title: x.w.unique(`Matrix handout ${x.at.side}`),
        published: true,
        school_ids: [x.at.school.id],
        attachment_file_ids: [file],
      },
    });
    if (res.statusCode !== 201) throw new Error(`attach a file: ${res.statusCode} ${res.body}`);
    return file;
  })());
}

/** A new image uploaded by the admin (for a route that deletes it). */
async function freshFile(w: World): Promise<number> {
  const boundary = 'matrixboundary';
  const bytes = Buffer.from(PNG.slice(PNG.indexOf(',') + 1), 'base64');
  const res = await w.t.request({
    method: 'POST',
    url: '/api/admin/files?kind=image',
    token: w.adminToken,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (res.statusCode !== 201) throw new Error(`upload a file: ${res.statusCode} ${res.body}`);
  return (res.json() as { file: { id: number } }).file.id;
}

/** A new announcement for the side's school, written and published by that side's teacher. */
async function freshAnnouncement(x: Ctx): Promise<number> {
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
const onlyOwnAnnouncements = (res: LightMyRequestResponse, x: Ctx) => {
  if (x.who.role !== 'teacher') return null;
  const bad = data<{ id: number; author_id: number | null }>(res).filter(
    (a) => a.author_id !== x.who.account!.id,
  );
  return bad.length ? `lists announcements ${bad.map((a) => a.id).join(', ')} of other authors` : null;
};
const noForeignAnnouncements = (res: LightMyRequestResponse, x: Ctx) => {
  if (x.who.role !== 'student') return null;
  const foreign = `Matrix announcement ${otherSide(x.who.home)}`;
  const bad = data<{ title: string }>(res).filter((a) => a.title.startsWith(foreign));
  return bad.length ? `shows ${bad.map((a) => a.title).join(', ')} of another school` : null;
};

/** A teacher's report filtered to their own school; anyone else's unfiltered. */
const ownSchoolFilter = (x: Ctx): Input =>
  x.who.role === 'teacher' ? { school_id: x.w.teacherSchools(x.who)[0]! } : {};

//                                     anonymous | student | foreign student | teacher | foreign teacher | admin
const MATRIX: Record<string, Row> = {
  'GET /api/health': { expect: 'ok | ok | ok | ok | ok | ok' },

  // Auth and the own account.
  'POST /api/auth/login': {
    expect: 'ok | ok | ok | ok | ok | ok',
    body: () => ({ email: 'student@pathbuilder.test', password: PASSWORD }),
  },
  'POST /api/auth/logout': { expect: '401 | ok | ok | ok | ok | ok', freshToken: true },
  'GET /api/refresh': { expect: '401 | ok | ok | ok | ok | ok' },
  'POST /api/register': {
    expect: 'ok | ok | ok | ok | ok | ok',
    body: (x) => ({
      full_name: 'Matrix Registrant',
      email: email(x, 'registrant'),
      password: PASSWORD,
      password_confirmation: PASSWORD,
      location_id: x.w.sides.A.school.location_id,
      school_id: x.w.sides.A.school.id,
    }),
  },
  'POST /api/send-verification-email': {
    expect: 'ok | ok | ok | ok | ok | ok',
    body: (x) => ({ email: email(x, 'nobody') }),
  },
  'POST /api/email/verify/:id': {
    expect: 'ok | ok | ok | ok | ok | ok',
    params: (x) => ({ id: x.user.id }),
    body: () => ({ signature: 'a'.repeat(64), expires: Math.floor(Date.now() / 1000) + 600 }),
  },
  'POST /api/send-reset-password-email': {
    expect: 'ok | ok | ok | ok | ok | ok',
    body: (x) => ({ email: email(x, 'nobody') }),
  },
  'POST /api/reset-password': {
    expect: 'ok | ok | ok | ok | ok | ok',
    body: (x) => ({
      token: 'x'.repeat(40),
      email: email(x, 'nobody'),
      password: PASSWORD,
      password_confirmation: PASSWORD,
    }),
  },
  // Self-service: nobody, not even the admin, changes another user's password or account here.
  'PUT /api/user/:id/change-password': {
    expect: '401 | ok 403 | ok 403 | ok 403 | ok 403 | ok 403',
    params: (x) => ({ id: x.user.id }),
    body: () => ({ current_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD }),
  },
  // Spec 7's recalculations: a student their own, staff the students they may see.
  'PUT /api/user/:id/calculate-proficiency': {
    expect: '401 | ok 403 | ok 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.student.id }),
  },
  'PUT /api/user/:id/calculate-user-progress': {
    expect: '401 | ok 403 | ok 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.student.id }),
  },
  'PUT /api/user/calculate-daily-performance/:date/:id': {
    expect: '401 | ok 403 | ok 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ date: '2026-11-23', id: x.at.student.id }),
  },
  'GET /api/my/learning-profile': { expect: '401 | ok | ok | 403 | 403 | 403' },
  'GET /api/my/learning-pathway': { expect: '401 | ok | ok | 403 | 403 | 403' },
  'GET /api/my/learning-summary': { expect: '401 | ok | ok | 403 | 403 | 403' },
  'GET /api/admin/users/:id/learning-profile': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.student.id }),
  },
  'PUT /api/user/:id': {
    expect: '401 | ok 403 | ok 403 | ok 403 | ok 403 | ok 403',
    params: (x) => ({ id: x.user.id }),
    // The target's own details: were ownership not checked, this would go through.
    body: (x) => ({
      full_name: x.user.full_name,
      email: x.user.email,
      location_id: x.user.location_id,
      school_id: x.user.school_id,
    }),
  },

  // The Account screen: the caller's own e-mail change and devices; a device of someone else's is a 404.
  'GET /api/account/email-change': { expect: '401 | ok | ok | ok | ok | ok' },
  'DELETE /api/account/email-change': { expect: '401 | ok | ok | ok | ok | ok' },
  'GET /api/account/sessions': {
    expect: '401 | ok | ok | ok | ok | ok',
    reveals: (res, x) => {
      const devices = data<{ current: boolean }>(res);
      return devices.filter((d) => d.current).length === 1 ? null : `marks ${x.who.name}'s devices wrongly`;
    },
  },
  // Called with the principal's own token, which stays signed in: only the other sessions end.
  'POST /api/account/sessions/sign-out-others': { expect: '401 | ok | ok | ok | ok | ok' },
  'DELETE /api/account/sessions/:id': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok 404',
    // A new session of the principal (own) or of another user (foreign), not the one the check runs with.
    params: async (x) => {
      await x.w.t.login(x.user.email, PASSWORD);
      const newest = await x.w.t.ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', x.user.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return { id: newest.id };
    },
  },

  'GET /api/lookups/locations': { expect: 'ok | ok | ok | ok | ok | ok' },
  'GET /api/lookups/schools': { expect: 'ok | ok | ok | ok | ok | ok' },

  // Notifications: the spec's calls carry the user id; only the own.
  'GET /api/usernotifications': {
    expect: '401 | ok 403 | ok 403 | ok 403 | ok 403 | ok 403',
    query: (x) => ({ user_id: x.user.id }),
    reveals: (res, x) => {
      const others = [...x.w.notifications]
        .filter(([u]) => u !== x.who.account?.id)
        .flatMap(([, ids]) => ids);
      const bad = data<{ id: number }>(res).filter((n) => others.includes(n.id));
      return bad.length ? `lists notifications ${bad.map((n) => n.id).join(', ')} of other users` : null;
    },
  },
  'GET /api/usernotifications/unseen-count': {
    expect: '401 | ok 403 | ok 403 | ok 403 | ok 403 | ok 403',
    query: (x) => ({ user_id: x.user.id }),
  },
  // Ids of others are ignored (200, nothing marked).
  'POST /api/usernotifications/mark-as-seen': {
    expect: '401 | ok ok | ok ok | ok ok | ok ok | ok ok',
    body: (x) => ({ ids: x.w.notifications.get(x.user.id) ?? [] }),
    reveals: (res, x) => {
      const updated = (res.json() as { updated: number }).updated;
      return !x.own && updated !== 0 ? `marked ${updated} notifications of another user as seen` : null;
    },
  },

  // Users and schools of the back office: teachers manage only the students of their own schools.
  'GET /api/admin/users': {
    expect: '401 | 403 | 403 | ok ok | ok ok | ok ok',
    query: (x) => ({ school_id: x.at.school.id }),
    reveals: onlyTeacherSchools<{ id: number; role: string; school_id: number | null }>(
      (u, mine) => u.role !== 'student' || u.school_id === null || !mine.includes(u.school_id),
      (u) => `user ${u.id}`,
    ),
  },
  'GET /api/admin/users/:id': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.student.id }),
  },
  'PUT /api/admin/users/:id/role': {
    expect: '401 | 403 | 403 | 403 | 403 | ok ok',
    params: (x) => ({ id: x.at.student.id }),
    body: () => ({ role: 'student' }),
  },
  // Manage Users Role and its audit log: admins only.
  'GET /api/admin/audit-log': { expect: '401 | 403 | 403 | 403 | 403 | ok' },
  'PUT /api/admin/users/:id/status': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.student.id }),
    body: () => ({ is_active: true }),
  },
  'POST /api/admin/users': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    body: (x) => ({
      full_name: 'Matrix User',
      email: email(x, 'matrix user'),
      role: 'student',
      location_id: x.at.school.location_id,
      school_id: x.at.school.id,
      teacher_school_ids: [],
    }),
  },
  'PUT /api/admin/users/:id': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.student.id }),
    body: (x) => ({
      full_name: x.at.student.full_name,
      email: x.at.student.email,
      location_id: x.at.school.location_id,
      school_id: x.at.school.id,
    }),
  },
  'POST /api/admin/users/import': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    body: (x) => ({
      csv: `full_name,email,role,school,location\nMatrix Import,${email(x, 'matrix import')},student,"${x.at.school.name}",\n`,
    }),
  },
  'GET /api/admin/users/export': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    reveals: (res, x) => {
      if (x.who.role !== 'teacher') return null;
      const foreign = x.w.sides[otherSide(x.who.home)].student.email;
      return res.body.includes(foreign) ? `lists ${foreign}, a student outside the teacher's schools` : null;
    },
  },
  'GET /api/admin/schools': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    reveals: onlyTeacherSchools<{ id: number }>(
      (s, mine) => !mine.includes(s.id),
      (s) => `school ${s.id}`,
    ),
  },
  'POST /api/admin/schools': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    body: (x) => ({ name: x.w.unique('Matrix school'), location_id: x.w.sides.A.school.location_id }),
  },
  'PUT /api/admin/schools/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok ok',
    params: (x) => ({ id: x.at.school.id }),
    body: (x) => ({ name: x.at.school.name, location_id: x.at.school.location_id }),
  },
  // A teacher reads their own school; another school is refused.
  'GET /api/admin/schools/:id': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.school.id }),
  },
  // A new, empty school each time (one with users is refused with 409: schools-admin.test.ts).
  'DELETE /api/admin/schools/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await freshSchool(x) }),
  },
  // Requests to join a school: a teacher decides (and sees) only those for their own schools; another
  // school's request is a 404, as if it did not exist.
  'GET /api/admin/school-requests': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    reveals: onlyTeacherSchools<{ id: number; school_id: number }>(
      (r, mine) => !mine.includes(r.school_id),
      (r) => `request ${r.id}`,
    ),
  },
  'POST /api/admin/school-requests/:id/approve': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await x.w.freshSchoolRequest(x.at.side) }),
  },
  'POST /api/admin/school-requests/:id/deny': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await x.w.freshSchoolRequest(x.at.side) }),
  },
  'POST /api/admin/locations': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    body: (x) => ({ name: x.w.unique('Matrix location') }),
  },
  'GET /api/admin/locations': { expect: '401 | 403 | 403 | 403 | 403 | ok' },
  'PUT /api/admin/locations/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await freshLocation(x) }),
    body: (x) => ({ name: x.w.unique('Matrix location') }),
  },
  'DELETE /api/admin/locations/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await freshLocation(x) }),
  },

  // Knowledge graph: everyone signed in reads it; only the admin edits it.
  'GET /api/knowledge-graph': { expect: '401 | ok | ok | ok | ok | ok' },
  'POST /api/admin/subjects': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    body: (x) => ({ name: x.w.unique('Matrix subject'), description: '' }),
  },
  'PUT /api/admin/subjects/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshSubject() }),
    body: (x) => ({ name: x.w.unique('Matrix subject'), description: '' }),
  },
  'DELETE /api/admin/subjects/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshSubject() }),
  },
  'POST /api/admin/sub-topics': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    body: (x) => ({ subject_id: x.w.kg.subject, name: x.w.unique('Matrix sub topic') }),
  },
  'PUT /api/admin/sub-topics/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshSubTopic() }),
    body: (x) => ({ subject_id: x.w.kg.subject, name: x.w.unique('Matrix sub topic') }),
  },
  'DELETE /api/admin/sub-topics/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshSubTopic() }),
  },
  'POST /api/admin/micro-topics': { expect: '401 | 403 | 403 | 403 | 403 | ok', body: microTopicBody },
  'PUT /api/admin/micro-topics/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshMicroTopic() }),
    body: microTopicBody,
  },
  'DELETE /api/admin/micro-topics/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshMicroTopic() }),
  },
  'PUT /api/admin/knowledge-graph/order': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    // Every subject, in the order they are in.
    body: async (x) => ({
      level: 'subject',
      ids: (
        (
          await x.w.t.request({ method: 'GET', url: '/api/knowledge-graph', token: x.w.adminToken })
        ).json() as { subjects: Array<{ id: number }> }
      ).subjects.map((s) => s.id),
    }),
  },

  // The question bank: teachers read all of it (it is shared, spec 2.7); only the admin edits it.
  'GET /api/admin/questions': { expect: '401 | 403 | 403 | ok | ok | ok' },
  'GET /api/admin/questions/:id': {
    expect: '401 | 403 | 403 | ok ok | ok ok | ok ok',
    params: (x) => ({ id: x.at.question }),
  },
  'POST /api/admin/questions': { expect: '401 | 403 | 403 | 403 | 403 | ok', body: questionBody },
  'PUT /api/admin/questions/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshQuestion() }),
    body: questionBody,
  },
  'DELETE /api/admin/questions/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await x.w.freshQuestion() }),
  },
  'POST /api/admin/questions/import': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    body: () => ({
      csv: 'micro_topic,type,difficulty,stem,explanation,options,correct\nNo such topic,true_false,1,Stem,,,true\n',
    }),
  },
  'GET /api/admin/questions/export': { expect: '401 | 403 | 403 | 403 | 403 | ok' },

  // Uploaded files: staff upload (the matrix sends no multipart body, so staff get the 422 asking for a file);
  // a file is read by whoever may see something using it (here a lecture aimed at the side's school), its
  // uploader and admins; to anyone else it does not exist. More principals: authorization-file-rows.ts.
  'POST /api/admin/files': { expect: '401 | 403 | 403 | ok | ok | ok' },
  // Without a token, only a signed link reads a file (tests/api/file-access.test.ts); the matrix sends none.
  'GET /api/files/:id': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await sideFileOf(x) }),
  },
  // The uploader (here the admin) or an admin deletes a file; a teacher deletes only their own uploads.
  'DELETE /api/admin/files/:id': {
    expect: '401 | 403 | 403 | 403 | 403 | ok',
    params: async (x) => ({ id: await freshFile(x.w) }),
  },

  // Resources: students and teachers read the folders of their schools (and of every school); staff manage them,
  // a teacher only those aimed at their own schools. Another school's folder is a 404.
  'GET /api/resources/folders': { expect: '401 | ok | ok | ok | ok | ok', reveals: onlyOwnFolders },
  'GET /api/resources/files': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => {
      await resourceOf(x);
      return {};
    },
    query: (x) => ({ folder: sideFolders.get(`${x.w.dialect} ${x.at.side}`)! }),
  },
  'GET /api/resources/files/:id': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: (await resourceOf(x)).resource }),
  },
  'POST /api/admin/resources/folders': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    body: (x) => ({ name: x.w.unique('Matrix folder'), school_ids: [x.at.school.id] }),
  },
  'PUT /api/admin/resources/folders/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await freshFolder(x) }),
    body: (x) => ({ name: x.w.unique('Renamed folder'), school_ids: [x.at.school.id] }),
  },
  'DELETE /api/admin/resources/folders/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await freshFolder(x) }),
  },
  // A file uploaded by someone else, or a folder of another school, is a 422 on its field: checked in resources.test.ts.
  'POST /api/admin/resources': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    body: async (x) => ({
      folder_id: await freshFolder(x),
      file_id: await freshFile(x.w),
      title: 'Matrix file',
    }),
  },
  'PUT /api/admin/resources/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await freshResource(x) }),
    body: async (x) => ({
      folder_id: (
        (
          await x.w.t.request({ method: 'GET', url: '/api/resources/folders', token: x.w.adminToken })
        ).json() as { folders: { id: number; school_ids: number[] }[] }
      ).folders.find((f) => f.school_ids.includes(x.at.school.id))!.id,
      title: 'Renamed file',
    }),
  },
  'DELETE /api/admin/resources/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: async (x) => ({ id: await freshResource(x) }),
  },

  // Assessments: teachers see what their students can take (aimed at everyone or at one of their schools) and
  // manage the quizzes and exams aimed only at their own schools.
  'GET /api/admin/assessments': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    query: () => ({ kind: 'quiz' }),
    reveals: onlyTeacherSchools<{ id: number; school_ids: number[]; can_edit: boolean }>(
      (a, mine) =>
        (a.school_ids.length > 0 && !a.school_ids.some((s) => mine.includes(s))) ||
        (a.can_edit && (!a.school_ids.length || a.school_ids.some((s) => !mine.includes(s)))),
      (a) => `assessment ${a.id}`,
    ),
  },
  'GET /api/admin/assessments/:id': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.assessments.edit }),
  },
  // Own: aimed at the principal's school; foreign: aimed at the other school.
  'POST /api/admin/assessments': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    body: assessmentBody,
  },
  'PUT /api/admin/assessments/:id': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.assessments.edit }),
    body: assessmentBody,
  },
  'DELETE /api/admin/assessments/:id': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: async (x) => ({ id: await x.w.freshAssessment(x.at.side) }),
  },
  'GET /api/admin/assessments/:id/preview': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.assessments.edit }),
  },
  // Results of an assessment: staff who may manage it (a teacher only sees their own students in it).
  'GET /api/admin/assessments/:id/attempts': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.assessments.edit }),
  },

  // Taking assessments: students only, and only their own attempts (another's is a 404, as if it did not exist).
  'GET /api/my/assessments': {
    expect: '401 | ok | ok | 403 | 403 | 403',
    query: () => ({ kind: 'quiz' }),
    reveals: (res, x) => {
      const theirs = Object.values(x.w.sides[otherSide(x.who.home)].assessments);
      const bad = data<{ id: number }>(res).filter((a) => theirs.includes(a.id));
      return bad.length ? `lists assessments ${bad.map((a) => a.id).join(', ')} of the other school` : null;
    },
  },
  // Own: an assessment aimed at the student's school; foreign: one aimed only at the other school.
  'POST /api/attempts': {
    expect: '401 | ok 404 | ok 404 | 403 | 403 | 403',
    body: (x) => ({ id: newId(), assessment_id: x.at.assessments.take }),
  },
  'POST /api/practice': {
    expect: '401 | ok | ok | 403 | 403 | 403',
    body: (x) => ({ id: newId(), micro_topic_ids: [x.w.practiceMicroTopic], count: 1 }),
  },
  'GET /api/attempts/:id': {
    expect: '401 | ok 404 | ok 404 | 403 | 403 | 403',
    params: (x) => ({ id: x.at.openAttempt }),
  },
  'PUT /api/attempts/:id/answers/:questionId': {
    expect: '401 | ok 404 | ok 404 | 403 | 403 | 403',
    params: (x) => ({ id: x.at.openAttempt, questionId: x.at.question }),
    body: () => ({ answer: { type: 'true_false', value: true }, answered_at: now() }),
  },
  'PUT /api/attempts/:id/position': {
    expect: '401 | ok 404 | ok 404 | 403 | 403 | 403',
    params: (x) => ({ id: x.at.openAttempt }),
    body: () => ({ position: 0 }),
  },
  'POST /api/attempts/:id/submit': {
    expect: '401 | ok 404 | ok 404 | 403 | 403 | 403',
    params: async (x) => ({ id: await x.w.attemptToSubmit(x.at.side) }),
    body: () => ({}),
  },
  // Results: the student's own, a teacher's view of their own school's students, the admin's of anyone's.
  'GET /api/attempts/:id/result': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: (x) => ({ id: x.at.submittedAttempt }),
  },
  'GET /api/attempts/:id/analysis': {
    expect: '401 | ok 404 | ok 404 | ok 404 | ok 404 | ok ok',
    params: (x) => ({ id: x.at.submittedAttempt }),
  },
  'GET /api/my/diagnostic-results': { expect: '401 | ok | ok | 403 | 403 | 403' },

  // The admin dashboard and Reports: staff, a teacher only for their own schools (another school: 403).
  'GET /api/admin/dashboard': { expect: '401 | 403 | 403 | ok | ok | ok' },
  'GET /api/admin/reports/rankings/students': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    query: (x) => ({ school_id: x.at.school.id }),
  },
  'GET /api/admin/reports/rankings/students/export': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    query: (x) => ({ school_id: x.at.school.id }),
  },
  'GET /api/admin/reports/rankings/schools': { expect: '401 | 403 | 403 | ok | ok | ok' },
  'GET /api/admin/reports/rankings/schools/export': { expect: '401 | 403 | 403 | ok | ok | ok' },
  'GET /api/admin/reports/assessments': { expect: '401 | 403 | 403 | ok | ok | ok' },
  // Item analysis shows stems and key flags: another school's assessment is a 404 even filtered to the
  // teacher's own school (its attempts would be none, its keys not).
  'GET /api/admin/reports/item-analysis/:id': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: (x) => ({ id: x.at.assessments.done }),
    query: ownSchoolFilter,
  },
  'GET /api/admin/reports/item-analysis/:id/export': {
    expect: '401 | 403 | 403 | ok 404 | ok 404 | ok ok',
    params: (x) => ({ id: x.at.assessments.done }),
    query: ownSchoolFilter,
  },
  'GET /api/admin/reports/activity': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    query: (x) => ({ school_id: x.at.school.id }),
  },
  'GET /api/admin/reports/activity/export': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    query: (x) => ({ school_id: x.at.school.id }),
  },
  'GET /api/admin/reports/inactive': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    query: (x) => ({ school_id: x.at.school.id }),
  },
  'GET /api/admin/reports/inactive/export': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    query: (x) => ({ school_id: x.at.school.id }),
  },
  // The student's own relative board and their choice to appear in rankings: no user id, so only their own.
  'GET /api/my/ranking': { expect: '401 | ok | ok | 403 | 403 | 403' },
  'GET /api/my/ranking/visibility': { expect: '401 | ok | ok | 403 | 403 | 403' },
  'PUT /api/my/ranking/visibility': {
    expect: '401 | ok | ok | 403 | 403 | 403',
    body: () => ({ visible: true }),
  },

  // The student's own record: no user id in the route, so nobody else's can be asked for.
  'GET /api/my/record': { expect: '401 | ok | ok | 403 | 403 | 403' },

  // Support: anyone signed in opens and follows their own tickets; a student's ticket is answered by the
  // admins and the teachers of the student's school. Anyone else's is a 404, as if it did not exist.
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

// ---------------------------------------------------------------------------------------------------------
// Reading the table.

const keyOf = (r: { method: string | string[]; url: string }) =>
  `${Array.isArray(r.method) ? r.method.join(',') : r.method} ${r.url}`;

interface Expectation {
  scoped: boolean;
  cells: Record<PrincipalName, [Cell, Cell]>;
}

function parseExpect(key: string, text: string): Expectation {
  const columns = text.split('|').map((c) => c.trim().split(/\s+/));
  if (columns.length !== PRINCIPALS.length)
    throw new Error(`row ${key}: ${columns.length} columns, expected ${PRINCIPALS.length}`);
  const cells = {} as Expectation['cells'];
  let scoped = false;
  PRINCIPALS.forEach((p, i) => {
    const c = columns[i]!;
    if (c.length < 1 || c.length > 2 || c.some((v) => !CELLS.includes(v)))
      throw new Error(`row ${key}: bad cell "${c.join(' ')}" for ${p}`);
    if (c.length === 2) scoped = true;
    cells[p] = [c[0] as Cell, (c[1] ?? c[0]) as Cell];
  });
  return { scoped, cells };
}

/** What the route's declared access forces, whatever the table says. */
function forcedBy(access: RouteInfo['access'], who: Principal): Cell | null {
  if (access === 'public') return null;
  if (who.role === 'anonymous') return '401';
  if (access !== 'user' && !access.includes(who.role as never)) return '403';
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Inputs: the table's, over samples generated from the route's zod schemas.

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  format?: string;
  checks?: Array<{ _zod: { def: { check: string; value?: number; inclusive?: boolean; minimum?: number } } }>;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def; optin?: string } })._zod;

/** A value that satisfies simple schemas (formats, bounds, enums); good enough to reach the handler. */
function sample(schema: z.ZodType): unknown {
  const { def } = defOf(schema);
  const check = (name: string) => def.checks?.find((c) => c._zod.def.check === name)?._zod.def;
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape ?? {})) {
        const field = defOf(v);
        if (field.optin !== 'optional' && !['optional', 'default', 'prefault'].includes(field.def.type))
          out[k] = sample(v);
      }
      return out;
    }
    case 'string': {
      if (def.format === 'email') return `matrix.${newId().slice(0, 8)}@example.test`;
      if (def.format === 'uuid' || def.format === 'guid') return newId();
      if (def.format === 'datetime') return now();
      if (def.format === 'url') return 'https://example.test/';
      return 'matrix-sample'.padEnd(check('min_length')?.minimum ?? 0, 'x');
    }
    case 'number': {
      const gt = check('greater_than');
      return gt ? (gt.value ?? 0) + (gt.inclusive ? 0 : 1) : 1;
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: check('min_length')?.minimum ?? 0 }, () => sample(def.element!));
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'union':
      return sample(def.options![0]!);
    case 'nullable':
      return null;
    case 'optional':
    case 'default':
    case 'prefault':
      return sample(def.innerType!);
    case 'pipe':
      return sample(def.in!);
    case 'record':
      return {};
    default:
      return undefined;
  }
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The table's value over the schema's sample, keeping only the keys the schema knows. */
function fit(schema: z.ZodType | undefined, given: unknown): unknown {
  if (!schema) return given;
  const base = sample(schema);
  if (given === undefined) return base;
  const shape = defOf(schema).def.shape;
  if (!isPlain(given) || !isPlain(base) || !shape) return given;
  return Object.fromEntries(Object.entries({ ...base, ...given }).filter(([k]) => k in shape));
}

const asQuery = (q: unknown) =>
  isPlain(q)
    ? Object.fromEntries(
        Object.entries(q)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      )
    : undefined;

const ctxOf = (w: World, who: Principal, own: boolean): Ctx => ({
  w,
  who,
  own,
  at: w.sides[own ? who.home : otherSide(who.home)],
  user: (own ? who.account : null) ?? w.principals[who.counterpart].account!,
});

// ---------------------------------------------------------------------------------------------------------
// Judging one answer.

const REFUSALS = [401, 403, 404];
type Verdict = 'pass' | 'leak' | 'mismatch';

function judge(cell: Cell, status: number): Verdict {
  if (status >= 500) return 'mismatch';
  if (cell === 'ok') return REFUSALS.includes(status) ? 'mismatch' : 'pass';
  const refused = cell === '4xx' ? [403, 404].includes(status) : status === Number(cell);
  if (refused) return 'pass';
  return status < 300 ? 'leak' : 'mismatch';
}

// The route table, read once from an app of its own so the cases below are generated from it.
const declared: RouteInfo[] = await (async () => {
  const t = await startTestApp('sqlite', { seed: 'none' });
  const routes = [...t.routes];
  await t.close();
  return routes;
})();

describe.each(dialects)('authorization matrix (%s)', (dialect) => {
  let w: World;
  let started = 0;
  const tally = { checks: 0, leaks: [] as string[], businessRule: new Map<string, string>() };
  beforeAll(async () => {
    started = Date.now();
    w = await buildWorld(dialect);
  }, 180_000);
  afterAll(() => w?.t.close());

  it('has a row for every declared route, and none for a route that is gone', () => {
    const routes = new Set(w.t.routes.map(keyOf));
    expect(routes).toEqual(new Set(declared.map(keyOf)));
    const problems = [
      ...[...routes]
        .filter((k) => !MATRIX[k])
        .map((k) => `route ${k} has no row in the authorization matrix`),
      ...Object.keys(MATRIX)
        .filter((k) => !routes.has(k))
        .map((k) => `the authorization matrix has a row for ${k}, which is no longer a route`),
    ];
    expect(problems).toEqual([]);
  });

  it('has rows that agree with each route’s declared access', () => {
    const problems: string[] = [];
    for (const route of declared) {
      const key = keyOf(route);
      const row = MATRIX[key];
      if (!row) continue;
      const { cells } = parseExpect(key, row.expect);
      for (const name of PRINCIPALS) {
        const forced = forcedBy(route.access, w.principals[name]);
        for (const cell of cells[name]) {
          if (forced && cell !== forced)
            problems.push(
              `${key}: the row says ${name} → ${cell}; its access ${JSON.stringify(route.access)} gives ${forced}`,
            );
          if (!forced && route.access !== 'public' && cell === '401')
            problems.push(`${key}: the row says ${name} → 401, but ${name} is signed in`);
        }
      }
      if (/:\w+/.test(route.url) && !row.params) problems.push(`${key}: the row has no params for its url`);
    }
    expect(problems).toEqual([]);
  });

  it('would notice a leak: the judge, and each content check fed an answer meant for someone else', async () => {
    expect([judge('403', 200), judge('404', 204), judge('401', 200), judge('4xx', 201)]).toEqual([
      'leak',
      'leak',
      'leak',
      'leak',
    ]);
    expect([judge('ok', 403), judge('403', 422), judge('ok', 500), judge('404', 403)]).toEqual([
      'mismatch',
      'mismatch',
      'mismatch',
      'mismatch',
    ]);
    expect([judge('ok', 409), judge('ok', 422), judge('4xx', 404), judge('401', 401)]).toEqual([
      'pass',
      'pass',
      'pass',
      'pass',
    ]);
    const { admin, teacher, student, foreignStudent } = w.principals;
    const get = (url: string, token: string | null, query?: Record<string, string>) =>
      w.t.request({ method: 'GET', url, token: token ?? undefined, query });
    // What the admin sees of both schools, checked as if the teacher of school A had been shown it.
    const cases: Array<[string, LightMyRequestResponse, Ctx]> = [
      [
        'GET /api/admin/users',
        await get('/api/admin/users', admin.token, { per_page: '100' }),
        ctxOf(w, teacher, true),
      ],
      [
        'GET /api/admin/users/export',
        await get('/api/admin/users/export', admin.token),
        ctxOf(w, teacher, true),
      ],
      [
        'GET /api/admin/schools',
        await get('/api/admin/schools', admin.token, { per_page: '100' }),
        ctxOf(w, teacher, true),
      ],
      [
        'GET /api/admin/assessments',
        await get('/api/admin/assessments', admin.token, { kind: 'quiz', per_page: '100' }),
        ctxOf(w, teacher, true),
      ],
      [
        'GET /api/admin/school-requests',
        await get('/api/admin/school-requests', admin.token),
        ctxOf(w, teacher, true),
      ],
      // The foreign student's list and notifications, as if the student of school A had been shown them.
      [
        'GET /api/my/assessments',
        await get('/api/my/assessments', foreignStudent.token, { kind: 'quiz' }),
        ctxOf(w, student, true),
      ],
      [
        'GET /api/usernotifications',
        await get('/api/usernotifications', foreignStudent.token, {
          user_id: String(foreignStudent.account!.id),
        }),
        ctxOf(w, student, true),
      ],
    ];
    // Both students' tickets, as the admin lists them, as if the student of school A had been shown them.
    // Both schools' live discussions, as the admin lists them, as if the student of school A had been shown them.
    await Promise.all([liveOf(w, 'A'), liveOf(w, 'B')]);
    cases.push([
      'GET /api/live-discussions',
      await get('/api/live-discussions', admin.token),
      ctxOf(w, student, true),
    ]);
    await Promise.all([ticketOf(w, 'A'), ticketOf(w, 'B')]);
    cases.push([
      'GET /api/support/tickets',
      await get('/api/support/tickets', admin.token, { per_page: '100' }),
      ctxOf(w, student, true),
    ]);
    for (const [key, res, x] of cases) {
      expect(res.statusCode, key).toBe(200);
      expect(MATRIX[key]!.reveals!(res, x), key).toMatch(/^(lists|marked) /);
    }
  });

  it('refuses a teacher who aims an assessment of their own school at another school too, or at every school', async () => {
    const { teacher } = w.principals;
    const { A, B } = w.sides;
    const body = (school_ids: number[]) => ({ ...assessmentBody(ctxOf(w, teacher, true)), school_ids });
    const before = await w.t.request({
      method: 'GET',
      url: `/api/admin/assessments/${A.assessments.edit}`,
      token: teacher.token!,
    });
    const answers = [
      await w.t.request({
        method: 'POST',
        url: '/api/admin/assessments',
        token: teacher.token!,
        payload: body([A.school.id, B.school.id]),
      }),
      await w.t.request({
        method: 'PUT',
        url: `/api/admin/assessments/${A.assessments.edit}`,
        token: teacher.token!,
        payload: body([A.school.id, B.school.id]),
      }),
      await w.t.request({
        method: 'PUT',
        url: `/api/admin/assessments/${A.assessments.edit}`,
        token: teacher.token!,
        payload: body([]),
      }),
    ];
    // Every school is refused as a missing field, named with any other error of the form (not a bare 403).
    expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 422]);
    expect(answers[2]!.json().errors).toEqual({ school_ids: ['Choose the schools this is for.'] });
    const after = await w.t.request({
      method: 'GET',
      url: `/api/admin/assessments/${A.assessments.edit}`,
      token: teacher.token!,
    });
    expect(after.json().assessment.school_ids).toEqual(before.json().assessment.school_ids);
    expect(after.json().assessment.updated_at).toBe(before.json().assessment.updated_at);
  });

  it.each(declared.map((r) => [keyOf(r), r] as const))(
    '%s',
    async (key, route) => {
      const row = MATRIX[key];
      if (!row) throw new Error(`route ${key} has no row in the authorization matrix`);
      const { scoped, cells } = parseExpect(key, row.expect);
      const failures: string[] = [];
      for (const name of PRINCIPALS) {
        const who = w.principals[name];
        for (const own of scoped ? [true, false] : [true]) {
          const x = ctxOf(w, who, own);
          const params = row.params ? await row.params(x) : {};
          let url = route.url;
          for (const [k, v] of Object.entries(params))
            url = url.replace(`:${k}`, encodeURIComponent(String(v)));
          const body = route.body || row.body ? fit(route.body, await row.body?.(x)) : undefined;
          const query = route.query || row.query ? asQuery(fit(route.query, row.query?.(x))) : undefined;
          const token = who.token ? (row.freshToken ? await w.freshToken(who) : who.token) : undefined;
          const res = await w.t.request({
            method: route.method as 'GET',
            url,
            token,
            ...(query ? { query } : {}),
            ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
          });
          const cell = cells[name][own ? 0 : 1];
          let verdict = judge(cell, res.statusCode);
          let why = '';
          if (verdict === 'pass' && res.statusCode < 300 && row.reveals) {
            const leak = row.reveals(res, x);
            if (leak) [verdict, why] = ['leak', leak];
          }
          tally.checks++;
          const what = `${key} as ${name}${scoped ? (own ? ' (own object)' : ' (foreign object)') : ''}`;
          if (cell === 'ok' && res.statusCode >= 400 && verdict === 'pass') {
            const k = `${key} ${res.statusCode}`;
            if (!tally.businessRule.has(k)) tally.businessRule.set(k, res.body.slice(0, 300));
          }
          if (verdict === 'pass') continue;
          const invalid =
            res.statusCode === 422 && route.body && body !== undefined && !route.body.safeParse(body).success
              ? ' (the matrix’s body does not satisfy the route’s schema: fix the row)'
              : '';
          const message = `${what}: expected ${cell}, got ${res.statusCode}${why ? ` — ${why}` : ''}${invalid} ${res.body.slice(0, 200)}`;
          if (verdict === 'leak') tally.leaks.push(`LEAK ${message}`);
          failures.push(verdict === 'leak' ? `LEAK ${message}` : message);
        }
      }
      expect(failures).toEqual([]);
    },
    60_000,
  );

  // Object-level rows for every file-bearing route, with the principals the table above has no column for: an
  // account whose school has not approved it, and a logged-out token (authorization-file-rows.ts).
  describe('file-bearing routes', () => {
    let f: FileWorld;
    beforeAll(async () => {
      f = await buildFileWorld(w);
    }, 120_000);

    it('has a row for every file-bearing route, and none for a route that is not one', () => {
      const bearing = declared.filter(fileBearing).map(keyOf);
      expect(new Set(Object.keys(FILE_ROWS))).toEqual(new Set(bearing));
    });

    it.each(declared.filter(fileBearing).map((r) => [keyOf(r), r] as const))(
      '%s (file rows)',
      async (_key, route) => {
        expect(await runFileRow(f, route, fit)).toEqual([]);
      },
      60_000,
    );
  });

  it('leaks nothing', () => {
    const routes = declared.length;
    console.log(
      `authorization matrix (${dialect}): ${routes} routes × ${PRINCIPALS.length} principals, ` +
        `${tally.checks} checks, ${tally.leaks.length} leaks (${((Date.now() - started) / 1000).toFixed(1)} s)` +
        (tally.businessRule.size
          ? `\n  allowed, answered by a business rule: ${[...tally.businessRule]
              .map(([k, body]) => (process.env.AUTHZ_MATRIX_VERBOSE ? `\n    ${k} ${body}` : k))
              .join('; ')}`
          : ''),
    );
    expect(tally.leaks).toEqual([]);
  });
});

import { PASSWORD } from '../factories/principals.ts';
import { data, email, type Row } from './table.ts';

//                                     anonymous | student | foreign student | teacher | foreign teacher | admin
export const ACCOUNT_ROWS: Record<string, Row> = {
  'GET /api/health': { expect: 'ok | ok | ok | ok | ok | ok' },
  'GET /api/health/ready': { expect: 'ok | ok | ok | ok | ok | ok' },

  // Auth and the own account.
  'POST /api/auth/login': {
    expect: 'ok | ok | ok | ok | ok | ok',
    body: () => ({ email: 'student@pathbuilder.test', password: PASSWORD }),
  },
  'POST /api/auth/logout': { expect: '401 | ok | ok | ok | ok | ok', freshToken: true },
  'GET /api/refresh': { expect: '401 | ok | ok | ok | ok | ok' },
  // Each part runs through its own route with the caller's session (batch.test.ts checks the parts).
  'POST /api/batch': {
    expect: '401 | ok | ok | ok | ok | ok',
    body: () => ({ get: ['/announcements/current'] }),
  },
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
  // Assigning practice from a student's profile: as the profile, a teacher only to their schools' students.
  'POST /api/admin/users/:id/practice': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.student.id }),
    body: (x) => ({ micro_topic_ids: [x.w.practiceMicroTopic] }),
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
};

import { otherSide } from '../factories/principals.ts';
import { newId } from '../factories/learning.ts';
import { data, now, onlyTeacherSchools, type Ctx, type Input, type Row } from './table.ts';

export const assessmentBody = (x: Ctx) => ({
  kind: 'quiz',
  title: x.w.unique('Matrix quiz'),
  selection: 'fixed',
  question_ids: [x.at.question],
  school_ids: [x.at.school.id],
  published: false,
});
/** A teacher's report filtered to their own school; anyone else's unfiltered. */
export const ownSchoolFilter = (x: Ctx): Input =>
  x.who.role === 'teacher' ? { school_id: x.w.teacherSchools(x.who)[0]! } : {};
//                                     anonymous | student | foreign student | teacher | foreign teacher | admin
export const ASSESSMENTS_ROWS: Record<string, Row> = {
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
  // Accommodations and overrides: staff who may manage the assessment, a teacher only for their own schools'
  // students and schools (own: the principal's side's assessment with its student or school; foreign: the
  // other side's).
  'GET /api/admin/assessments/:id/overrides': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.assessments.edit }),
  },
  'PUT /api/admin/assessments/:id/overrides/:userId': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.assessments.edit, userId: x.at.student.id }),
    body: () => ({ extra_minutes: 10 }),
  },
  'DELETE /api/admin/assessments/:id/overrides/:userId': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.assessments.edit, userId: x.at.student.id }),
  },
  'PUT /api/admin/assessments/:id/overrides/school/:schoolId': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.assessments.edit, schoolId: x.at.school.id }),
    body: () => ({ attempts_allowed: 5 }),
  },
  'DELETE /api/admin/assessments/:id/overrides/school/:schoolId': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.assessments.edit, schoolId: x.at.school.id }),
  },
  // The live view of an assessment being taken: staff who may follow it, a teacher seeing their own students.
  'GET /api/admin/assessments/:id/live': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.assessments.take }),
    reveals: (res, x) => {
      if (x.who.role !== 'teacher') return null;
      const mine = x.w.teacherSchools(x.who);
      const rows = (res.json() as { rows: Array<{ user_id: number; school_id: number | null }> }).rows;
      const bad = rows.filter((r) => r.school_id === null || !mine.includes(r.school_id));
      return bad.length ? `lists students ${bad.map((r) => r.user_id).join(', ')} of other schools` : null;
    },
  },
  // Allowed: 406 here (an injected request does not ask for text/event-stream, and the stream would stay open).
  'GET /api/admin/assessments/:id/live/stream': {
    expect: '401 | 403 | 403 | ok 403 | ok 403 | ok ok',
    params: (x) => ({ id: x.at.assessments.take }),
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
  'POST /api/attempts/:id/heartbeat': {
    expect: '401 | ok 404 | ok 404 | 403 | 403 | 403',
    params: (x) => ({ id: x.at.openAttempt }),
    body: () => ({ outbox: 0 }),
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
  // "Needs attention" on the dashboard: staff; a teacher's quiet students are of their own schools only.
  'GET /api/admin/needs-attention': {
    expect: '401 | 403 | 403 | ok | ok | ok',
    reveals: (res, x) => {
      if (x.who.role !== 'teacher') return null;
      const theirs = x.w.sides[otherSide(x.who.home)].student.id;
      const listed = (res.json() as { inactive: { students: Array<{ user_id: number }> } }).inactive.students;
      return listed.some((s) => s.user_id === theirs) ? `lists student ${theirs} of the other school` : null;
    },
  },
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
};

import type { Override, OverrideInput } from '../../../shared/contracts/overrides.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import type { AssessmentsService } from './assessments.service.ts';
import type { OverrideFields } from './override-rules.ts';
import { createOverridesRepository, type OverrideTarget } from './overrides.repository.ts';

/** One line of the audit log (the users feature keeps it). */
type AuditWrite = (entry: {
  actor_id: number;
  actor_name: string;
  target_user_id: number | null;
  target_name: string;
  action: 'set_override' | 'remove_override';
  before: string;
  after: string;
  created_at: string;
}) => Promise<unknown>;

/** Attempts in progress whose rules changed: their deadlines follow (attempts feature, attempt-clock.ts). */
type Retime = (f: { assessmentId: number; userId?: number; schoolId?: number }) => Promise<unknown>;

/** An override's rules as the audit log reads them. */
export function describeOverride(o: OverrideFields | undefined): string {
  if (!o) return 'none';
  const parts = [
    o.extra_minutes !== null ? `${o.extra_minutes} extra minute${o.extra_minutes === 1 ? '' : 's'}` : null,
    o.time_multiplier !== null ? `time × ${o.time_multiplier}` : null,
    o.closes_at !== null ? `closes ${o.closes_at}` : null,
    o.attempts_allowed !== null
      ? `${o.attempts_allowed} attempt${o.attempts_allowed === 1 ? '' : 's'}`
      : null,
  ].filter(Boolean);
  return parts.join('; ') || 'none';
}

/**
 * Accommodations and overrides (issue 27): staff who may manage an assessment give one student (or every
 * student of one school) extra time, another close date or more attempts. A teacher only for the students
 * and schools of their own (another's: 403, as assigning practice). Each change is audited, and the deadline
 * of an attempt in progress follows at once.
 */
export function createOverridesService(
  ctx: AppContext,
  deps: {
    assessments: AssessmentsService;
    teacherSchoolIds: (userId: number) => Promise<number[]>;
    retime: Retime;
    audit: AuditWrite;
  },
) {
  const repo = createOverridesRepository(ctx.db);

  /** The assessment, if the actor may manage it; a diagnostic has no overrides. */
  async function assessmentFor(actor: Authed, id: number) {
    const a = await deps.assessments.manageable(actor, id);
    if (a.kind === 'diagnostic')
      throw unprocessable({ assessment: ['The diagnostic is untimed and taken once: it has no overrides.'] });
    return a;
  }

  /** The schools whose students the actor may give overrides to (admins: every school). */
  const ownSchools = async (actor: Authed) =>
    roleOf(actor.user) === 'admin' ? null : await deps.teacherSchoolIds(actor.user.id);

  async function studentFor(actor: Authed, userId: number, a: { school_ids: number[] }) {
    const student = await repo.user(userId);
    if (!student) throw notFound('That user does not exist.');
    const isStudent = student.is_admin !== 1 && student.is_teacher !== 1;
    const own = await ownSchools(actor);
    if (own && (!isStudent || student.school_id === null || !own.includes(student.school_id)))
      throw forbidden('You can only give overrides to the students of your own schools.');
    if (!isStudent) throw unprocessable({ user_id: ['Overrides are for students only.'] });
    if (a.school_ids.length && (student.school_id === null || !a.school_ids.includes(student.school_id)))
      throw unprocessable({ user_id: ['This assessment is not for this student’s school.'] });
    return student;
  }

  async function schoolFor(actor: Authed, schoolId: number, a: { school_ids: number[] }) {
    const school = await repo.school(schoolId);
    if (!school) throw notFound('That school does not exist.');
    const own = await ownSchools(actor);
    if (own && !own.includes(school.id)) throw forbidden('You can only give overrides to your own schools.');
    if (a.school_ids.length && !a.school_ids.includes(school.id))
      throw unprocessable({ school_id: ['This assessment is not for this school.'] });
    return school;
  }

  const fieldsOf = (body: OverrideInput): OverrideFields => ({
    extra_minutes: body.extra_minutes ?? null,
    time_multiplier: body.time_multiplier ?? null,
    closes_at: body.closes_at ? new Date(body.closes_at).toISOString() : null,
    attempts_allowed: body.attempts_allowed ?? null,
  });

  function checkAgainst(a: { opens_at: string | null }, fields: OverrideFields): void {
    if (fields.closes_at && a.opens_at && Date.parse(fields.closes_at) <= Date.parse(a.opens_at))
      throw unprocessable({ closes_at: ['The close date must be after the assessment opens.'] });
  }

  async function list(actor: Authed, assessmentId: number): Promise<Override[]> {
    await assessmentFor(actor, assessmentId);
    const own = await ownSchools(actor);
    const rows = await repo.list(assessmentId);
    return rows
      .filter(
        (r) =>
          !own ||
          (r.school_id !== null
            ? own.includes(r.school_id)
            : r.student_school_id !== null && own.includes(r.student_school_id)),
      )
      .map((r) => ({
        id: r.id,
        assessment_id: r.assessment_id,
        user_id: r.user_id,
        student_name: r.student_name,
        school_id: r.school_id,
        school_name: r.school_name,
        extra_minutes: r.extra_minutes,
        time_multiplier: r.time_multiplier === null ? null : Number(r.time_multiplier),
        closes_at: r.closes_at,
        attempts_allowed: r.attempts_allowed,
        standing_multiplier: r.standing_multiplier === null ? null : Number(r.standing_multiplier),
        updated_at: r.updated_at,
      }));
  }

  async function put(
    actor: Authed,
    assessmentId: number,
    target: OverrideTarget,
    who: { user_id: number | null; name: string },
    a: { title: string; kind: string; opens_at: string | null },
    body: OverrideInput,
  ): Promise<Override> {
    const fields = fieldsOf(body);
    checkAgainst(a, fields);
    const before = await repo.find(assessmentId, target);
    const t = ctx.now().toISOString();
    await repo.put(assessmentId, target, { ...fields, updated_by: actor.user.id, updated_at: t });
    await deps.audit({
      actor_id: actor.user.id,
      actor_name: actor.user.full_name,
      target_user_id: who.user_id,
      target_name: who.name.slice(0, 200),
      action: 'set_override',
      before: `${title(a)}: ${describeOverride(before)}`,
      after: `${title(a)}: ${describeOverride(fields)}`,
      created_at: t,
    });
    await deps.retime({ assessmentId, ...target });
    const row = (await list(actor, assessmentId)).find((o) =>
      'userId' in target ? o.user_id === target.userId : o.school_id === target.schoolId,
    );
    if (!row) throw notFound('That override does not exist.');
    return row;
  }

  async function remove(
    actor: Authed,
    assessmentId: number,
    target: OverrideTarget,
    who: { user_id: number | null; name: string },
    a: { title: string; kind: string },
  ): Promise<void> {
    const before = await repo.find(assessmentId, target);
    // Removing what is not there changes nothing: no audit line, no retiming.
    if (!before || !(await repo.remove(assessmentId, target))) return;
    await deps.audit({
      actor_id: actor.user.id,
      actor_name: actor.user.full_name,
      target_user_id: who.user_id,
      target_name: who.name.slice(0, 200),
      action: 'remove_override',
      before: `${title(a)}: ${describeOverride(before)}`,
      after: `${title(a)}: none`,
      created_at: ctx.now().toISOString(),
    });
    await deps.retime({ assessmentId, ...target });
  }

  const title = (a: { title: string; kind: string }) =>
    `${a.kind === 'exam' ? 'Exam' : 'Quiz'} “${a.title.slice(0, 120)}”`;

  return {
    list,
    async putStudent(actor: Authed, assessmentId: number, userId: number, body: OverrideInput) {
      const a = await assessmentFor(actor, assessmentId);
      const s = await studentFor(actor, userId, a);
      return put(actor, assessmentId, { userId }, { user_id: s.id, name: s.full_name }, a, body);
    },
    async removeStudent(actor: Authed, assessmentId: number, userId: number) {
      const a = await assessmentFor(actor, assessmentId);
      const s = await studentFor(actor, userId, { school_ids: [] });
      await remove(actor, assessmentId, { userId }, { user_id: s.id, name: s.full_name }, a);
    },
    async putSchool(actor: Authed, assessmentId: number, schoolId: number, body: OverrideInput) {
      const a = await assessmentFor(actor, assessmentId);
      const s = await schoolFor(actor, schoolId, a);
      return put(actor, assessmentId, { schoolId }, { user_id: null, name: `School “${s.name}”` }, a, body);
    },
    async removeSchool(actor: Authed, assessmentId: number, schoolId: number) {
      const a = await assessmentFor(actor, assessmentId);
      const s = await schoolFor(actor, schoolId, { school_ids: [] });
      await remove(actor, assessmentId, { schoolId }, { user_id: null, name: `School “${s.name}”` }, a);
    },
  };
}
export type OverridesService = ReturnType<typeof createOverridesService>;

import type {
  Assessment,
  AssessmentKind,
  MyAssessment,
  ReviewPolicy,
} from '../../../shared/contracts/assessments.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import { createAssessmentAccess, type Editor } from './assessment-access.ts';
import { columns, parts, type AssessmentInput } from './assessment-input.ts';
import { createAssessmentsRepository, type AssessmentRow } from './assessments.repository.ts';
import { createExposureCheck, type AuditWrite, type RevealedByPractice } from './exposed-questions.ts';
import { myAssessment, type AttemptSummary } from './my-assessments.ts';
import { effectiveRules, mergeOverrides, type BaseRules, type EffectiveRules } from './override-rules.ts';
import { createOverridesRepository } from './overrides.repository.ts';

export type { AssessmentInput } from './assessment-input.ts';
export type { AttemptSummary } from './my-assessments.ts';

/**
 * A teacher's assessment names its schools (an admin's may be for every school). Also asked of a body the
 * contract refuses, so that refusal names this field too.
 */
export function missingSchools(actor: Authed | null, schoolIds: unknown): Record<string, string[]> {
  if (!actor || roleOf(actor.user) === 'admin') return {};
  return Array.isArray(schoolIds) && schoolIds.length > 0
    ? {}
    : { school_ids: ['Choose the schools this is for.'] };
}

export function createAssessmentsService(
  ctx: AppContext,
  deps: {
    teacherSchoolIds: (userId: number) => Promise<number[]>;
    revealedByPractice: RevealedByPractice;
    audit: AuditWrite;
  },
) {
  const repo = createAssessmentsRepository(ctx.db);
  const overrides = createOverridesRepository(ctx.db);
  const exposure = createExposureCheck(ctx, repo, deps);
  const iso = () => ctx.now().toISOString();

  const { editorOf, mayEdit, checkManage, checkTarget, viewRefusal, checkView } = createAssessmentAccess(
    deps.teacherSchoolIds,
  );

  /** `editor` decides `can_edit`; without one (internal use) nothing is editable. */
  async function toAssessment(row: AssessmentRow, editor?: Editor): Promise<Assessment> {
    const [question_ids, draws, school_ids] = await Promise.all([
      repo.questionIds(row.id),
      repo.draws(row.id),
      repo.schoolIds(row.id),
    ]);
    return {
      id: row.id,
      kind: row.kind as AssessmentKind,
      title: row.title,
      description: row.description,
      selection: row.selection as 'fixed' | 'random',
      question_ids,
      draws,
      shuffle_questions: row.shuffle_questions === 1,
      shuffle_options: row.shuffle_options === 1,
      time_limit_minutes: row.time_limit_minutes,
      opens_at: row.opens_at,
      closes_at: row.closes_at,
      attempts_allowed: row.attempts_allowed,
      pass_mark: row.pass_mark,
      review_policy: row.review_policy as ReviewPolicy,
      offline_grace_minutes: row.offline_grace_minutes,
      school_ids,
      published: row.published === 1,
      question_count:
        row.selection === 'fixed' ? question_ids.length : draws.reduce((n, d) => n + d.count, 0),
      attempt_count: Number(row.attempt_count ?? 0),
      created_by: row.created_by,
      updated_at: row.updated_at,
      can_edit: mayEdit(editor, row.kind, school_ids),
    };
  }

  /**
   * What the contract cannot know: do the chosen questions and schools exist, are there enough questions to
   * draw, and a teacher must name their schools (a field error, so it comes with the others, not a 403).
   * The rules between fields are the contract's (assessmentBodySchema), checked with the rest of the body.
   */
  async function validate(actor: Authed, body: AssessmentInput): Promise<void> {
    const errors: Record<string, string[]> = {};
    if (body.selection === 'fixed') {
      const known = await repo.existingQuestionIds(body.question_ids);
      if (known.length !== body.question_ids.length)
        errors.question_ids = ['One of the chosen questions does not exist.'];
      else if (known.some((q) => q.practice_only === 1))
        errors.question_ids = [
          'Test Yourself questions cannot be used in an assessment: practice shows their answers.',
        ];
    } else {
      const counts = new Map(
        (await repo.questionCountsByMicroTopic(body.draws.map((d) => d.micro_topic_id))).map((c) => [
          c.micro_topic_id,
          Number(c.n),
        ]),
      );
      for (const d of body.draws) {
        const have = counts.get(d.micro_topic_id) ?? 0;
        if (have < d.count)
          (errors.draws ??= []).push(
            `Micro topic ${d.micro_topic_id} has ${have} question${have === 1 ? '' : 's'}; cannot draw ${d.count}.`,
          );
      }
    }
    const schools = await repo.existingSchoolIds(body.school_ids);
    if (schools.length !== new Set(body.school_ids).size)
      errors.school_ids = ['One of the chosen schools does not exist.'];
    Object.assign(errors, missingSchools(actor, body.school_ids));
    if (Object.keys(errors).length) throw unprocessable(errors);
  }

  /** Each of these assessments' rules for this student: their overrides and standing multiplier applied. */
  async function rulesOf(
    user: { id: number; school_id: number | null },
    rows: Array<BaseRules & { id: number }>,
  ): Promise<Map<number, EffectiveRules>> {
    const [reaching, standing] = await Promise.all([
      overrides.reaching(
        rows.map((r) => r.id),
        user,
      ),
      overrides.standingMultiplier(user.id),
    ]);
    return new Map(
      rows.map((r) => {
        const own = reaching.find((o) => o.assessment_id === r.id && o.user_id === user.id);
        const school = reaching.find((o) => o.assessment_id === r.id && o.school_id !== null);
        return [r.id, effectiveRules(r, mergeOverrides(own, school), standing)];
      }),
    );
  }

  async function load(id: number): Promise<AssessmentRow> {
    const row = await repo.find(id);
    if (!row) throw notFound('That assessment does not exist.');
    return row;
  }

  return {
    load,
    toAssessment,
    /** One assessment's rules for this student (starting, the deadline, retiming an attempt in progress). */
    rulesFor: async (user: { id: number; school_id: number | null }, row: BaseRules & { id: number }) =>
      (await rulesOf(user, [row])).get(row.id)!,
    async list(actor: Authed, q: { kind: AssessmentKind; page: number; per_page: number; search?: string }) {
      if (q.kind === 'diagnostic' && roleOf(actor.user) !== 'admin')
        throw forbidden('Only admins manage diagnostics.');
      const editor = await editorOf(actor);
      // A teacher sees every assessment their students can take; can_edit tells which they may change.
      const { rows, total } = await repo.page(
        { kind: q.kind, search: q.search, schoolIds: editor === 'admin' ? undefined : editor.own },
        q.page,
        q.per_page,
      );
      return {
        data: await Promise.all(rows.map((row) => toAssessment(row, editor))),
        meta: { total, page: q.page, per_page: q.per_page },
      };
    },
    /** One assessment to look at (read-only where `can_edit` is false). */
    async get(actor: Authed, id: number): Promise<Assessment> {
      const editor = await editorOf(actor);
      const a = await toAssessment(await load(id), editor);
      checkView(editor, a.kind, a.school_ids);
      return a;
    },
    /** One assessment the actor may change. */
    async manageable(actor: Authed, id: number): Promise<Assessment> {
      const a = await this.get(actor, id);
      if (!a.can_edit) await checkManage(actor, a.kind, a.school_ids);
      return a;
    },
    /** Staff may follow an assessment their students can take: admins all, teachers those aimed at their schools or everyone. */
    async checkFollow(actor: Authed, id: number): Promise<void> {
      const row = await load(id);
      checkView(await editorOf(actor), row.kind, await repo.schoolIds(id));
    },
    /**
     * Of these assessments, the ids the actor may look at by the rule above (reports use it: an item analysis
     * shows stems and keys, so it is as private as the assessment itself).
     */
    async followable(actor: Authed, ids: number[]): Promise<Set<number>> {
      const editor = await editorOf(actor);
      const rows = await repo.kindsAndSchools([...new Set(ids)]);
      return new Set(rows.filter((r) => !viewRefusal(editor, r.kind, r.school_ids)).map((r) => r.id));
    },
    async create(actor: Authed, body: AssessmentInput): Promise<Assessment> {
      await checkTarget(actor, body.kind, body.school_ids);
      await validate(actor, body);
      const exposed = await exposure.check(body);
      const id = await repo.insert(
        { ...columns(body), created_by: actor.user.id, created_at: iso(), updated_at: iso() },
        parts(body),
      );
      await exposure.record(actor, { id, title: body.title }, exposed);
      return toAssessment(await load(id), await editorOf(actor));
    },
    async update(actor: Authed, id: number, body: AssessmentInput): Promise<Assessment> {
      const current = await this.manageable(actor, id);
      if (current.kind !== body.kind)
        throw unprocessable({ kind: ['The kind of an assessment cannot change.'] });
      await checkTarget(actor, body.kind, body.school_ids);
      await validate(actor, body);
      const exposed = await exposure.check(body);
      await repo.update(id, { ...columns(body), updated_at: iso() }, parts(body));
      await exposure.record(actor, { id, title: body.title }, exposed);
      return toAssessment(await load(id), await editorOf(actor));
    },
    async remove(actor: Authed, id: number): Promise<void> {
      const current = await this.manageable(actor, id);
      if (current.attempt_count > 0)
        throw unprocessable({
          id: ['Students have attempts at this assessment; unpublish it instead, so their results stay.'],
        });
      await repo.delete(id);
    },

    /** Is this assessment published for this student's school? */
    async visibleTo(user: { school_id: number | null }, row: AssessmentRow): Promise<boolean> {
      if (row.published !== 1) return false;
      const schools = await repo.schoolIds(row.id);
      return schools.length === 0 || (user.school_id !== null && schools.includes(user.school_id));
    },

    /** The student's lists: each assessment with its state for this student. */
    async mine(
      user: { id: number; school_id: number | null },
      kind: AssessmentKind,
      attempts: AttemptSummary[],
    ): Promise<MyAssessment[]> {
      const now = ctx.now().getTime();
      const rows = await repo.visibleTo(kind, user.school_id);
      const rules = await rulesOf(user, rows);
      return Promise.all(
        rows.map(async (row) => myAssessment(await toAssessment(row), attempts, now, rules.get(row.id)!)),
      );
    },
  };
}
export type AssessmentsService = ReturnType<typeof createAssessmentsService>;

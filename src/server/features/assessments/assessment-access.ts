import type { AssessmentKind } from '../../../shared/contracts/assessments.ts';
import { forbidden } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';

/** What an actor may edit: admins everything, teachers the quizzes and exams aimed solely at `own` schools. */
export type Editor = 'admin' | { own: number[] };

/** Who may edit, manage and look at which assessment; a teacher's schools come from the schools feature. */
export function createAssessmentAccess(teacherSchoolIds: (userId: number) => Promise<number[]>) {
  const editorOf = async (actor: Authed): Promise<Editor> =>
    roleOf(actor.user) === 'admin' ? 'admin' : { own: await teacherSchoolIds(actor.user.id) };
  const mayEdit = (editor: Editor | undefined, kind: string, schoolIds: number[]) =>
    editor === 'admin' ||
    (editor !== undefined &&
      kind !== 'diagnostic' &&
      schoolIds.length > 0 &&
      schoolIds.every((s) => editor.own.includes(s)));

  /** Admins manage everything; teachers only quizzes and exams aimed solely at their own schools. */
  async function checkManage(actor: Authed, kind: AssessmentKind, schoolIds: number[]): Promise<void> {
    if (roleOf(actor.user) === 'admin') return;
    if (kind === 'diagnostic') throw forbidden('Only admins manage diagnostics.');
    if (!mayEdit(await editorOf(actor), kind, schoolIds)) {
      throw forbidden('Teachers manage only assessments aimed at their own schools.');
    }
  }

  /**
   * The schools a body aims at: a teacher's must all be their own. None at all is a missing field, which
   * validate names with the other errors (422), not a reach beyond their schools.
   */
  async function checkTarget(actor: Authed, kind: AssessmentKind, schoolIds: number[]): Promise<void> {
    if (schoolIds.length === 0 && kind !== 'diagnostic' && roleOf(actor.user) !== 'admin') return;
    await checkManage(actor, kind, schoolIds);
  }

  /** Staff may look at what their students can take: teachers those aimed at one of their schools or at everyone. */
  const viewRefusal = (editor: Editor, kind: string, schoolIds: number[]): string | null =>
    editor === 'admin'
      ? null
      : kind === 'diagnostic'
        ? 'Only admins manage diagnostics.'
        : schoolIds.length && !schoolIds.some((s) => editor.own.includes(s))
          ? 'This assessment is for another school.'
          : null;
  function checkView(editor: Editor, kind: string, schoolIds: number[]): void {
    const refusal = viewRefusal(editor, kind, schoolIds);
    if (refusal) throw forbidden(refusal);
  }

  return { editorOf, mayEdit, checkManage, checkTarget, viewRefusal, checkView };
}

import { richTextToPlain } from '../../../shared/rich-text.ts';
import type { AppContext } from '../../context.ts';
import { unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import type { AssessmentInput } from './assessment-input.ts';
import type { createAssessmentsRepository } from './assessments.repository.ts';

/** Of these questions, those Test Yourself has shown the key of to a student of these schools (null: any). */
export type RevealedByPractice = (
  questionIds: number[],
  schoolIds: number[] | null,
) => Promise<Array<{ question_id: number; students: number }>>;

/** One line of the audit log (the users feature keeps it): who used which shown questions, in what. */
export type AuditWrite = (entry: {
  actor_id: number;
  actor_name: string;
  target_user_id: null;
  target_name: string;
  action: 'use_revealed_questions';
  before: string;
  after: string;
  created_at: string;
}) => Promise<void>;

/** How many questions the refusal names one by one; a random pool may hold hundreds. */
const NAMED = 10;
const STEM_CHARS = 60;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * An exam must not hold a question whose key Test Yourself has already shown to a student it is for: that
 * student would sit it knowing the answer. Practice never draws a question an open or upcoming assessment
 * holds back, but an exam built later can pick one that was practised before. Such an exam is refused (422,
 * naming the questions) unless the body says `confirm_exposed: true`; then it is saved and the choice is
 * written to the audit log. Quizzes are practice themselves, so only exams are checked.
 */
export function createExposureCheck(
  ctx: AppContext,
  repo: ReturnType<typeof createAssessmentsRepository>,
  deps: { revealedByPractice: RevealedByPractice; audit: AuditWrite },
) {
  type Exposed = Array<{ question_id: number; students: number }>;

  async function exposedIn(body: AssessmentInput): Promise<Exposed> {
    if (body.kind !== 'exam') return [];
    const ids =
      body.selection === 'fixed'
        ? body.question_ids
        : await repo.poolQuestionIds(body.draws.map((d) => d.micro_topic_id));
    const schools = body.school_ids.length ? [...new Set(body.school_ids)] : null;
    return deps.revealedByPractice([...new Set(ids)], schools);
  }

  async function describe(exposed: Exposed): Promise<string> {
    const stems = new Map(
      (await repo.stems(exposed.slice(0, NAMED).map((e) => e.question_id))).map((q) => [q.id, q.stem]),
    );
    const named = exposed.slice(0, NAMED).map((e) => {
      const text = richTextToPlain(stems.get(e.question_id) ?? '').trim();
      const short = text.length > STEM_CHARS ? `${text.slice(0, STEM_CHARS - 1)}…` : text;
      return `#${e.question_id} “${short}” (${plural(e.students, 'student')})`;
    });
    const more = exposed.length > NAMED ? `, and ${exposed.length - NAMED} more` : '';
    return `${named.join(', ')}${more}`;
  }

  return {
    /**
     * Throws the 422 when the exam holds shown questions and the body has not confirmed them; otherwise
     * answers what `record` must write once the exam is saved (nothing when none was shown).
     */
    async check(body: AssessmentInput & { confirm_exposed?: boolean }): Promise<Exposed> {
      const exposed = await exposedIn(body);
      if (!exposed.length || body.confirm_exposed) return exposed;
      const where = body.selection === 'fixed' ? 'questions' : 'micro topics to draw from';
      throw unprocessable({
        confirm_exposed: [
          `Test Yourself has already shown the answers of ${plural(exposed.length, 'question')} in these ${where} ` +
            `to students this exam is for: ${await describe(exposed)}. Choose other questions, or confirm that ` +
            'you want to use them anyway.',
        ],
      });
    },

    /** The audit line of a confirmed choice: who put which shown questions into which exam. */
    async record(actor: Authed, exam: { id: number; title: string }, exposed: Exposed): Promise<void> {
      if (!exposed.length) return;
      await deps.audit({
        actor_id: actor.user.id,
        actor_name: actor.user.full_name,
        target_user_id: null,
        // The log's column holds 200 characters; a title may take all of them.
        target_name: `Exam #${exam.id} “${exam.title}”`.slice(0, 200),
        action: 'use_revealed_questions',
        before: '',
        after: `Kept, knowing Test Yourself had shown their answers: ${await describe(exposed)}`,
        created_at: ctx.now().toISOString(),
      });
    },
  };
}

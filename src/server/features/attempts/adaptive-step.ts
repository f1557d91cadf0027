import type { AdaptiveStep } from '../../../shared/contracts/attempts.ts';
import { isDontKnow } from '../../../shared/contracts/attempts.ts';
import type { AttemptAnswersTable } from '../../db/tables/attempts.ts';
import { itemModels, topicParameters } from '../learning/item-parameters.ts';
import { isCorrect } from '../questions/question-types.ts';
import type { DiagnosticLog } from './adaptive-selector.ts';
import { questionIdsOf, type AttemptCore, type LoadedQuestion } from './attempt-core.ts';
import type { AttemptRow } from './attempts.repository.ts';
import { parseGiven } from './given-answers.ts';

/** The diagnostic's next step: its answers so far, graded, replayed through the adaptive selector. */
export function createAdaptiveStep(core: AttemptCore) {
  const { repo, adaptive, loadQuestions } = core;

  /** The diagnostic's answers as the adaptive selector reads them: in the order given, graded. */
  async function diagnosticLog(
    row: AttemptRow,
    questions: LoadedQuestion[],
    saved: AttemptAnswersTable[],
  ): Promise<DiagnosticLog> {
    const byId = new Map(questions.map((q) => [q.id, q]));
    const log = saved
      .filter((a) => a.answer !== null && byId.has(a.question_id))
      .sort(
        (a, b) =>
          (a.answered_at ?? a.saved_at).localeCompare(b.answered_at ?? b.saved_at) ||
          a.question_id - b.question_id,
      )
      .map((a) => {
        const given = parseGiven(a.answer);
        const response = isDontKnow(given)
          ? ('dont_know' as const)
          : isCorrect(byId.get(a.question_id)!.parsed, given)
            ? ('correct' as const)
            : ('wrong' as const);
        return { question_id: a.question_id, response };
      });
    // Each question's rates: fitted from the stored answers where a refit has run, else its type's defaults.
    const [models, topics, prerequisites] = await Promise.all([
      itemModels(
        core.ctx.db,
        questions.map((q) => ({ id: q.id, content: q.parsed })),
      ),
      topicParameters(core.ctx.db),
      repo.prerequisiteEdges(),
    ]);
    return {
      attempt_id: row.id,
      log,
      items: questions.map((q) => ({ id: q.id, micro_topic_id: q.micro_topic_id, ...models.get(q.id)! })),
      prerequisites,
      topics,
    };
  }

  async function stepAfterAnswer(id: string): Promise<AdaptiveStep> {
    // The diagnostic's next step, with this answer (and any replayed before it) taken into account.
    const row = (await repo.find(id))!;
    const questions = await loadQuestions(questionIdsOf(row));
    const log = await diagnosticLog(row, questions, await repo.answers(row.id));
    return adaptive.step(log);
  }

  return { diagnosticLog, stepAfterAnswer };
}
export type DiagnosticLogOf = ReturnType<typeof createAdaptiveStep>['diagnosticLog'];

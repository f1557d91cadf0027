import { randomUUID } from 'node:crypto';
import type { QuestionContent } from '../../../shared/contracts/questions.ts';
import type { ItemAnalysis, ItemRow } from '../../../shared/contracts/reports.ts';
import { richTextToPlain } from '../../../shared/rich-text.ts';
import { parametersOf } from '../learning/item-parameters.ts';
import { facility, itemFlags, pointBiserial, round2, type ItemSums } from './item-stats.ts';
import type { Scope } from './report-sql.ts';
import type { ReportsRepository } from './reports.repository.ts';

const STEM_CHARS = 140;

const truncate = (s: string) => (s.length > STEM_CHARS ? `${s.slice(0, STEM_CHARS - 1)}…` : s);

/** An assessment's item analysis, from its item tables brought up to date first. */
export function createItemAnalysis(repo: ReportsRepository) {
  /** Options and how often each was chosen, for the choice types; other types have no distractors. */
  function optionCounts(content: QuestionContent, chosen: Array<{ answer: string | null; n: number }>) {
    if (
      content.type !== 'single_choice' &&
      content.type !== 'multiple_choice' &&
      content.type !== 'true_false'
    )
      return [];
    const options =
      content.type === 'true_false'
        ? [
            { id: 'true', label: 'True', key: content.correct, count: 0 },
            { id: 'false', label: 'False', key: !content.correct, count: 0 },
          ]
        : content.options.map((o) => ({
            id: o.id,
            label: truncate(o.text),
            key: content.correct.includes(o.id),
            count: 0,
          }));
    const byId = new Map(options.map((o) => [o.id, o]));
    for (const { answer, n } of chosen) {
      if (!answer) continue;
      const a = JSON.parse(answer) as { choice?: string; choices?: string[]; value?: boolean };
      const ids =
        a.choice !== undefined ? [a.choice] : (a.choices ?? (a.value !== undefined ? [String(a.value)] : []));
      for (const id of ids) {
        const o = byId.get(id);
        if (o) o.count += n;
      }
    }
    return options;
  }

  /**
   * Brings an assessment's item tables up to date: the attempts submitted since the last report are added
   * to the sums (a few rows each), so a report never adds up every answer again. Fewer attempts than counted
   * means one was deleted with its student: the sums start again.
   */
  async function refreshItems(assessmentId: number): Promise<void> {
    const { submitted, counted } = await repo.itemCounts(assessmentId);
    if (counted > submitted) await repo.forgetItems(assessmentId);
    if (counted !== submitted) await repo.foldIn(assessmentId, randomUUID());
  }

  return async function itemAnalysis(
    assessment: NonNullable<Awaited<ReturnType<ReportsRepository['assessment']>>>,
    scope: Scope,
    schoolId?: number,
  ): Promise<ItemAnalysis> {
    const assessmentId = assessment.id;
    await refreshItems(assessmentId);
    const [totals, groups, fixed] = await Promise.all([
      repo.attemptTotals(assessmentId, scope, schoolId),
      repo.answerGroups(assessmentId, scope, schoolId),
      assessment.selection === 'fixed' ? repo.fixedQuestions(assessmentId) : Promise.resolve([]),
    ]);
    const position = new Map(fixed.map((f) => [f.question_id, f.position]));
    const perQuestion = new Map<number, typeof groups>();
    for (const g of groups) perQuestion.set(g.question_id, [...(perQuestion.get(g.question_id) ?? []), g]);
    const ids = [...new Set([...position.keys(), ...perQuestion.keys()])];
    const questions = await repo.questions(ids);
    const rows: ItemRow[] = questions.map((q) => {
      const gs = perQuestion.get(q.id) ?? [];
      const answered = gs.reduce((s, g) => s + g.n, 0);
      const sums: ItemSums = {
        n: answered,
        right: gs.reduce((s, g) => s + g.right, 0),
        sumTotal: gs.reduce((s, g) => s + g.sumTotal, 0),
        sumTotalSq: gs.reduce((s, g) => s + g.sumTotalSq, 0),
        sumTotalRight: gs.reduce((s, g) => s + g.sumTotalRight, 0),
      };
      // A fixed question was shown to every attempt: one left blank counts as wrong, with its total.
      if (position.has(q.id))
        Object.assign(sums, { ...totals, right: sums.right, sumTotalRight: sums.sumTotalRight });
      const fac = facility(sums);
      const disc = pointBiserial(sums);
      const content = JSON.parse(q.content) as QuestionContent;
      const options = optionCounts(content, gs);
      return {
        position: 0,
        question_id: q.id,
        stem: truncate(richTextToPlain(q.stem)),
        type: q.type,
        answered,
        facility: round2(fac),
        discrimination: round2(disc),
        options,
        flags: itemFlags(fac, disc, options),
        parameters: parametersOf(q, content),
      };
    });
    rows.sort(
      (a, b) =>
        (position.get(a.question_id) ?? 1e9) - (position.get(b.question_id) ?? 1e9) ||
        a.question_id - b.question_id,
    );
    rows.forEach((r, i) => (r.position = i + 1));
    return {
      assessment: {
        id: assessment.id,
        kind: assessment.kind,
        title: assessment.title,
        attempts: totals.n,
      },
      data: rows,
    };
  };
}

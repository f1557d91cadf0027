import type { ItemParameters, QuestionContent } from '../../../shared/contracts/questions.ts';
import type { Db } from '../../db/database.ts';
import type { ItemParametersTable } from '../../db/tables/item-parameters.ts';
import { fitItems, type FitData } from '../diagnostic/item-fit.ts';
import { defaultItemModel, type ItemModel } from '../diagnostic/item-model.ts';
import { createItemParametersRepository } from './item-parameters.repository.ts';

/**
 * Item parameters learned from answers (issue 25): every graded answer of every student (assessments,
 * diagnostics and Test Yourself alike; "I don't know" and a question left blank are the third outcome) is
 * read as columns, fitted by `item-fit.ts` with each question's type defaults as its prior, and both tables
 * are replaced at once. The diagnostic and the mastery model then use a question's fitted rates where a row
 * exists; admins see them beside each question. Students never do.
 */

/** A refit waits until the graded answers grew by this many, and by REFIT_SHARE of those fitted. */
export const REFIT_MIN_ANSWERS = 200;
export const REFIT_SHARE = 0.1;

export interface RefitSummary {
  answers: number;
  students: number;
  items: number;
  topics: number;
  ms: number;
}

/** Fits every question's and topic's parameters from every stored answer and stores them. */
export async function refitItemParameters(db: Db, now: Date): Promise<RefitSummary> {
  const started = performance.now();
  const repo = createItemParametersRepository(db);
  const [answers, { topics, edges }] = await Promise.all([repo.answerColumns(), repo.topics()]);
  const n = answers.length;

  // Students and questions by index, in the order they first appear.
  const studentIndex = new Map<number, number>();
  const questionIndex = new Map<number, number>();
  const student = new Int32Array(n);
  const item = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const u = answers.user[k]!;
    let s = studentIndex.get(u);
    if (s === undefined) studentIndex.set(u, (s = studentIndex.size));
    student[k] = s;
    const q = answers.question[k]!;
    let i = questionIndex.get(q);
    if (i === undefined) questionIndex.set(q, (i = questionIndex.size));
    item[k] = i;
  }

  const topicIndex = new Map(topics.map((t, i) => [t.id, i]));
  const parents = topics.map(() => [] as number[]);
  for (const e of edges) {
    const t = topicIndex.get(e.micro_topic_id);
    const p = topicIndex.get(e.prerequisite_id);
    if (t !== undefined && p !== undefined) parents[t]!.push(p);
  }
  const questionIds = [...questionIndex.keys()];
  const rows = new Map((await repo.questions(questionIds)).map((q) => [q.id, q]));
  const items = questionIds.map((id) => {
    const q = rows.get(id)!;
    return {
      topic: topicIndex.get(q.micro_topic_id)!,
      prior: defaultItemModel(JSON.parse(q.content) as QuestionContent),
    };
  });
  const data: FitData = {
    students: studentIndex.size,
    items,
    topics: topics.map((t, i) => ({ parents: parents[i]!, subject: t.subject_id })),
    student,
    item,
    outcome: answers.outcome.subarray(0, n),
  };
  const fit = n > 0 ? fitItems(data) : null;

  const fittedAt = now.toISOString();
  const itemRows: ItemParametersTable[] = fit
    ? questionIds.map((id, i) => ({
        question_id: id,
        slip: fit.items[i]!.slip,
        guess: fit.items[i]!.guess,
        dont_know_known: fit.items[i]!.dontKnowKnown,
        dont_know_unknown: fit.items[i]!.dontKnowUnknown,
        answers: fit.answers[i]!,
        fitted_at: fittedAt,
      }))
    : [];
  const topicRows = fit
    ? topics.map((t, i) => ({
        micro_topic_id: t.id,
        offset: fit.topics[i]!.offset,
        leak: fit.topics[i]!.leak,
        students: fit.topics[i]!.students,
        fitted_at: fittedAt,
      }))
    : [];
  await repo.replace(itemRows, topicRows);
  return {
    answers: n,
    students: studentIndex.size,
    items: itemRows.length,
    topics: topicRows.length,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * The sweep's refit: only when the graded answers grew by at least max(REFIT_MIN_ANSWERS, REFIT_SHARE of
 * those the last fit rested on) since. Two counts when nothing is due. Null: not due.
 */
export async function refitIfGrown(db: Db, now: Date): Promise<RefitSummary | null> {
  const repo = createItemParametersRepository(db);
  const [current, fitted] = await Promise.all([repo.gradedCount(), repo.fittedCount()]);
  if (current - fitted < Math.max(REFIT_MIN_ANSWERS, REFIT_SHARE * fitted)) return null;
  return refitItemParameters(db, now);
}

/** A stored row as the model reads it. */
export const modelOfRow = (r: ItemParametersTable): ItemModel => ({
  slip: r.slip,
  guess: r.guess,
  dontKnowKnown: r.dont_know_known,
  dontKnowUnknown: r.dont_know_unknown,
});

/**
 * The rates each of these questions is scored with: its fitted ones where the last refit stored a row, its
 * type's defaults otherwise.
 */
export async function itemModels(
  db: Db,
  questions: ReadonlyArray<{ id: number; content: QuestionContent }>,
): Promise<Map<number, ItemModel>> {
  const fitted = new Map(
    (await createItemParametersRepository(db).itemRows(questions.map((q) => q.id))).map((r) => [
      r.question_id,
      modelOfRow(r),
    ]),
  );
  return new Map(questions.map((q) => [q.id, fitted.get(q.id) ?? defaultItemModel(q.content)]));
}

/** Every topic's fitted prior offset and leak, as the diagnostic's log carries them (none before a refit). */
export async function topicParameters(db: Db) {
  return (await createItemParametersRepository(db).topicRows()).map((r) => ({
    micro_topic_id: r.micro_topic_id,
    offset: r.offset,
    leak: r.leak,
  }));
}

/** A question's item_parameters columns, null where the last refit stored no row (a left join). */
export interface FittedColumns {
  slip: number | null;
  guess: number | null;
  dont_know_known: number | null;
  dont_know_unknown: number | null;
  answers: number | null;
  fitted_at: string | null;
}

/** The rates a question is scored with: the last refit's, or its type's defaults before any. */
export function parametersOf(row: FittedColumns, content: QuestionContent): ItemParameters {
  if (row.fitted_at !== null && row.slip !== null && row.guess !== null)
    return {
      slip: row.slip,
      guess: row.guess,
      dont_know_known: row.dont_know_known ?? 0,
      dont_know_unknown: row.dont_know_unknown ?? 0,
      answers: Number(row.answers ?? 0),
      fitted_at: row.fitted_at,
    };
  const d = defaultItemModel(content);
  return {
    slip: d.slip,
    guess: d.guess,
    dont_know_known: d.dontKnowKnown,
    dont_know_unknown: d.dontKnowUnknown,
    answers: 0,
    fitted_at: null,
  };
}

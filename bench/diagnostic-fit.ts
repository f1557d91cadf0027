// The diagnostic bench's fitting: a simulated class's practice answers under a condition, fitted by the
// product's own item-fit.ts into the parameters the engine then uses, as the product fits them from stored
// answers. `--oracle` hands the engine each question's true rates instead: the ceiling a fit could reach.
import type {
  DiagnosticItem,
  DiagnosticOptions,
} from '../src/server/features/diagnostic/diagnostic-engine.ts';
import { CORRECT, DONT_KNOW, fitItems, WRONG } from '../src/server/features/diagnostic/item-fit.ts';
import { bounded, type ItemModel, type Outcome } from '../src/server/features/diagnostic/item-model.ts';
import {
  randomLearner,
  respond,
  seededRandom,
  type Condition,
  type School,
  type SimItem,
} from './diagnostic-sim.ts';

/**
 * The students whose practice answers the parameters are fitted from: on the demo catalogue a school network's
 * year (10,000 students × 100 answers: the at-scale fit `npm run bench` times), on each random graph a smaller
 * school (4,000 × 40).
 */
export const FIT_SIZE = {
  demo: { students: 10_000, answers: 100 },
  random: { students: 4_000, answers: 40 },
};

const OUTCOME_CODE: Record<Outcome, number> = { correct: CORRECT, wrong: WRONG, dont_know: DONT_KNOW };

/** How long each fit took (this thread's). */
export const fitTimes: Array<{ students: number; answers: number; ms: number }> = [];

/** The parameters as the product would fit them from a class's practice answers under this condition. */
export function fitted(
  school: School,
  condition: Condition,
  truth: Map<number, ItemModel>,
  seed: number,
  oracle = false,
): { items: DiagnosticItem[]; options: DiagnosticOptions } {
  const random = seededRandom(seed);
  const topicIndex = new Map(school.topics.map((t, i) => [t.id, i]));
  const itemIndex = new Map(school.items.map((it, i) => [it.id, i]));
  const { students: FIT_STUDENTS, answers: FIT_ANSWERS_EACH } = FIT_SIZE[condition.school];
  const n = FIT_STUDENTS * (FIT_ANSWERS_EACH + 8);
  const student = new Int32Array(n);
  const item = new Int32Array(n);
  const outcome = new Uint8Array(n);
  let k = 0;
  // As a class practises: quizzes of four neighbouring topics of one subject, two questions on each.
  const bySubject = new Map<number, SimItem[][]>();
  for (const t of school.topics) {
    const list = bySubject.get(school.subjectOf.get(t.id)!) ?? [];
    list.push(school.items.filter((it) => it.topic === t.id));
    bySubject.set(school.subjectOf.get(t.id)!, list);
  }
  const subjects = [...bySubject.values()];
  for (let s = 0; s < FIT_STUDENTS; s++) {
    const known = randomLearner(random, school, condition);
    const chosen = new Set<number>();
    while (chosen.size < FIT_ANSWERS_EACH) {
      const topics = subjects[Math.floor(random() * subjects.length)]!;
      const from = Math.floor(random() * Math.max(1, topics.length - 3));
      for (const its of topics.slice(from, from + 4))
        for (const it of [...its].sort(() => random() - 0.5).slice(0, 2)) chosen.add(itemIndex.get(it.id)!);
    }
    for (const i of chosen) {
      const it = school.items[i]!;
      student[k] = s;
      item[k] = i;
      outcome[k] = OUTCOME_CODE[respond(random, known.has(it.topic), truth.get(it.id)!)];
      k++;
    }
  }
  const t0 = performance.now();
  const fit = fitItems({
    students: FIT_STUDENTS,
    items: school.items.map((it) => ({ topic: topicIndex.get(it.topic)!, prior: it.nominal })),
    topics: school.topics.map((t) => ({
      parents: t.prerequisites.map((p) => topicIndex.get(p)!),
      subject: school.subjectOf.get(t.id)!,
    })),
    student: student.subarray(0, k),
    item: item.subarray(0, k),
    outcome: outcome.subarray(0, k),
  });
  fitTimes.push({ students: FIT_STUDENTS, answers: k, ms: performance.now() - t0 });
  // --oracle: each question's true rates instead of the fitted ones, the ceiling a fit could reach.
  if (oracle)
    return {
      items: school.items.map((it) => ({ id: it.id, topic: it.topic, ...bounded(truth.get(it.id)!) })),
      options: { topicModels: new Map(school.topics.map((t, i) => [t.id, fit.topics[i]!])), leak: fit.leak },
    };
  return {
    items: school.items.map((it) => ({ id: it.id, topic: it.topic, ...fit.items[itemIndex.get(it.id)!]! })),
    options: {
      topicModels: new Map(school.topics.map((t, i) => [t.id, fit.topics[i]!])),
      leak: fit.leak,
    },
  };
}

// The simulated school for `npm run bench:diagnostic`: prerequisite graphs (random ones and the demo
// catalogue itself), questions with their real rates, and learners, under conditions the engine does or does
// not assume. Everything is drawn from a seeded generator, so a run is reproducible.
import { seededRandom } from '../src/server/features/diagnostic/knowledge-space.ts';
import type { TopicNode } from '../src/server/features/diagnostic/diagnostic-engine.ts';
import {
  defaultItemModel,
  type ItemModel,
  type Outcome,
} from '../src/server/features/diagnostic/item-model.ts';
import { CATALOGUE } from '../src/server/seed/catalogue/index.ts';
import { contentOf, practiceOnly } from '../src/server/seed/learning-catalogue.ts';

export interface SimItem {
  id: number;
  topic: number;
  /** What the product assumes before fitting: its type's defaults (the bench's own model: slip 0.1, guess 0.2). */
  nominal: ItemModel;
  /** 1 easy, 2 medium, 3 hard. */
  difficulty: number;
  /** Its blind-guess chance by type (random graphs: 0.2). */
  typeGuess: number;
}

export interface School {
  topics: TopicNode[];
  items: SimItem[];
  subjectOf: Map<number, number>;
  /** How much easier (+) or harder (−) a topic is than the student's ability says. */
  ease: Map<number, number>;
}

const OWN_MODEL: ItemModel = { slip: 0.1, guess: 0.2, dontKnowKnown: 0.05, dontKnowUnknown: 0.3 };

/**
 * `subjects` subjects of equal share, each in 4–6 levels. A topic above the first level needs one or two
 * topics of the level just below, and now and then one from another subject's lower levels. Two items per
 * topic, of random difficulty.
 */
export function randomSchool(random: () => number, topicCount: number, subjects = 5): School {
  const topics: TopicNode[] = [];
  const subjectOf = new Map<number, number>();
  const ease = new Map<number, number>();
  const levelsOf: number[][][] = [];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  let id = 1;
  for (let s = 0; s < subjects; s++) {
    const size = Math.floor(topicCount / subjects) + (s < topicCount % subjects ? 1 : 0);
    const levelCount = Math.min(size, 4 + Math.floor(random() * 3));
    const counts = Array.from({ length: levelCount }, () => 1);
    for (let k = levelCount; k < size; k++) counts[Math.floor(levelCount * random() ** 1.3)]! += 1;
    const levels: number[][] = [];
    for (let l = 0; l < levelCount; l++) {
      const level: number[] = [];
      for (let k = 0; k < counts[l]!; k++) {
        const prerequisites = new Set<number>();
        if (l > 0) {
          prerequisites.add(pick(levels[l - 1]!));
          if (random() < 0.5) prerequisites.add(pick(levels[l - 1]!));
          const other = levelsOf[Math.floor(random() * levelsOf.length)];
          if (other && random() < 0.15)
            prerequisites.add(pick(other[Math.floor(random() * Math.min(l, other.length))]!));
        }
        topics.push({ id, prerequisites: [...prerequisites] });
        subjectOf.set(id, s);
        ease.set(id, (random() - 0.5) * 0.3);
        level.push(id++);
      }
      levels.push(level);
    }
    levelsOf.push(levels);
  }
  const items = topics.flatMap((t) =>
    [0, 1].map((k) => ({
      id: t.id * 10 + k,
      topic: t.id,
      nominal: OWN_MODEL,
      difficulty: 1 + Math.floor(random() * 3),
      typeGuess: 0.2,
    })),
  );
  return { topics, items, subjectOf, ease };
}

/** The demo catalogue: its 60 micro topics and prerequisites, and its 195 assessable questions. */
export function demoSchool(random: () => number): School {
  const topics: TopicNode[] = [];
  const items: SimItem[] = [];
  const subjectOf = new Map<number, number>();
  const ease = new Map<number, number>();
  const ids = new Map<string, number>();
  let itemId = 1;
  CATALOGUE.forEach((subject, s) =>
    subject.subTopics.forEach((sub) =>
      sub.microTopics.forEach((micro, mi) => {
        const id = ids.size + 1;
        ids.set(micro.key, id);
        topics.push({ id, prerequisites: micro.prerequisites.map((k) => ids.get(k)!).filter(Boolean) });
        subjectOf.set(id, s);
        ease.set(id, (random() - 0.5) * 0.3);
        micro.questions.forEach((q, qi) => {
          if (practiceOnly(mi, qi)) return;
          const content = contentOf(q);
          const nominal = defaultItemModel(content);
          const typeGuess = {
            single_choice: nominal.guess,
            true_false: 0.5,
            // Students are not blind: they half know, or rule out options.
            multiple_choice: 0.15,
            short_answer: 0.1,
            matching: 0.15,
            ordering: 0.15,
          }[content.type];
          items.push({ id: itemId++, topic: id, nominal, difficulty: q.difficulty, typeGuess });
        });
      }),
    ),
  );
  return { topics, items, subjectOf, ease };
}

export interface Condition {
  name: string;
  label: string;
  school: 'random' | 'demo';
  /** Item rates away from the assumed ones: slip U(0.05, 0.3), guess U(0.05, 0.45) per item. */
  scatter?: boolean;
  /** Per-item difficulty: easy items are half known by non-knowers, hard ones slipped on by knowers. */
  difficulty?: boolean;
  /** The share of a learner's unknown, not-ready topics they know anyway (outside the order). */
  violations?: number;
  /** A class of weak, middling and strong students rather than abilities spread evenly. */
  mixedClass?: boolean;
  /** Chance of "I don't know" for a knower and a non-knower. */
  dontKnow?: { known: number; unknown: number };
}

/** Each item's true rates under a condition: what the simulated learners answer by. */
export function truthOf(school: School, condition: Condition, random: () => number): Map<number, ItemModel> {
  return new Map(
    school.items.map((it) => {
      let slip = 0.1;
      let guess = it.typeGuess;
      if (condition.scatter) {
        slip = 0.05 + 0.25 * random();
        guess = Math.min(0.6, it.typeGuess * (0.5 + random()) + 0.1 * random());
      }
      if (condition.difficulty) {
        guess = guess + (it.difficulty === 1 ? 0.4 : it.difficulty === 2 ? 0.15 : 0) * (1 - guess);
        slip = it.difficulty === 1 ? slip * 0.5 : it.difficulty === 3 ? Math.min(0.35, slip * 2) : slip;
      }
      const dk = condition.dontKnow ?? { known: 0, unknown: 0 };
      return [it.id, { slip, guess, dontKnowKnown: dk.known, dontKnowUnknown: dk.unknown }];
    }),
  );
}

/**
 * A learner: an overall ability (uniform 0.1–0.95, or a mixed class), a subject bias (±0.15) and the topics'
 * ease (±0.15). Walking the graph in prerequisite order, they know each topic whose prerequisites they know
 * with chance ability + bias + ease; under order violations, a topic they are not ready for with that chance
 * times `violations`.
 */
export function randomLearner(random: () => number, school: School, condition: Condition): Set<number> {
  let ability = 0.1 + 0.85 * random();
  if (condition.mixedClass) {
    const r = random();
    ability = r < 0.4 ? 0.05 + 0.3 * random() : r < 0.8 ? 0.35 + 0.3 * random() : 0.65 + 0.3 * random();
  }
  const subjectBias = new Map<number, number>();
  const known = new Set<number>();
  for (const t of school.topics) {
    const s = school.subjectOf.get(t.id)!;
    if (!subjectBias.has(s)) subjectBias.set(s, (random() - 0.5) * 0.3);
    const chance = Math.min(0.98, Math.max(0.02, ability + subjectBias.get(s)! + school.ease.get(t.id)!));
    const ready = t.prerequisites.every((p) => known.has(p));
    if (ready ? random() < chance : random() < chance * (condition.violations ?? 0)) known.add(t.id);
  }
  return known;
}

/** The learner's answer to an item, by its true rates. */
export function respond(random: () => number, knows: boolean, truth: ItemModel): Outcome {
  if (random() < (knows ? truth.dontKnowKnown : truth.dontKnowUnknown)) return 'dont_know';
  return (knows ? random() >= truth.slip : random() < truth.guess) ? 'correct' : 'wrong';
}

export { seededRandom };

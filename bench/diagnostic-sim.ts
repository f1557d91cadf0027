// The simulated school for `npm run bench:diagnostic`: random prerequisite graphs and learners whose
// knowledge respects them. Everything is drawn from a seeded generator, so a run is reproducible.
import { seededRandom } from '../src/server/features/diagnostic/knowledge-space.ts';
import type { DiagnosticItem, TopicNode } from '../src/server/features/diagnostic/diagnostic-engine.ts';

export const SLIP = 0.1;
export const GUESS = 0.2;
export const ITEMS_PER_TOPIC = 2;

export interface School {
  topics: TopicNode[];
  items: DiagnosticItem[];
  /** The subject of each topic, by topic id. */
  subjectOf: Map<number, number>;
  /** How much easier (+) or harder (−) a topic is than the student's ability says. */
  ease: Map<number, number>;
}

/**
 * `subjects` subjects of equal share, each in 4–6 levels. A topic above the first level needs one or two
 * topics of the level just below (so its level is its depth), and now and then one from another subject's
 * lower levels (arithmetic before measuring).
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
    // Every level gets one topic, the rest go to random levels, lower levels a little more often.
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
    Array.from({ length: ITEMS_PER_TOPIC }, (_, k) => ({
      id: t.id * 10 + k,
      topic: t.id,
      slip: SLIP,
      guess: GUESS,
    })),
  );
  return { topics, items, subjectOf, ease };
}

/**
 * A learner as schools see them: an overall ability (uniform 0.1–0.95), a subject they are better or worse
 * at (±0.15), and topics that come easier or harder to everyone (±0.15). Walking the graph in prerequisite
 * order, they learnt each topic whose prerequisites they know with chance ability + subject + ease
 * (clamped to 0.02–0.98). The engine knows none of these numbers, only the graph and the items' slip/guess.
 */
export function randomLearner(random: () => number, school: School): Set<number> {
  const ability = 0.1 + 0.85 * random();
  const subjectBias = new Map<number, number>();
  const known = new Set<number>();
  for (const t of school.topics) {
    const s = school.subjectOf.get(t.id)!;
    if (!subjectBias.has(s)) subjectBias.set(s, (random() - 0.5) * 0.3);
    const chance = Math.min(0.98, Math.max(0.02, ability + subjectBias.get(s)! + school.ease.get(t.id)!));
    // Topics are listed level by level, so prerequisites are decided before the topics that need them.
    if (t.prerequisites.every((p) => known.has(p)) && random() < chance) known.add(t.id);
  }
  return known;
}

/** The learner's answer to an item: slip and guess as the engine assumes them. */
export function respond(random: () => number, knows: boolean): 'correct' | 'wrong' {
  return (knows ? random() >= SLIP : random() < GUESS) ? 'correct' : 'wrong';
}

export { seededRandom };

import type { AdaptiveStep } from '../../../shared/contracts/attempts.ts';
import {
  DEFAULT_CAP,
  DiagnosticEngine,
  type DiagnosticOutcome,
  type Response,
} from '../diagnostic/diagnostic-engine.ts';
import { fixedOrderSelector, type QuestionSelector } from './question-selector.ts';

/**
 * The diagnostic's selector. It plans like the fixed one (the pool the assessment draws, all handed to the
 * client up front so it can go on offline), but the next question depends on the answers so far and on
 * whether they were right, which only the server knows: each call replays the attempt's log through the
 * knowledge-space engine, seeded by the answers themselves, so the same log always gives the same step.
 */
export interface DiagnosticLog {
  attempt_id: string;
  /** The graded answers in the order they were given. */
  log: ReadonlyArray<{ question_id: number; response: Response }>;
  /** The attempt's questions with their micro topic and rates (fitted, else their type's defaults). */
  items: ReadonlyArray<{
    id: number;
    micro_topic_id: number;
    slip: number;
    guess: number;
    dontKnowKnown?: number;
    dontKnowUnknown?: number;
  }>;
  /** The knowledge graph's prerequisite edges (those through topics the attempt does not test count too). */
  prerequisites: ReadonlyArray<{ micro_topic_id: number; prerequisite_id: number }>;
  /** Each topic's fitted prior offset and leak (empty before the first refit). */
  topics?: ReadonlyArray<{ micro_topic_id: number; offset: number; leak: number }>;
}

export interface AdaptiveSelector {
  plan: QuestionSelector['plan'];
  step(attempt: DiagnosticLog): AdaptiveStep;
  outcome(attempt: DiagnosticLog): DiagnosticOutcome;
}

/**
 * FNV-1a of the answers so far: the sampler's seed (where the graph is too large to sum over exactly, as the
 * demo's 60 topics are). Seeded by the answers rather than the attempt, two students who gave the same
 * answers get the same next question and the same results.
 */
function seedOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The prerequisites among the tested topics: for each, the nearest tested topics it needs, directly or
 * through untested ones (knowing C needs B needs A still means knowing C needs A when B is not asked).
 */
function testedPrerequisites(
  topicIds: number[],
  edges: DiagnosticLog['prerequisites'],
): Map<number, number[]> {
  const tested = new Set(topicIds);
  const direct = new Map<number, number[]>();
  for (const e of edges)
    (direct.get(e.micro_topic_id) ?? direct.set(e.micro_topic_id, []).get(e.micro_topic_id)!).push(
      e.prerequisite_id,
    );
  return new Map(
    topicIds.map((id) => {
      const found = new Set<number>();
      const seen = new Set<number>([id]);
      const stack = [...(direct.get(id) ?? [])];
      while (stack.length) {
        const p = stack.pop()!;
        if (seen.has(p)) continue;
        seen.add(p);
        if (tested.has(p)) found.add(p);
        else stack.push(...(direct.get(p) ?? []));
      }
      return [id, [...found]];
    }),
  );
}

function replay(attempt: DiagnosticLog, cap: number): DiagnosticEngine {
  const topicIds = [...new Set(attempt.items.map((it) => it.micro_topic_id))];
  const prerequisites = testedPrerequisites(topicIds, attempt.prerequisites);
  const engine = new DiagnosticEngine(
    topicIds.map((id) => ({ id, prerequisites: prerequisites.get(id)! })),
    attempt.items.map(({ micro_topic_id, ...it }) => ({ ...it, topic: micro_topic_id })),
    {
      seed: seedOf(attempt.log.map((a) => `${a.question_id}:${a.response}`).join(',')),
      cap,
      topicModels: new Map((attempt.topics ?? []).map((t) => [t.micro_topic_id, t])),
    },
  );
  engine.observe(attempt.log.map((a) => ({ item: a.question_id, response: a.response })));
  return engine;
}

export function createAdaptiveSelector({ cap = DEFAULT_CAP }: { cap?: number } = {}): AdaptiveSelector {
  return {
    plan: fixedOrderSelector.plan,
    step(attempt) {
      const engine = replay(attempt, cap);
      const asked = new Set(attempt.log.map((a) => a.question_id));
      const done = engine.done();
      const next = done ? null : engine.best();
      // The best question first, then one per topic by information: the order to go on in offline.
      const upcoming = engine.plan().filter((id) => !asked.has(id) && id !== next);
      return {
        next_question_id: next,
        upcoming: next === null ? upcoming : [next, ...upcoming],
        done,
        cap: Math.min(cap, attempt.items.length),
      };
    },
    outcome: (attempt) => replay(attempt, cap).result(),
  };
}

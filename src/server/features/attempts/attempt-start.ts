import type { Attempt } from '../../../shared/contracts/attempts.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { optionOrderFor } from '../questions/question-types.ts';
import { requireDiagnostic } from './attempt-access.ts';
import { deadlineOf } from '../assessments/override-rules.ts';
import type { AttemptCore } from './attempt-core.ts';
import { conflict } from './attempt-core.ts';
import type { AttemptRow } from './attempts.repository.ts';
import { graceUntil } from './release.ts';

/** Starting an attempt: at an assessment (its rules, its draw, its deadline) or at Test Yourself. */
export function createAttemptStart(
  core: AttemptCore,
  parts: {
    view: (row: AttemptRow) => Promise<Attempt>;
    finaliseIfExpired: (row: AttemptRow) => Promise<AttemptRow>;
  },
) {
  const { deps, repo, selector, now, loadQuestions, heldBack } = core;
  const { view, finaliseIfExpired } = parts;

  /** A retried start: the attempt this id already names, if it is the caller's (another's id is refused). */
  async function retried(auth: Authed, id: string): Promise<AttemptRow | undefined> {
    const same = await repo.find(id);
    if (same && same.user_id !== auth.user.id) throw conflict('That attempt id is already in use.');
    return same;
  }

  async function start(auth: Authed, body: { id: string; assessment_id: number }): Promise<Attempt> {
    const same = await retried(auth, body.id);
    if (same) return view(await finaliseIfExpired(same));
    const assessment = await deps.assessments.load(body.assessment_id).catch(() => null);
    if (!assessment || !(await deps.assessments.visibleTo(auth.user, assessment)))
      throw notFound('That assessment does not exist.');
    if (assessment.kind !== 'diagnostic') requireDiagnostic(auth);
    const open = await repo.openFor(auth.user.id, assessment.id);
    if (open) {
      const current = await finaliseIfExpired(open);
      if (current.status === 'in_progress') return view(current);
    }
    const t = now().getTime();
    // The student's own rules: their overrides and standing time multiplier (override-rules.ts).
    const rules = await deps.assessments.rulesFor(auth.user, assessment);
    if (assessment.opens_at && Date.parse(assessment.opens_at) > t)
      throw conflict('This assessment has not opened yet.');
    if (rules.closes_at && Date.parse(rules.closes_at) <= t) throw conflict('This assessment is closed.');
    const used = await repo.countFor(auth.user.id, assessment.id);
    const allowed = rules.attempts_allowed;
    if (allowed !== null && used >= allowed) {
      // A double-clicked Start: the other click's attempt is the one to resume, not a refusal.
      const raced = await repo.openFor(auth.user.id, assessment.id);
      if (raced) return view(await finaliseIfExpired(raced));
      throw conflict(`You have used all ${allowed} attempt${allowed === 1 ? '' : 's'} at this assessment.`);
    }
    const full = await deps.assessments.toAssessment(assessment);
    const pools = await repo.questionIdsOfMicroTopics(full.draws.map((d) => d.micro_topic_id));
    const questionIds = selector.plan({
      fixed: full.selection === 'fixed' ? full.question_ids : [],
      draws: full.draws.map((d) => ({
        pool: pools.filter((p) => p.micro_topic_id === d.micro_topic_id).map((p) => p.id),
        count: d.count,
      })),
      shuffle: full.shuffle_questions,
    });
    const deadline = deadlineOf(t, rules);
    const row = await create(auth, body.id, {
      assessmentId: full.id,
      kind: full.kind,
      title: full.title,
      questionIds,
      shuffleOptions: full.shuffle_options,
      deadline: deadline === null ? null : new Date(deadline).toISOString(),
      graceMinutes: full.offline_grace_minutes,
      startedAt: t,
    });
    return view(row);
  }

  async function startPractice(
    auth: Authed,
    body: { id: string; micro_topic_ids: number[]; count: number },
  ): Promise<Attempt> {
    const same = await retried(auth, body.id);
    if (same) return view(same);
    requireDiagnostic(auth);
    // Practice shows each key straight away, so it never draws a question an assessment still holds back.
    const candidates = await repo.practiceCandidates([...new Set(body.micro_topic_ids)]);
    const held = await heldBack(
      candidates.filter((c) => c.practice_only === 0).map((c) => c.id),
      null,
      auth.user.id,
    );
    const pool = candidates.filter((c) => c.practice_only === 1 || !held.has(c.id));
    if (!pool.length)
      throw unprocessable({
        micro_topic_ids: ['There are no practice questions on the chosen topics yet.'],
      });
    // Spread the draw evenly over the chosen topics.
    const byTopic = new Map<number, number[]>();
    for (const p of pool)
      (byTopic.get(p.micro_topic_id) ?? byTopic.set(p.micro_topic_id, []).get(p.micro_topic_id)!).push(p.id);
    const topics = [...byTopic.values()].map((ids) => ids.sort(() => Math.random() - 0.5));
    const chosen: number[] = [];
    for (let round = 0; chosen.length < Math.min(body.count, pool.length); round++) {
      for (const ids of topics)
        if (ids[round] !== undefined && chosen.length < body.count) chosen.push(ids[round]!);
    }
    const row = await create(auth, body.id, {
      assessmentId: null,
      kind: 'practice',
      title: 'Test Yourself',
      questionIds: selector.plan({ fixed: chosen, draws: [], shuffle: true }),
      shuffleOptions: true,
      deadline: null,
      graceMinutes: 0,
      startedAt: now().getTime(),
    });
    return view(row);
  }

  async function create(
    auth: Authed,
    id: string,
    plan: {
      assessmentId: number | null;
      kind: string;
      title: string;
      questionIds: number[];
      shuffleOptions: boolean;
      deadline: string | null;
      graceMinutes: number;
      startedAt: number;
    },
  ) {
    const questions = await loadQuestions(plan.questionIds);
    const orders = Object.fromEntries(
      questions.map((q) => [String(q.id), optionOrderFor(q.parsed, plan.shuffleOptions)]),
    );
    // The deadline was computed from this same instant, so started_at + limit is exactly the deadline.
    const startedAt = new Date(plan.startedAt).toISOString();
    try {
      // The option orders in a row of their own, written with the attempt (migration 0026).
      await repo.transaction(async (trx) => {
        await trx.insert({
          id,
          user_id: auth.user.id,
          assessment_id: plan.assessmentId,
          kind: plan.kind,
          title: plan.title,
          status: 'in_progress',
          question_ids: JSON.stringify(questions.map((q) => q.id)),
          position: 0,
          started_at: startedAt,
          deadline_at: plan.deadline,
          grace_until: plan.deadline ? graceUntil(Date.parse(plan.deadline), plan.graceMinutes) : null,
          submitted_at: null,
          auto_submitted: 0,
          score: null,
          max_score: null,
          percent: null,
          passed: null,
          last_seen_at: startedAt,
          used_offline_grace: 0,
        });
        await trx.insertOptionOrders(id, JSON.stringify(orders));
      });
    } catch (err) {
      // Two devices started at once: the unique index kept one attempt in progress; use that one.
      const existing = plan.assessmentId ? await repo.openFor(auth.user.id, plan.assessmentId) : undefined;
      if (existing) return existing;
      throw err;
    }
    return (await repo.find(id))!;
  }

  return { start, startPractice };
}

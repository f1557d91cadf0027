import type { MyAssessment } from '../../../shared/contracts/assessments.ts';
import {
  DAILY_DAYS,
  type LearningPathway,
  type LearningProfile,
  type LearningSummary,
  type PathwayStep,
  type ProfileMicroTopic,
  type TopicMastery,
} from '../../../shared/contracts/learning.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import { createLearningRecalculator, toView } from './learning-recalculator.ts';
import { createLearningRepository } from './learning.repository.ts';
import { readinessFrom, type Readiness } from './readiness.ts';
import { PRIOR } from './mastery-model.ts';
import { masteredOverTime, pick, rollUp } from './profile-figures.ts';

export { graphOrder } from './graph-order.ts';

/** A lecture or video linked to a micro topic. */
type Material = { id: number; title: string };

/** How many pathway steps the dashboard shows. */
const SUMMARY_STEPS = 3;
/** How many of the latest attempts the learning profile lists. */
const LAST_ATTEMPTS = 5;
const DAY_MS = 86_400_000;

/**
 * The learning loop as the API offers it: the recalculation calls of spec 7 (a student their own, staff the
 * students they may see), the profile and the pathway; a submit refreshes the figures in the background.
 */
export function createLearningService(
  ctx: AppContext,
  deps: {
    teacherSchoolIds: (userId: number) => Promise<number[]>;
    /** The quizzes this student sees, with their state (the pathway offers the ones they can start). */
    quizzesOf: (user: { id: number; school_id: number | null }) => Promise<MyAssessment[]>;
    /** The published lectures and videos on each micro topic, as this student sees them (content feature). */
    materialsOf?: (
      user: { id: number; school_id: number | null },
      microTopicIds: number[],
    ) => Promise<Map<number, { lectures: Material[]; videos: Material[] }>>;
  },
) {
  const repo = createLearningRepository(ctx.db);
  const recalc = createLearningRecalculator(ctx);
  const iso = () => ctx.now().toISOString();
  /** Students whose refresh is queued: a burst of submits by one student refreshes once. */
  const queued = new Set<number>();
  /** The refresh running for a student, which readings of their pathway wait for. */
  const refreshing = new Map<number, Promise<void>>();

  /** The student the call is about, if the caller may recalculate for them. */
  async function subject(auth: Authed, id: number): Promise<number> {
    if (auth.user.id === id) return id;
    const role = roleOf(auth.user);
    if (role === 'student') throw forbidden('You can only update your own learning.');
    const target = await repo.userById(id);
    if (!target) throw notFound('That user does not exist.');
    if (role === 'admin') return id;
    const isStudent = target.is_admin !== 1 && target.is_teacher !== 1;
    const own = await deps.teacherSchoolIds(auth.user.id);
    if (!isStudent || target.school_id === null || !own.includes(target.school_id))
      throw forbidden('You can only see students of your own schools.');
    return id;
  }

  /** Every micro topic with the student's estimate as of now (the prior and 'unknown' without evidence). */
  async function topicViews(userId: number, nowIso: string) {
    const [graph, rows] = await Promise.all([repo.graph(), repo.mastery(userId)]);
    const byTopic = new Map(rows.map((r) => [r.micro_topic_id, r]));
    const views = new Map<number, ProfileMicroTopic>();
    for (const m of graph.microTopics) {
      const row = byTopic.get(m.id);
      views.set(
        m.id,
        row
          ? { id: m.id, name: m.name, ...pick(toView(row, nowIso)) }
          : { id: m.id, name: m.name, mastery: PRIOR, level: 'unknown', due_for_recheck: false, evidence: 0 },
      );
    }
    return { graph, views, rows };
  }

  async function profileOf(userId: number): Promise<LearningProfile> {
    const student = await repo.userById(userId);
    if (!student) throw notFound('That user does not exist.');
    const nowIso = iso();
    const [{ graph, views }, history, attempts] = await Promise.all([
      topicViews(userId, nowIso),
      repo.history(userId),
      repo.lastAttempts(userId, LAST_ATTEMPTS),
    ]);
    const subjects = graph.subjects.map((s) => {
      const subTopics = graph.subTopics
        .filter((t) => t.subject_id === s.id)
        .map((t) => {
          const micro = graph.microTopics.filter((m) => m.sub_topic_id === t.id).map((m) => views.get(m.id)!);
          return { id: t.id, name: t.name, ...rollUp(micro), micro_topics: micro };
        });
      return {
        id: s.id,
        name: s.name,
        ...rollUp(subTopics.flatMap((t) => t.micro_topics)),
        sub_topics: subTopics,
      };
    });
    return {
      student: {
        id: student.id,
        full_name: student.full_name,
        taken_diagnostics: student.taken_diagnostics === 1,
      },
      as_of: nowIso,
      overall: rollUp([...views.values()]),
      subjects,
      history: masteredOverTime(history),
      last_attempts: attempts.map((a) => ({ ...a, submitted_at: a.submitted_at ?? '' })),
    };
  }

  /**
   * For a micro topic, a quiz on it the student can start, if any: one not yet passed first, then the one
   * most about it (fewest topics), then the oldest.
   */
  async function quizPicker(quizzes: MyAssessment[]) {
    const startable = quizzes.filter((q) => q.can_start);
    const coverage = await repo.topicsOfAssessments(startable.map((q) => q.id));
    const topicsOfQuiz = new Map<number, Set<number>>();
    for (const c of coverage)
      (
        topicsOfQuiz.get(c.assessment_id) ??
        topicsOfQuiz.set(c.assessment_id, new Set()).get(c.assessment_id)!
      ).add(c.micro_topic_id);
    return (topic: number): { id: number; title: string } | null => {
      const candidates = startable
        .filter((q) => topicsOfQuiz.get(q.id)?.has(topic))
        .sort(
          (a, b) =>
            Number(a.last_passed === true) - Number(b.last_passed === true) ||
            (topicsOfQuiz.get(a.id)?.size ?? 0) - (topicsOfQuiz.get(b.id)?.size ?? 0) ||
            a.id - b.id,
        );
      const q = candidates[0];
      return q ? { id: q.id, title: q.title } : null;
    };
  }

  /**
   * Ready to learn: not mastered, every prerequisite mastered; in graph order (prerequisites first, then the
   * catalogue's order). Each with a quiz on it the student can start, if any, preferring one not yet passed.
   */
  async function pathwayOf(user: { id: number; school_id: number | null }): Promise<LearningPathway> {
    return (await pathwaySteps(user, Infinity)).pathway;
  }

  /**
   * The pathway with at most `shown` ready steps and rechecks spelt out (their quiz and materials looked up),
   * with the whole counts beside them: the dashboard's summary shows three, the pathway screen all.
   */
  async function pathwaySteps(user: { id: number; school_id: number | null }, shown: number) {
    const student = await repo.userById(user.id);
    if (!student) throw notFound('That user does not exist.');
    await refreshing.get(user.id);
    const nowIso = iso();
    const [{ graph, views, rows }, quizzes] = await Promise.all([
      topicViews(user.id, nowIso),
      deps.quizzesOf(user),
    ]);
    const { ready, all_mastered } = readinessFrom(graph, views);
    const rechecks = [...views.values()].filter((v) => v.due_for_recheck).map((v) => v.id);
    const readyShown = ready.slice(0, shown);
    const rechecksShown = rechecks.slice(0, shown);

    const [quizFor, materials] = await Promise.all([
      quizPicker(quizzes),
      deps.materialsOf?.(user, [...new Set([...readyShown, ...rechecksShown])]) ??
        Promise.resolve(new Map<number, { lectures: Material[]; videos: Material[] }>()),
    ]);
    const materialsOf = (id: number): PathwayStep['materials'] => [
      ...(materials.get(id)?.lectures ?? []).map((m) => ({ kind: 'lecture' as const, ...m })),
      ...(materials.get(id)?.videos ?? []).map((m) => ({ kind: 'video' as const, ...m })),
    ];
    const subTopic = new Map(graph.subTopics.map((t) => [t.id, t]));
    const subject = new Map(graph.subjects.map((s) => [s.id, s]));
    const stepOf = (id: number): PathwayStep => {
      const m = graph.microTopics.find((x) => x.id === id)!;
      const t = subTopic.get(m.sub_topic_id)!;
      const v = views.get(id)!;
      return {
        micro_topic_id: id,
        name: m.name,
        sub_topic_name: t.name,
        subject_name: subject.get(t.subject_id)?.name ?? '',
        mastery: v.mastery,
        level: v.level,
        quiz: quizFor(id),
        materials: materialsOf(id),
      };
    };

    const pathway: LearningPathway = {
      taken_diagnostics: student.taken_diagnostics === 1,
      all_mastered,
      ready: readyShown.map(stepOf),
      rechecks: rechecksShown.map(stepOf),
    };
    return { pathway, readyCount: ready.length, recheckCount: rechecks.length, rows, nowIso };
  }

  /**
   * Each topic's readiness as of now: the one source of "ready to learn" for the pathway, the dashboard and
   * the diagnostic's results, so the three never count differently. A refresh still running after a submit
   * is waited for first: right after the diagnostic the estimates are the diagnostic's.
   */
  async function readinessOf(userId: number): Promise<Readiness> {
    await refreshing.get(userId);
    const { graph, views } = await topicViews(userId, iso());
    return readinessFrom(graph, views);
  }

  async function masteryOf(userId: number): Promise<TopicMastery[]> {
    const nowIso = iso();
    return (await repo.mastery(userId)).map((r) => toView(r, nowIso));
  }

  return {
    proficiency: async (auth: Authed, id: number) => recalc.proficiency(await subject(auth, id)),
    progress: async (auth: Authed, id: number) => recalc.progress(await subject(auth, id)),
    daily: async (auth: Authed, id: number, day: string) => recalc.daily(await subject(auth, id), day),

    /** After a submit: every figure the submit can change, once the response has gone. */
    refreshAfterSubmit(userId: number): void {
      if (queued.has(userId)) return;
      queued.add(userId);
      let done = () => {};
      const finished = new Promise<void>((resolve) => (done = resolve));
      refreshing.set(userId, finished);
      ctx.tasks.run('learning refresh', async () => {
        queued.delete(userId);
        try {
          await recalc.afterSubmit(userId, iso().slice(0, 10));
        } finally {
          if (refreshing.get(userId) === finished) refreshing.delete(userId);
          done();
        }
      });
    },

    myProfile: (auth: Authed) => profileOf(auth.user.id),
    studentProfile: async (auth: Authed, id: number) => profileOf(await subject(auth, id)),
    myPathway: (auth: Authed) => pathwayOf(auth.user),
    /** The quiz to take after studying these micro topics (a lecture's end): the first topic's, else the next's. */
    async quizForTopics(user: { id: number; school_id: number | null }, microTopicIds: number[]) {
      const quizFor = await quizPicker(await deps.quizzesOf(user));
      for (const id of microTopicIds) {
        const quiz = quizFor(id);
        if (quiz) return quiz;
      }
      return null;
    },
    readinessOf,

    /** The dashboard's card: the pathway's first steps, the mastered count and the last two weeks. */
    async mySummary(auth: Authed): Promise<LearningSummary> {
      const userId = auth.user.id;
      const from = new Date(ctx.now().getTime() - (DAILY_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
      // Only the steps the card shows are spelt out; the mastery rows are the pathway's own read.
      const [steps, total, daily] = await Promise.all([
        pathwaySteps(auth.user, SUMMARY_STEPS),
        repo.topicCount(),
        repo.dailyFrom(userId, from),
      ]);
      return {
        mastered: steps.rows.filter((r) => toView(r, steps.nowIso).level === 'mastered').length,
        total,
        next: steps.pathway.ready,
        ready_count: steps.readyCount,
        rechecks_due: steps.recheckCount,
        daily,
      };
    },

    /** The stored estimates as of now (the profile and pathway read these). */
    masteryOf,
  };
}
export type LearningService = ReturnType<typeof createLearningService>;

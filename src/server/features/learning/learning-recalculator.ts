import type {
  DailyPerformance,
  Proficiency,
  SubjectProgress,
  TopicMastery,
} from '../../../shared/contracts/learning.ts';
import type { QuestionContent } from '../../../shared/contracts/questions.ts';
import type { AppContext } from '../../context.ts';
import { reviewReleased } from '../attempts/attempts.service.ts';
import { createLearningRepository, type GradedAnswer } from './learning.repository.ts';
import type { MasteryHistoryTable, TopicMasteryTable, UserProgressTable } from '../../db/tables/learning.ts';
import {
  EMPTY_TOPIC,
  effective,
  isDueForRecheck,
  levelOf,
  MASTERED,
  step,
  type TopicState,
} from './mastery-model.ts';
import { itemModels } from './item-parameters.ts';

/** An attempt's time counts up to this much: a tab left open overnight is not study time. */
const MAX_ATTEMPT_SECONDS = 3 * 3600;

/** The estimate as the API shows it: as of `now`, decay included. */
export function toView(row: TopicMasteryTable, now: string): TopicMastery {
  const state: TopicState = { p: row.p, evidence: row.evidence, updatedAt: row.updated_at };
  return {
    micro_topic_id: row.micro_topic_id,
    mastery: effective(state, now),
    level: levelOf(state, now),
    due_for_recheck: isDueForRecheck(state, now),
    evidence: row.evidence,
    updated_at: row.updated_at,
  };
}

/**
 * The learning loop's recalculations (spec 7): the proficiency estimates, progress per subject and daily
 * performance, each recomputed from the stored answers, so running one twice changes nothing. No
 * authorization here: the service decides who may ask; the seed and the submit hook call it directly.
 */
export function createLearningRecalculator(ctx: AppContext) {
  const repo = createLearningRepository(ctx.db);
  const iso = () => ctx.now().toISOString();

  /** Whether the student may see this answer's mark now (its assessment's review policy). */
  function marked(a: GradedAnswer, now: number): boolean {
    if (a.review_policy === null) return true; // Test Yourself: the feedback showed it at once.
    return reviewReleased(
      {
        review_policy: a.review_policy,
        closes_at: a.closes_at,
        offline_grace_minutes: a.offline_grace_minutes ?? 0,
        override_closes_at: a.override_closes_at,
      },
      now,
    );
  }

  /** Each answered question's rates: fitted where the last refit stored them, else its type's defaults. */
  async function modelsOf(answers: GradedAnswer[]) {
    const contents = new Map<number, string>();
    for (const a of answers) contents.set(a.question_id, a.content);
    return itemModels(
      ctx.db,
      [...contents].map(([id, content]) => ({ id, content: JSON.parse(content) as QuestionContent })),
    );
  }

  /** The estimates and their daily history from the student's graded answers, as of `nowIso`. */
  async function masteryFrom(userId: number, answers: GradedAnswer[], nowIso: string) {
    const now = Date.parse(nowIso);
    const models = await modelsOf(answers);
    const states = new Map<number, TopicState>();
    const history = new Map<string, MasteryHistoryTable>();
    for (const a of answers) {
      if (!marked(a, now)) continue;
      const state = step(states.get(a.micro_topic_id) ?? EMPTY_TOPIC, {
        at: a.at,
        outcome: !a.answered ? 'dont_know' : a.correct === 1 ? 'correct' : 'wrong',
        item: models.get(a.question_id)!,
        feedback: a.kind === 'practice',
      });
      states.set(a.micro_topic_id, state);
      const day = a.at.slice(0, 10);
      history.set(`${a.micro_topic_id} ${day}`, {
        user_id: userId,
        micro_topic_id: a.micro_topic_id,
        day,
        p: state.p,
      });
    }
    const topics: TopicMasteryTable[] = [...states].map(([micro_topic_id, s]) => ({
      user_id: userId,
      micro_topic_id,
      p: s.p,
      evidence: s.evidence,
      updated_at: s.updatedAt ?? nowIso,
    }));
    return { topics, history: [...history.values()] };
  }

  async function recalculateProficiency(userId: number): Promise<Proficiency> {
    const nowIso = iso();
    const { topics, history } = await masteryFrom(userId, await repo.gradedAnswers(userId), nowIso);
    await repo.replaceMastery(userId, topics, history);
    return { data: topics.map((r) => toView(r, nowIso)) };
  }

  /** Progress per subject (0: overall) from the student's estimates and submitted attempts. */
  async function progressFrom(userId: number, mastery: TopicMasteryTable[], nowIso: string) {
    const [topics, attempts] = await Promise.all([repo.topicSubjects(), repo.submittedAttempts(userId)]);
    const subjectOfTopic = new Map(topics.map((t) => [t.micro_topic_id, t.subject_id]));
    const rows = new Map<number, UserProgressTable>();
    const rowOf = (subjectId: number) => {
      let r = rows.get(subjectId);
      if (!r) {
        r = {
          user_id: userId,
          subject_id: subjectId,
          topics_mastered: 0,
          topics_total: 0,
          assessments_done: 0,
          seconds_spent: 0,
        };
        rows.set(subjectId, r);
      }
      return r;
    };
    const overall = rowOf(0);
    for (const t of topics) {
      rowOf(t.subject_id).topics_total += 1;
      overall.topics_total += 1;
    }
    for (const m of mastery) {
      const s = { p: m.p, evidence: m.evidence, updatedAt: m.updated_at };
      const subjectId = subjectOfTopic.get(m.micro_topic_id);
      if (subjectId === undefined || effective(s, nowIso) < MASTERED) continue;
      rowOf(subjectId).topics_mastered += 1;
      overall.topics_mastered += 1;
    }
    const questionIds = attempts.flatMap((a) => JSON.parse(a.question_ids) as number[]);
    const topicOfQuestion = new Map(
      (await repo.topicsOfQuestions([...new Set(questionIds)])).map((q) => [q.id, q.micro_topic_id]),
    );
    for (const a of attempts) {
      const ids = JSON.parse(a.question_ids) as number[];
      const spent =
        a.submitted_at === null
          ? 0
          : Math.min(
              MAX_ATTEMPT_SECONDS,
              Math.max(0, Math.round((Date.parse(a.submitted_at) - Date.parse(a.started_at)) / 1000)),
            );
      // The attempt's time is shared among its subjects by their share of its questions.
      const perSubject = new Map<number, number>();
      for (const q of ids) {
        const s = subjectOfTopic.get(topicOfQuestion.get(q) ?? -1);
        if (s !== undefined) perSubject.set(s, (perSubject.get(s) ?? 0) + 1);
      }
      overall.assessments_done += 1;
      overall.seconds_spent += spent;
      for (const [s, n] of perSubject) {
        const r = rowOf(s);
        r.assessments_done += 1;
        r.seconds_spent += Math.round((spent * n) / ids.length);
      }
    }
    return [...rows.values()].sort((a, b) => a.subject_id - b.subject_id);
  }

  async function recalculateProgress(userId: number): Promise<{ data: SubjectProgress[] }> {
    const out = await progressFrom(userId, await repo.mastery(userId), iso());
    await repo.replaceProgress(userId, out);
    return { data: out.map(({ user_id: _, ...r }) => r) };
  }

  /** The day's row from that day's graded answers (none if the student gave no answer that day). */
  function dailyFrom(userId: number, day: string, answers: GradedAnswer[], now: number) {
    const given = answers.filter((a) => a.answered);
    const marks = given.filter((a) => marked(a, now));
    return {
      user_id: userId,
      day,
      questions_answered: given.length,
      questions_marked: marks.length,
      correct: marks.filter((a) => a.correct === 1).length,
      minutes_active: new Set(given.map((a) => a.at.slice(0, 16))).size,
    };
  }

  async function recalculateDaily(userId: number, day: string): Promise<DailyPerformance> {
    const row = dailyFrom(userId, day, await repo.gradedAnswers(userId, day), ctx.now().getTime());
    await repo.replaceDaily(userId, day, row.questions_answered > 0 ? row : null);
    const { user_id: _, ...data } = row;
    return { data: { ...data, accuracy: row.questions_marked ? row.correct / row.questions_marked : null } };
  }

  return {
    proficiency: recalculateProficiency,
    progress: recalculateProgress,
    daily: recalculateDaily,
    /**
     * After a submit: the estimates, progress and `day`'s figures from one read of the graded answers, as of
     * one moment, written in one transaction (one commit instead of three).
     */
    async afterSubmit(userId: number, day: string): Promise<void> {
      const nowIso = iso();
      const answers = await repo.gradedAnswers(userId);
      const { topics, history } = await masteryFrom(userId, answers, nowIso);
      const progress = await progressFrom(userId, topics, nowIso);
      const daily = dailyFrom(
        userId,
        day,
        answers.filter((a) => a.at.startsWith(day)),
        Date.parse(nowIso),
      );
      await repo.replaceFigures(userId, {
        topics,
        history,
        progress,
        day,
        daily: daily.questions_answered > 0 ? daily : null,
      });
    },
    /** Everything from scratch: the estimates, progress, and every day the student answered on. */
    async rebuild(userId: number): Promise<void> {
      await recalculateProficiency(userId);
      await recalculateProgress(userId);
      for (const day of await repo.answerDays(userId)) await recalculateDaily(userId, day);
    },
  };
}
export type LearningRecalculator = ReturnType<typeof createLearningRecalculator>;

import type { AppContext } from '../../context.ts';
import type { AttemptAnswersTable } from '../../db/tables/attempts.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { AssessmentsService } from '../assessments/assessments.service.ts';
import { sharedContent } from '../questions/questions.service.ts';
import { createAdaptiveSelector, type AdaptiveSelector } from './adaptive-selector.ts';
import { createAttemptsRepository, type AttemptRow, type AttemptQueries } from './attempts.repository.ts';
import { fixedOrderSelector, type QuestionSelector } from './question-selector.ts';
import { diagnosticHoldsFrom, holdsKeys } from './release.ts';

export const conflict = (message: string) => new HttpError(409, message);

/** An attempt's questions, in the order it asks them. */
export const questionIdsOf = (row: Pick<AttemptRow, 'question_ids'>) =>
  JSON.parse(row.question_ids) as number[];

/** What the feature is handed by the app (other features' services, and what tests swap in). */
export interface AttemptsDeps {
  assessments: AssessmentsService;
  selector?: QuestionSelector;
  /** The diagnostic's: the next question depends on the graded answers so far. */
  adaptive?: AdaptiveSelector;
  /** The schools a teacher teaches: they read their own students' results. */
  teacherSchoolIds?: (userId: number) => Promise<number[]>;
  /** Told once an attempt's grading has committed (the learning loop refreshes the student's figures). */
  onGraded?: (userId: number) => void;
  /**
   * Told (synchronously, cheaply: it only queues) that an attempt at an assessment changed as staff watching it
   * live would see: a start, a save, a heartbeat, a submit or an auto-submit (features/live/exam-live.ts).
   */
  onActivity?: (assessmentId: number, userId: number) => void;
  /** Each topic's readiness by the learning pathway's rule (the learning feature), for the diagnostic's results. */
  readinessOf?: (userId: number) => Promise<{
    of: Map<number, 'known' | 'ready' | 'not_yet'>;
    waitsFor: Map<number, string[]>;
    ready: number[];
  }>;
}

/** What every part of the feature shares: the repository, the clock, the selectors, the questions as loaded. */
export function createAttemptCore(ctx: AppContext, deps: AttemptsDeps) {
  const repo = createAttemptsRepository(ctx.db, ctx.dialect);
  const selector = deps.selector ?? fixedOrderSelector;
  const adaptive = deps.adaptive ?? createAdaptiveSelector();
  const now = () => ctx.now();
  const iso = () => now().toISOString();

  async function loadQuestions(ids: number[], r: Pick<AttemptQueries, 'questionsByIds'> = repo) {
    const rows = await r.questionsByIds(ids);
    const byId = new Map(rows.map((r) => [r.id, { ...r, parsed: sharedContent(r.content) }]));
    return ids.map((id) => byId.get(id)!).filter(Boolean);
  }

  /**
   * What decides which keys are held back from a student (release.ts), as read at one moment: every
   * assessment's release facts, and `held(except)`, the questions among `questionIds` whose keys an assessment
   * other than `except` still holds back from this student (a diagnostic only while the student is taking it
   * or may retake it: `diagnosticHoldsFrom`; every other assessment from everyone). `t` is the clock taken
   * before the read: release only moves forward in time, so judging the facts by it never releases early.
   * PostgreSQL reads it all in one statement (one round trip, one snapshot); SQLite reads the facts, then
   * only what they leave open.
   */
  async function readRelease(questionIds: number[], userId: number): Promise<ReleaseRead> {
    const t = now().getTime();
    if (ctx.dialect === 'postgres') {
      const { facts, made, used } = await repo.releaseState(userId, questionIds, new Date(t).toISOString());
      return {
        t,
        facts,
        held: (except) =>
          heldFrom(
            facts,
            except,
            t,
            async (ids) => made.filter((m) => ids.includes(m.assessment_id)),
            async (ids) => used.filter((u) => ids.includes(u.assessment_id)),
          ),
      };
    }
    const facts = await repo.releaseFacts();
    return {
      t,
      facts,
      held: (except) =>
        heldFrom(
          facts,
          except,
          t,
          (ids) => repo.attemptsMadeAt(userId, ids),
          (ids) => repo.questionsUsedBy(ids, questionIds),
        ),
    };
  }

  async function heldFrom(
    facts: ReleaseFactsRow[],
    except: number | null,
    t: number,
    attemptsMadeAt: (
      assessmentIds: number[],
    ) => Promise<Array<{ assessment_id: number; made: number; open: number }>>,
    questionsUsedBy: (assessmentIds: number[]) => Promise<Array<{ id: number }>>,
  ): Promise<Set<number>> {
    const unreleased = facts.filter((a) => a.id !== except && holdsKeys(a, t));
    const diagnostics = unreleased.filter((a) => a.kind === 'diagnostic');
    const made = new Map(
      (diagnostics.length ? await attemptsMadeAt(diagnostics.map((a) => a.id)) : []).map((m) => [
        m.assessment_id,
        m,
      ]),
    );
    const holding = unreleased.filter(
      (a) => a.kind !== 'diagnostic' || diagnosticHoldsFrom(a, made.get(a.id)),
    );
    return new Set((holding.length ? await questionsUsedBy(holding.map((a) => a.id)) : []).map((r) => r.id));
  }

  /** The questions among these whose keys an assessment other than `except` still holds back from this student. */
  async function heldBack(
    questionIds: number[],
    except: number | null,
    userId: number,
  ): Promise<Set<number>> {
    return (await readRelease(questionIds, userId)).held(except);
  }

  /** The assessment an attempt was started at; null for Test Yourself. */
  const assessmentOf = (row: Pick<AttemptRow, 'assessment_id'>) =>
    row.assessment_id ? deps.assessments.load(row.assessment_id) : null;

  /** An attempt's saved answers by question. */
  const answersById = async (attemptId: string, r: Pick<AttemptQueries, 'answers'> = repo) =>
    new Map((await r.answers(attemptId)).map((a) => [a.question_id, a]));

  return {
    ctx,
    deps,
    repo,
    selector,
    adaptive,
    now,
    iso,
    loadQuestions,
    readRelease,
    heldBack,
    assessmentOf,
    answersById,
  };
}
export type AttemptCore = ReturnType<typeof createAttemptCore>;

type ReleaseFactsRow = Awaited<ReturnType<AttemptQueries['releaseFacts']>>[number];

/** See `readRelease`. */
export interface ReleaseRead {
  t: number;
  facts: ReleaseFactsRow[];
  held(except: number | null): Promise<Set<number>>;
}

export type LoadedQuestion = Awaited<ReturnType<AttemptCore['loadQuestions']>>[number];
export type LoadedAssessment = Awaited<ReturnType<AssessmentsService['load']>>;
export type Graded = {
  row: AttemptRow;
  questions: LoadedQuestion[];
  answers: Map<number, AttemptAnswersTable>;
  assessment: LoadedAssessment | null;
};

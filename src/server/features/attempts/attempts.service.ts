import type { AppContext } from '../../context.ts';
import type { Authed } from '../../plugins/routes.ts';
import { createAdaptiveStep } from './adaptive-step.ts';
import { createAnswerSave } from './answer-save.ts';
import { createOwnership } from './attempt-access.ts';
import { createAttemptClock } from './attempt-clock.ts';
import { createAttemptCore, type AttemptsDeps } from './attempt-core.ts';
import { createAttemptResults } from './attempt-results.ts';
import { createAttemptReview } from './attempt-review.ts';
import { createAttemptStart } from './attempt-start.ts';
import { createAttemptView } from './attempt-view.ts';
import { createGrading } from './grading.ts';

export { LATENCY_GRACE_MS, reviewReleased } from './release.ts';
export type { AttemptsDeps } from './attempt-core.ts';

/**
 * The attempts feature as the app, the seed and other features see it: the one way in. Its parts each keep
 * one concern (starting, the clock, saving, the adaptive step, grading, results, the review); this wires them.
 */
export function createAttemptsService(ctx: AppContext, deps: AttemptsDeps) {
  const core = createAttemptCore(ctx, deps);
  const { grade } = createGrading(core);
  const { finaliseIfExpired, touch, sweepExpired, retime } = createAttemptClock(core, grade);
  const own = createOwnership(core, finaliseIfExpired);
  const { diagnosticLog, stepAfterAnswer } = createAdaptiveStep(core);
  const view = createAttemptView(core, diagnosticLog);
  const starting = createAttemptStart(core, { view, finaliseIfExpired });
  const saving = createAnswerSave(core, { own, touch, stepAfterAnswer });
  const results = createAttemptResults(core, { own, grade, diagnosticLog });
  const analysis = createAttemptReview(core, own);

  return {
    start: starting.start,
    startPractice: starting.startPractice,

    async get(auth: Authed, id: string) {
      const row = await own(auth, id);
      await touch(row);
      return view(row);
    },

    saveAnswer: saving.saveAnswer,
    savePosition: saving.savePosition,
    submit: results.submit,
    result: results.result,
    analysis,
    diagnosticResults: results.diagnosticResults,
    forStaff: results.forStaff,
    summariesOf: results.summariesOf,
    sweepExpired,
    /** Moves the deadlines of attempts in progress whose rules changed (overrides: issue 27). */
    retime,
  };
}
export type AttemptsService = ReturnType<typeof createAttemptsService>;

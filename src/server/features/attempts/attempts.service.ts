import type { HeartbeatResponse } from '../../../shared/contracts/attempts.ts';
import type { AppContext } from '../../context.ts';
import type { Authed } from '../../plugins/routes.ts';
import { createAdaptiveStep } from './adaptive-step.ts';
import { createAnswerSave } from './answer-save.ts';
import { createOwnership } from './attempt-access.ts';
import { createAttemptClock } from './attempt-clock.ts';
import { conflict, createAttemptCore, type AttemptsDeps } from './attempt-core.ts';
import { createAttemptResults } from './attempt-results.ts';
import { createAttemptReview } from './attempt-review.ts';
import { createAttemptStart } from './attempt-start.ts';
import { createAttemptView } from './attempt-view.ts';
import type { AttemptRow } from './attempts.repository.ts';
import { createGrading } from './grading.ts';
import { LATENCY_GRACE_MS } from './release.ts';

export { LATENCY_GRACE_MS, reviewReleased } from './release.ts';
export type { AttemptsDeps } from './attempt-core.ts';

/**
 * The attempts feature as the app, the seed and other features see it: the one way in. Its parts each keep
 * one concern (starting, the clock, saving, the adaptive step, grading, results, the review); this wires them.
 */
export function createAttemptsService(ctx: AppContext, deps: AttemptsDeps) {
  const core = createAttemptCore(ctx, deps);
  const activity = (row: Pick<AttemptRow, 'assessment_id' | 'user_id'>) => {
    if (row.assessment_id !== null) deps.onActivity?.(row.assessment_id, row.user_id);
  };
  const grading = createGrading(core);
  // Every submit, the student's or the auto-submit, is seen live by staff watching the assessment.
  const grade: typeof grading.grade = async (row, auto, meanwhile) => {
    const graded = await grading.grade(row, auto, meanwhile);
    if (graded) activity(row);
    return graded;
  };
  const { finaliseIfExpired, touch, sweepExpired, retime } = createAttemptClock(core, grade);
  const own = createOwnership(core, finaliseIfExpired);
  const { diagnosticLog, stepAfterAnswer } = createAdaptiveStep(core);
  const view = createAttemptView(core, diagnosticLog);
  const starting = createAttemptStart(core, { view, finaliseIfExpired });
  const saving = createAnswerSave(core, { own, touch, stepAfterAnswer });
  const results = createAttemptResults(core, { own, grade, diagnosticLog });
  const analysis = createAttemptReview(core, own);

  return {
    async start(...args: Parameters<typeof starting.start>) {
      const attempt = await starting.start(...args);
      if (attempt.assessment_id !== null) deps.onActivity?.(attempt.assessment_id, args[0].user.id);
      return attempt;
    },
    startPractice: starting.startPractice,

    async get(auth: Authed, id: string) {
      const row = await own(auth, id);
      await touch(row);
      return view(row);
    },

    saveAnswer: saving.saveAnswer,

    /**
     * The device of an attempt in progress says it is there, with its outbox's size: the server has heard
     * from it (the clock's touch, before the deadline) and keeps the size for the live view. Answers the
     * attempt's deadline as it stands now (an override may have moved it). A submitted attempt is a 409.
     */
    async heartbeat(auth: Authed, id: string, outbox: number): Promise<HeartbeatResponse> {
      const row = await own(auth, id);
      if (row.status !== 'in_progress') throw conflict('This attempt has been submitted.');
      const t = ctx.now();
      const onTime = !row.deadline_at || t.getTime() <= Date.parse(row.deadline_at) + LATENCY_GRACE_MS;
      await core.repo.update(row.id, {
        outbox_size: outbox,
        outbox_reported_at: t.toISOString(),
        ...(onTime ? { last_seen_at: t.toISOString() } : {}),
      });
      activity(row);
      return { deadline_at: row.deadline_at, grace_until: row.grace_until, server_time: t.toISOString() };
    },
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

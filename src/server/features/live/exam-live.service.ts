import {
  summarize,
  type ExamLiveOverride,
  type ExamLiveResponse,
  type ExamLiveRow,
  type ExamLiveState,
} from '../../../shared/contracts/exam-live.ts';
import type { AppContext } from '../../context.ts';
import type { EventBus } from '../../plugins/event-bus.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import type { AssessmentsService } from '../assessments/assessments.service.ts';
import { roleOf } from '../users/users.service.ts';
import { createExamLiveStreams } from './exam-live-streams.ts';
import { createExamLiveRepository, type LiveAttemptRow, type StudentRow } from './exam-live.repository.ts';
import type { StreamSink } from './stream-kit.ts';

/** Each student's own terms for an assessment (the overrides feature), by user id. */
export type OverridesOf = (
  assessmentId: number,
  userIds: number[] | null,
) => Promise<Map<number, ExamLiveOverride>>;

/** Changes are gathered this long before they are sent (and published): 500 students saving is one read a second. */
const COALESCE_MS = 1000;

/**
 * The live view of an exam in progress: every student who may take the assessment (a teacher: of their own
 * schools), each with the attempt that matters (the one in progress, else the latest), and its stream.
 * Access is the assessment's "follow" rule (admins all; teachers those aimed at one of their schools or at
 * every school); another school's assessment is a 403, as its results are.
 */
export function createExamLiveService(
  ctx: AppContext,
  deps: {
    bus: EventBus;
    assessments: AssessmentsService;
    teacherSchoolIds: (userId: number) => Promise<number[]>;
    authenticateHash: (tokenHash: string) => Promise<Authed | null>;
    onSessionsChanged: (listener: (userId: number | null) => void) => void;
  },
) {
  const repo = createExamLiveRepository(ctx.db);
  const streams = createExamLiveStreams({
    ...ctx.config.live,
    bus: deps.bus,
    coalesceMs: COALESCE_MS,
    now: ctx.now,
    warn: (err, msg) => ctx.log.warn({ err }, msg),
    readRows: async (assessmentId, userIds) => {
      const row = await deps.assessments.load(assessmentId).catch(() => null);
      if (!row) return [];
      const a = await deps.assessments.toAssessment(row);
      return rowsOf(a, a.school_ids.length ? a.school_ids : null, userIds);
    },
  });
  deps.onSessionsChanged((userId) => streams.recheckOwners(userId));

  type Assessment = Awaited<ReturnType<AssessmentsService['get']>>;

  /** The schools whose students the actor sees in this assessment's view (null: every school's). */
  async function scopeOf(actor: Authed, a: Assessment): Promise<number[] | null> {
    const target = a.school_ids.length ? a.school_ids : null;
    if (roleOf(actor.user) === 'admin') return target;
    const mine = await deps.teacherSchoolIds(actor.user.id);
    return target ? target.filter((s) => mine.includes(s)) : mine;
  }

  async function access(actor: Authed, id: number) {
    // The assessment's own rule for looking at it: another school's is a 403 (a missing one a 404).
    const a = await deps.assessments.get(actor, id);
    return { a, scope: await scopeOf(actor, a) };
  }

  function stateOf(t: LiveAttemptRow | undefined): ExamLiveState {
    if (!t) return 'not_started';
    if (t.status === 'in_progress') return 'answering';
    return t.auto_submitted === 1 ? 'auto_submitted' : 'submitted';
  }

  const latest = (...times: Array<string | null>) =>
    times.reduce<string | null>((m, x) => (x !== null && (m === null || x > m) ? x : m), null);

  async function rowsOf(a: Assessment, scope: number[] | null, userIds: number[] | null) {
    const [students, attempts, overrides] = await Promise.all([
      repo.students(scope, userIds),
      repo.attempts(a.id, userIds),
      repo.overrides(a.id, userIds),
    ]);
    const overrideOf = new Map<number, ExamLiveOverride>(
      overrides.map(({ user_id, ...o }) => [
        user_id!,
        { ...o, time_multiplier: o.time_multiplier === null ? null : Number(o.time_multiplier) },
      ]),
    );
    // The attempt that matters: the one in progress, else the latest (oldest first, so later ones win).
    const shown = new Map<number, LiveAttemptRow>();
    for (const t of attempts) {
      const before = shown.get(t.user_id);
      if (!before || before.status !== 'in_progress') shown.set(t.user_id, t);
    }
    const asked = a.question_ids.length + a.draws.reduce((n, d) => n + d.count, 0);
    const now = ctx.now().getTime();
    return students.map((s) => toRow(s, shown.get(s.id), overrideOf.get(s.id) ?? null, asked, now));
  }

  function toRow(
    s: StudentRow,
    t: LiveAttemptRow | undefined,
    override: ExamLiveOverride | null,
    asked: number,
    now: number,
  ): ExamLiveRow {
    const state = stateOf(t);
    return {
      user_id: s.id,
      full_name: s.full_name,
      school_id: s.school_id,
      school_name: s.school_name,
      state,
      attempt_id: t?.id ?? null,
      answered: Number(t?.answered ?? 0),
      questions: t ? (JSON.parse(t.question_ids) as number[]).length : asked,
      started_at: t?.started_at ?? null,
      submitted_at: t?.submitted_at ?? null,
      last_heard_at: t
        ? latest(t.started_at, t.last_seen_at, t.last_saved_at, t.outbox_reported_at, t.submitted_at)
        : null,
      outbox_size: t?.outbox_size ?? null,
      outbox_reported_at: t?.outbox_reported_at ?? null,
      deadline_at: t?.deadline_at ?? null,
      grace_until: t?.grace_until ?? null,
      time_left_seconds:
        state === 'answering' && t?.deadline_at
          ? Math.max(0, Math.round((Date.parse(t.deadline_at) - now) / 1000))
          : null,
      used_offline_grace: t?.used_offline_grace === 1,
      override,
    };
  }

  return {
    /** An attempt at the assessment changed: streams watching it hear of the student (gathered, cheap). */
    changed: (assessmentId: number, userId: number) => streams.changed(assessmentId, userId),

    async view(actor: Authed, id: number): Promise<ExamLiveResponse> {
      const { a, scope } = await access(actor, id);
      const rows = await rowsOf(a, scope, null);
      const now = ctx.now();
      return {
        assessment: {
          id: a.id,
          title: a.title,
          kind: a.kind,
          time_limit_minutes: a.time_limit_minutes,
          closes_at: a.closes_at,
        },
        rows,
        summary: summarize(rows, now.getTime()),
        server_time: now.toISOString(),
      };
    },

    /**
     * Checks access and counts the stream against the caps (a 403, 404, 406, 429 or 503 before any byte of the
     * stream), then returns how to attach one. Each heartbeat asks again whether the token is still signed in
     * and may still see the assessment.
     */
    async openStream(actor: Authed, id: number, acceptsEvents: boolean) {
      const first = await access(actor, id);
      const a = first.a;
      // The students this stream shows: asked again with each heartbeat (a teacher's schools may change).
      let scope = first.scope;
      // An event stream stays open: a caller that did not ask for one (a script, a test's injected request)
      // is told so instead of being held.
      if (!acceptsEvents) throw new HttpError(406, 'This is an event stream: ask for text/event-stream.');
      const release = streams.admit(actor.user.id);
      const stillAllowed = async () => {
        const now = await deps.authenticateHash(actor.tokenHash);
        if (!now || now.user.id !== actor.user.id) return false;
        try {
          scope = (await access(now, id)).scope;
          return true;
        } catch (err) {
          if (err instanceof HttpError && [403, 404].includes(err.status)) return false;
          throw err;
        }
      };
      const sees = (row: ExamLiveRow) =>
        scope === null || (row.school_id !== null && scope.includes(row.school_id));
      // Closed, and no attempt open: nothing more will change, the stream ends at once.
      const over = async () =>
        a.closes_at !== null && Date.parse(a.closes_at) <= ctx.now().getTime() && !(await repo.anyOpen(id));
      return (sink: StreamSink) =>
        streams.attach(id, { userId: actor.user.id, stillAllowed }, sees, release, sink, over);
    },

    closeStreams: () => streams.closeAll(),
    openStreams: () => streams.count(),
  };
}
export type ExamLiveService = ReturnType<typeof createExamLiveService>;

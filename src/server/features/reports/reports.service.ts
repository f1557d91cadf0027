import type {
  Activity,
  Dashboard,
  InactiveQuery,
  ItemAnalysis,
  MyRanking,
  StudentRankingQuery,
} from '../../../shared/contracts/reports.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import { createItemAnalysis } from './item-analysis.ts';
import { createNeedsAttention, type PendingJoinRequests } from './needs-attention.ts';
import { myRanking, rankSchools } from './rankings.ts';
import { DAY_MS, lastDays, round1, windowStart } from './report-days.ts';
import type { Scope } from './report-sql.ts';
import { createReportsRepository } from './reports.repository.ts';

export { shortName } from './rankings.ts';

const DASHBOARD_DAYS = 30;
const RECENT = 8;

/**
 * The admin dashboard and Reports. Admins see every school; a teacher only the students of their schools
 * (a school filter outside them is refused). Rankings and item analysis read submitted attempts only, and
 * leave out students who opted out of rankings.
 */
export function createReportsService(
  ctx: AppContext,
  deps: {
    teacherSchoolIds: (userId: number) => Promise<number[]>;
    /** Of these assessments, those the caller may look at (the assessments feature's rule). */
    followable: (auth: Authed, assessmentIds: number[]) => Promise<Set<number>>;
    pendingJoinRequests: PendingJoinRequests;
  },
) {
  const repo = createReportsRepository(ctx.db, ctx.dialect);
  const attention = createNeedsAttention(ctx.db, ctx.dialect, repo, {
    pendingJoinRequests: deps.pendingJoinRequests,
    now: ctx.now,
  });

  async function scopeOf(auth: Authed, schoolId?: number): Promise<Scope> {
    if (roleOf(auth.user) === 'admin') return undefined;
    const own = await deps.teacherSchoolIds(auth.user.id);
    if (schoolId !== undefined && !own.includes(schoolId))
      throw forbidden('You can only see the students of your own schools.');
    return own;
  }

  const analyse = createItemAnalysis(repo);

  // The score summary is built in full once per process (attempts graded before it started, the demo seed's
  // among them), then kept up to date by `scoresChanged` after every submit.
  let scoresBuilt: Promise<void> | null = null;
  const scoresReady = () =>
    (scoresBuilt ??= repo.rebuildScores().catch((error: unknown) => {
      scoresBuilt = null;
      throw error;
    }));

  return {
    /** Told after a student's attempt is graded: their line of the score summary is set again. */
    scoresChanged(userId: number): void {
      ctx.tasks.run('report scores', async () => {
        await scoresReady();
        await repo.rebuildScores(userId);
      });
    },

    async dashboard(auth: Authed): Promise<Dashboard> {
      const scope = await scopeOf(auth);
      await scoresReady();
      const now = ctx.now().getTime();
      const days = lastDays(now, DASHBOARD_DAYS);
      const from = `${days[0]}T00:00:00.000Z`;
      const [counts, perDay, active, schools, recent] = await Promise.all([
        repo.counts(scope, windowStart(now, 7)),
        repo.submittedPerDay(from, scope),
        repo.activeStudents(from, scope),
        repo.schoolStats(scope, false),
        repo.recent(scope, RECENT),
      ]);
      const byDay = new Map(perDay.map((d) => [d.day, d.attempts]));
      const activeOn = new Map(active.perDay.map((d) => [d.day, d.students]));
      return {
        counts: {
          students: counts.students,
          active_this_week: counts.active,
          attempts: counts.attempts,
          average_score: round1(counts.average),
        },
        activity: days.map((day) => ({
          day,
          attempts: byDay.get(day) ?? 0,
          active_students: activeOn.get(day) ?? 0,
        })),
        schools: schools
          .sort((a, b) => b.students - a.students || a.name.localeCompare(b.name))
          .map((s) => ({ ...s, average_score: round1(s.average_score) })),
        recent,
      };
    },

    /** One page of the ranking; `all` (the CSV): every row of the same filter and order. */
    /** The staff dashboard's "Needs attention": join requests, quiet students, weak topics (needs-attention.ts). */
    async needsAttention(auth: Authed) {
      return attention(auth, await scopeOf(auth));
    },

    async studentRanking(auth: Authed, q: StudentRankingQuery, all = false) {
      const scope = await scopeOf(auth, q.school_id);
      await scoresReady();
      const filter = { scope, schoolId: q.school_id, search: q.search };
      const page = all ? {} : { limit: q.per_page, offset: (q.page - 1) * q.per_page };
      const [rows, total] = await Promise.all([
        repo.studentRanking({ ...filter, by: q.sort, ...page }),
        repo.countRanked(filter),
      ]);
      return {
        data: rows.map((r) => ({
          rank: r.rank,
          user_id: r.user_id,
          full_name: r.full_name,
          school_name: r.school_name,
          attempts: r.attempts,
          average_score: round1(r.average_score),
          topics_mastered: r.topics_mastered,
          topics_total: r.topics_total,
          progress: r.topics_total ? Math.round((100 * r.topics_mastered) / r.topics_total) : 0,
        })),
        meta: { total, page: all ? 1 : q.page, per_page: all ? total : q.per_page },
      };
    },

    async schoolRanking(auth: Authed, by: 'score' | 'progress') {
      const scope = await scopeOf(auth);
      await scoresReady();
      return { data: rankSchools(await repo.schoolStats(scope, true), by) };
    },

    async assessments(auth: Authed) {
      const rows = await repo.assessmentsWithAttempts(await scopeOf(auth));
      const mayFollow = await deps.followable(
        auth,
        rows.map((r) => r.id),
      );
      return { data: rows.filter((r) => mayFollow.has(r.id)) };
    },

    /**
     * Stems and key flags: only for an assessment the caller may look at on its own screen. Another school's
     * is a 404, as if it did not exist, whatever its attempts.
     */
    async itemAnalysis(auth: Authed, assessmentId: number, schoolId?: number): Promise<ItemAnalysis> {
      const scope = await scopeOf(auth, schoolId);
      const assessment = await repo.assessment(assessmentId);
      if (!assessment || !(await deps.followable(auth, [assessmentId])).has(assessmentId))
        throw notFound('That assessment does not exist.');
      return analyse(assessment, scope, schoolId);
    },

    /**
     * Per day, newest first, and the period's totals: active students by the one definition
     * (activity-moments.ts), so the days, the period and the inactive list add up.
     */
    async activity(auth: Authed, days: number, schoolId?: number): Promise<Activity> {
      const scope = await scopeOf(auth, schoolId);
      const range = lastDays(ctx.now().getTime(), days);
      const from = `${range[0]}T00:00:00.000Z`;
      const [perf, submitted, active, students] = await Promise.all([
        repo.dailyPerformance(range[0]!, scope, schoolId),
        repo.submittedPerDay(from, scope, schoolId),
        repo.activeStudents(from, scope, schoolId),
        repo.countStudents(scope, schoolId),
      ]);
      const p = new Map(perf.map((d) => [d.day, d]));
      const s = new Map(submitted.map((d) => [d.day, d.attempts]));
      const a = new Map(active.perDay.map((d) => [d.day, d.students]));
      return {
        data: range.reverse().map((day) => {
          const d = p.get(day);
          return {
            day,
            active_students: a.get(day) ?? 0,
            attempts: s.get(day) ?? 0,
            questions_answered: d?.questions ?? 0,
            accuracy: d?.marked ? Math.round((100 * d.correct) / d.marked) : null,
            minutes_active: d?.minutes ?? 0,
          };
        }),
        totals: { students: students, active: active.period, inactive: students - active.period },
      };
    },

    /** One page of the inactive; `all` (the CSV): every row of the same filter. */
    async inactive(auth: Authed, q: InactiveQuery, all = false) {
      const scope = await scopeOf(auth, q.school_id);
      const now = ctx.now().getTime();
      const before = windowStart(now, q.days);
      const rows = await repo.inactive({
        scope,
        schoolId: q.school_id,
        before,
        sort: q.sort,
        ...(all ? {} : { limit: q.per_page, offset: (q.page - 1) * q.per_page }),
      });
      const total = rows[0]?.total ?? (q.page > 1 ? await repo.countInactive(scope, before, q.school_id) : 0);
      return {
        data: rows.map((r) => ({
          user_id: r.user_id,
          full_name: r.full_name,
          school_name: r.school_name,
          last_active_at: r.last,
          days_inactive: r.last === null ? null : Math.floor((now - Date.parse(r.last)) / DAY_MS),
        })),
        meta: { total, page: all ? 1 : q.page, per_page: all ? total : q.per_page },
      };
    },

    /** The student's board among their schoolmates (see rankings.ts). */
    async myRanking(auth: Authed): Promise<MyRanking> {
      return myRanking(repo, auth.user);
    },

    async visibility(auth: Authed) {
      return { visible: !(await repo.optedOut(auth.user.id)) };
    },

    async setVisibility(auth: Authed, visible: boolean) {
      await repo.setOptOut(auth.user.id, !visible, ctx.now().toISOString());
      return { visible };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;

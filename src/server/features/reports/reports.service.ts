import { randomUUID } from 'node:crypto';
import type { QuestionContent } from '../../../shared/contracts/questions.ts';
import type {
  ActivityDay,
  Dashboard,
  InactiveQuery,
  ItemAnalysis,
  ItemRow,
  MyRanking,
  SchoolRank,
  StudentRankingQuery,
} from '../../../shared/contracts/reports.ts';
import { richTextToPlain } from '../../../shared/rich-text.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import { facility, itemFlags, pointBiserial, round2, type ItemSums } from './item-stats.ts';
import { createReportsRepository, type Scope } from './reports.repository.ts';

const DAY_MS = 86_400_000;
/** The student's board: this many places either side of their own. */
const BOARD_REACH = 3;
const DASHBOARD_DAYS = 30;
const RECENT = 8;
const STEM_CHARS = 140;

const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
/** Every day from `days - 1` days ago to today (UTC), oldest first. */
const lastDays = (now: number, days: number) =>
  Array.from({ length: days }, (_, i) => dayOf(now - (days - 1 - i) * DAY_MS));
/** Another student's name on a board: first name and initial, never the whole name. */
export function shortName(full: string): string {
  const parts = full.trim().split(/\s+/);
  const last = parts.length > 1 ? parts[parts.length - 1]! : '';
  return last ? `${parts[0]} ${last[0]!.toUpperCase()}.` : (parts[0] ?? '');
}
const truncate = (s: string) => (s.length > STEM_CHARS ? `${s.slice(0, STEM_CHARS - 1)}…` : s);

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
  },
) {
  const repo = createReportsRepository(ctx.db, ctx.dialect);

  async function scopeOf(auth: Authed, schoolId?: number): Promise<Scope> {
    if (roleOf(auth.user) === 'admin') return undefined;
    const own = await deps.teacherSchoolIds(auth.user.id);
    if (schoolId !== undefined && !own.includes(schoolId))
      throw forbidden('You can only see the students of your own schools.');
    return own;
  }

  function rankSchools(rows: Awaited<ReturnType<typeof repo.schoolStats>>, by: 'score' | 'progress') {
    const metric = (r: (typeof rows)[number]) => (by === 'score' ? r.average_score : r.average_progress);
    const sorted = [...rows].sort(
      (a, b) => (metric(b) ?? -1) - (metric(a) ?? -1) || a.name.localeCompare(b.name) || a.id - b.id,
    );
    const out: SchoolRank[] = [];
    sorted.forEach((r, i) => {
      const prev = out[i - 1];
      const tie = prev && (metric(sorted[i - 1]!) ?? -1) === (metric(r) ?? -1);
      out.push({
        rank: tie ? prev.rank : i + 1,
        school_id: r.id,
        school_name: r.name,
        students: r.students,
        attempts: r.attempts,
        average_score: round1(r.average_score),
        average_progress: round1(r.average_progress),
      });
    });
    return out;
  }

  /** Options and how often each was chosen, for the choice types; other types have no distractors. */
  function optionCounts(content: QuestionContent, chosen: Array<{ answer: string | null; n: number }>) {
    if (
      content.type !== 'single_choice' &&
      content.type !== 'multiple_choice' &&
      content.type !== 'true_false'
    )
      return [];
    const options =
      content.type === 'true_false'
        ? [
            { id: 'true', label: 'True', key: content.correct, count: 0 },
            { id: 'false', label: 'False', key: !content.correct, count: 0 },
          ]
        : content.options.map((o) => ({
            id: o.id,
            label: truncate(o.text),
            key: content.correct.includes(o.id),
            count: 0,
          }));
    const byId = new Map(options.map((o) => [o.id, o]));
    for (const { answer, n } of chosen) {
      if (!answer) continue;
      const a = JSON.parse(answer) as { choice?: string; choices?: string[]; value?: boolean };
      const ids =
        a.choice !== undefined ? [a.choice] : (a.choices ?? (a.value !== undefined ? [String(a.value)] : []));
      for (const id of ids) {
        const o = byId.get(id);
        if (o) o.count += n;
      }
    }
    return options;
  }

  /**
   * Brings an assessment's item tables up to date: the attempts submitted since the last report are added
   * to the sums (a few rows each), so a report never adds up every answer again. Fewer attempts than counted
   * means one was deleted with its student: the sums start again.
   */
  async function refreshItems(assessmentId: number): Promise<void> {
    const { submitted, counted } = await repo.itemCounts(assessmentId);
    if (counted > submitted) await repo.forgetItems(assessmentId);
    if (counted !== submitted) await repo.foldIn(assessmentId, randomUUID());
  }

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
      const [counts, perDay, schools, recent] = await Promise.all([
        repo.counts(scope, new Date(now - 7 * DAY_MS).toISOString()),
        repo.submittedPerDay(`${days[0]}T00:00:00.000Z`, scope),
        repo.schoolStats(scope, false),
        repo.recent(scope, RECENT),
      ]);
      const byDay = new Map(perDay.map((d) => [d.day, d]));
      return {
        counts: {
          students: counts.students,
          active_this_week: counts.active,
          attempts: counts.attempts,
          average_score: round1(counts.average),
        },
        activity: days.map((day) => ({
          day,
          attempts: byDay.get(day)?.attempts ?? 0,
          active_students: byDay.get(day)?.students ?? 0,
        })),
        schools: schools
          .sort((a, b) => b.students - a.students || a.name.localeCompare(b.name))
          .map((s) => ({ ...s, average_score: round1(s.average_score) })),
        recent,
      };
    },

    async studentRanking(auth: Authed, q: StudentRankingQuery) {
      const scope = await scopeOf(auth, q.school_id);
      await scoresReady();
      const filter = { scope, schoolId: q.school_id, search: q.search };
      const [rows, total] = await Promise.all([
        repo.studentRanking({ ...filter, by: q.sort, limit: q.per_page, offset: (q.page - 1) * q.per_page }),
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
        meta: { total, page: q.page, per_page: q.per_page },
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
      await refreshItems(assessmentId);
      const [totals, groups, fixed] = await Promise.all([
        repo.attemptTotals(assessmentId, scope, schoolId),
        repo.answerGroups(assessmentId, scope, schoolId),
        assessment.selection === 'fixed' ? repo.fixedQuestions(assessmentId) : Promise.resolve([]),
      ]);
      const position = new Map(fixed.map((f) => [f.question_id, f.position]));
      const perQuestion = new Map<number, typeof groups>();
      for (const g of groups) perQuestion.set(g.question_id, [...(perQuestion.get(g.question_id) ?? []), g]);
      const ids = [...new Set([...position.keys(), ...perQuestion.keys()])];
      const questions = await repo.questions(ids);
      const rows: ItemRow[] = questions.map((q) => {
        const gs = perQuestion.get(q.id) ?? [];
        const answered = gs.reduce((s, g) => s + g.n, 0);
        const sums: ItemSums = {
          n: answered,
          right: gs.reduce((s, g) => s + g.right, 0),
          sumTotal: gs.reduce((s, g) => s + g.sumTotal, 0),
          sumTotalSq: gs.reduce((s, g) => s + g.sumTotalSq, 0),
          sumTotalRight: gs.reduce((s, g) => s + g.sumTotalRight, 0),
        };
        // A fixed question was shown to every attempt: one left blank counts as wrong, with its total.
        if (position.has(q.id))
          Object.assign(sums, { ...totals, right: sums.right, sumTotalRight: sums.sumTotalRight });
        const fac = facility(sums);
        const disc = pointBiserial(sums);
        const options = optionCounts(JSON.parse(q.content) as QuestionContent, gs);
        return {
          position: 0,
          question_id: q.id,
          stem: truncate(richTextToPlain(q.stem)),
          type: q.type,
          answered,
          facility: round2(fac),
          discrimination: round2(disc),
          options,
          flags: itemFlags(fac, disc, options),
        };
      });
      rows.sort(
        (a, b) =>
          (position.get(a.question_id) ?? 1e9) - (position.get(b.question_id) ?? 1e9) ||
          a.question_id - b.question_id,
      );
      rows.forEach((r, i) => (r.position = i + 1));
      return {
        assessment: {
          id: assessment.id,
          kind: assessment.kind,
          title: assessment.title,
          attempts: totals.n,
        },
        data: rows,
      };
    },

    async activity(auth: Authed, days: number, schoolId?: number): Promise<{ data: ActivityDay[] }> {
      const scope = await scopeOf(auth, schoolId);
      const range = lastDays(ctx.now().getTime(), days);
      const [perf, submitted] = await Promise.all([
        repo.dailyPerformance(range[0]!, scope, schoolId),
        repo.submittedPerDay(`${range[0]}T00:00:00.000Z`, scope, schoolId),
      ]);
      const p = new Map(perf.map((d) => [d.day, d]));
      const s = new Map(submitted.map((d) => [d.day, d]));
      // Newest first: the table answers "what happened lately".
      return {
        data: range.reverse().map((day) => {
          const d = p.get(day);
          return {
            day,
            active_students: Math.max(d?.active ?? 0, s.get(day)?.students ?? 0),
            attempts: s.get(day)?.attempts ?? 0,
            questions_answered: d?.questions ?? 0,
            accuracy: d?.marked ? Math.round((100 * d.correct) / d.marked) : null,
            minutes_active: d?.minutes ?? 0,
          };
        }),
      };
    },

    async inactive(auth: Authed, q: InactiveQuery) {
      const scope = await scopeOf(auth, q.school_id);
      const now = ctx.now().getTime();
      const before = new Date(now - q.days * DAY_MS).toISOString();
      const rows = await repo.inactive({
        scope,
        schoolId: q.school_id,
        before,
        sort: q.sort,
        limit: q.per_page,
        offset: (q.page - 1) * q.per_page,
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
        meta: { total, page: q.page, per_page: q.per_page },
      };
    },

    /**
     * The student's board: schoolmates by progress (topics mastered, which only marked answers move, so it
     * gives away no withheld score), a few places either side, others named by first name and initial.
     */
    async myRanking(auth: Authed): Promise<MyRanking> {
      const me = auth.user;
      const visible = !(await repo.optedOut(me.id));
      const empty = { visible, school_name: null, rank: null, total: 0, rows: [] };
      if (!visible || me.school_id === null) return empty;
      const [board, schoolName] = await Promise.all([
        repo.boardOf(me.school_id),
        repo.schoolName(me.school_id),
      ]);
      const pct = (b: (typeof board)[number]) => (b.total ? (100 * b.mastered) / b.total : 0);
      board.sort((a, b) => pct(b) - pct(a) || b.mastered - a.mastered || a.id - b.id);
      const ranks: number[] = [];
      board.forEach((b, i) => ranks.push(i > 0 && pct(board[i - 1]!) === pct(b) ? ranks[i - 1]! : i + 1));
      const at = board.findIndex((b) => b.id === me.id);
      if (at < 0) return { ...empty, school_name: schoolName };
      const from = Math.max(0, at - BOARD_REACH);
      return {
        visible,
        school_name: schoolName,
        rank: ranks[at]!,
        total: board.length,
        rows: board.slice(from, at + BOARD_REACH + 1).map((b, i) => ({
          rank: ranks[from + i]!,
          name: b.id === me.id ? `${me.full_name} (you)` : shortName(b.full_name),
          progress: Math.round(pct(b)),
          me: b.id === me.id,
        })),
      };
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

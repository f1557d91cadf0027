import {
  WATCHED_FRACTION,
  type Lecture,
  type LectureSummary,
  type TopicFilterQuery,
  type Video,
  type VideoProgress,
  type VideoProgressBody,
  type VideoSummary,
} from '../../../shared/contracts/content.ts';
import type { AppContext } from '../../context.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import { fileIdsIn } from '../files/files.service.ts';
import { createContentFilesRepository } from './content-files.repository.ts';
import { embedUrlOf, linksOf, toFile, type SignFor } from './content-views.ts';
import type { ContentRepository, ContentRow, ProgressRow, Reach } from './content.repository.ts';
import { creditBudget, creditWithin, openedAtOf } from './video-credit.ts';
import { mergeIntervals, parseIntervals, totalSeconds, type Interval } from './watched-intervals.ts';

/**
 * After lecture `id` (in `ordered`, teaching order): the next one on one of its sub topics, as the lecture list
 * groups them; after a sub topic's last, the next in teaching order; null after the very last.
 */
export function nextLecture(
  ordered: readonly LectureSummary[],
  id: number,
  topics: readonly { sub_topic_id: number }[],
): { id: number; title: string } | null {
  const at = ordered.findIndex((l) => l.id === id);
  const after = at < 0 ? ordered.filter((l) => l.id !== id) : ordered.slice(at + 1);
  const subTopics = new Set(topics.map((t) => t.sub_topic_id));
  const next =
    after.find((l) => l.topics.some((t) => subTopics.has(t.sub_topic_id))) ?? (at < 0 ? null : after[0]);
  return next ? { id: next.id, title: next.title } : null;
}

/** A link from a pathway topic to what teaches it. */
export interface TopicItem {
  id: number;
  title: string;
}

/**
 * What readers see: published lectures and videos aimed at their school (or at every school). Staff read
 * them too, and may open an unpublished one they manage, to check it as a student will see it.
 */
export function createContentReading(
  ctx: AppContext,
  repo: ContentRepository,
  deps: {
    teacherSchoolIds: (userId: number) => Promise<number[]>;
    signedUrl: SignFor;
    topicQuiz?: (
      user: { id: number; school_id: number | null },
      microTopicIds: number[],
    ) => Promise<{ id: number; title: string } | null>;
  },
) {
  const iso = () => ctx.now().toISOString();

  async function reachOf(actor: Authed): Promise<Reach> {
    const role = roleOf(actor.user);
    if (role === 'admin') return { all: true };
    if (role === 'teacher')
      return { schoolIds: await deps.teacherSchoolIds(actor.user.id), userId: actor.user.id };
    return { schoolIds: actor.user.school_id === null ? [] : [actor.user.school_id] };
  }

  /** One item of `kind` the caller may read; anything else is a 404, as if it did not exist. */
  async function readable(actor: Authed, kind: string, id: number): Promise<ContentRow> {
    const row = await repo.find(id);
    const missing = () => notFound(`That ${kind} does not exist.`);
    if (!row || row.kind !== kind) throw missing();
    const reach = await reachOf(actor);
    if (row.published !== 1 && roleOf(actor.user) === 'student') throw missing();
    if (!('all' in reach)) {
      const schools = (await repo.schoolsOf([id])).map((s) => s.id);
      const inReach =
        schools.length === 0 ||
        schools.some((s) => reach.schoolIds.includes(s)) ||
        (reach.userId !== undefined && row.created_by === reach.userId);
      if (!inReach) throw missing();
    }
    return row;
  }

  const durationOf = (row: ContentRow) =>
    row.duration_seconds === null ? null : Number(row.duration_seconds);

  function progressOf(p: ProgressRow | undefined, duration: number | null): VideoProgress {
    const watched_seconds = p ? Number(p.watched_seconds) : 0;
    return {
      position_seconds: p ? Number(p.position_seconds) : 0,
      watched: p ? parseIntervals(p.watched) : [],
      watched_seconds,
      fraction: duration ? Math.min(1, watched_seconds / duration) : 0,
      completed_at: p?.completed_at ?? null,
    };
  }

  async function lectureSummaries(actor: Authed, rows: ContentRow[]): Promise<LectureSummary[]> {
    const ids = rows.map((r) => r.id);
    const [links, progress] = await Promise.all([linksOf(repo, ids), repo.progressOf(actor.user.id, ids)]);
    const readAt = new Map(progress.map((p) => [p.content_id, p.read_at]));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      summary: row.summary,
      topics: links.topics(row.id),
      attachment_count: links.attachments(row.id).length,
      read_at: readAt.get(row.id) ?? null,
      updated_at: row.updated_at,
    }));
  }

  async function videoSummaries(actor: Authed, rows: ContentRow[]): Promise<VideoSummary[]> {
    const ids = rows.map((r) => r.id);
    const [links, progress] = await Promise.all([linksOf(repo, ids), repo.progressOf(actor.user.id, ids)]);
    const byId = new Map(progress.map((p) => [p.content_id, p]));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      summary: row.summary,
      topics: links.topics(row.id),
      duration_seconds: durationOf(row),
      poster_url: row.poster_file_id ? deps.signedUrl(row.poster_file_id, actor) : null,
      external: row.video_file_id === null,
      progress: progressOf(byId.get(row.id), durationOf(row)),
      updated_at: row.updated_at,
    }));
  }

  async function lecturesInOrder(actor: Authed, filter: TopicFilterQuery): Promise<LectureSummary[]> {
    const [summaries, order] = await Promise.all([
      repo.published('lecture', await reachOf(actor), filter).then((rows) => lectureSummaries(actor, rows)),
      repo.curriculumOrder(),
    ]);
    const rank = new Map(order.map((id, i) => [id, i]));
    const first = (l: LectureSummary) =>
      Math.min(...l.topics.map((t) => rank.get(t.id) ?? Infinity), Infinity);
    return summaries.sort((a, b) => first(a) - first(b) || 0);
  }

  const usage = createContentFilesRepository(ctx.db);

  return {
    /**
     * May `actor` see a lecture, video or live discussion that uses this file (attached, playing, or shown
     * in its text)? The same rule as reading the item itself.
     */
    async seesFile(actor: Authed, fileId: number): Promise<boolean> {
      const [holding, mentioning] = await Promise.all([
        usage.itemsHolding(fileId),
        usage.itemsMentioning(fileId),
      ]);
      const items = [...holding, ...mentioning.filter((r) => fileIdsIn(r.body_html).includes(fileId))];
      for (const row of items) {
        const seen = await readable(actor, row.kind, row.id).then(
          () => true,
          () => false,
        );
        if (seen) return true;
      }
      return false;
    },

    /** In teaching order (by the first topic each teaches), so browsing follows the curriculum; newest first within. */
    lectures: (actor: Authed, filter: TopicFilterQuery) => lecturesInOrder(actor, filter),

    async lecture(actor: Authed, id: number): Promise<Lecture> {
      const row = await readable(actor, 'lecture', id);
      const [[summary], attachmentRows, all] = await Promise.all([
        lectureSummaries(actor, [row]),
        repo.attachmentsOf([id]),
        lecturesInOrder(actor, {}),
      ]);
      const attachments = attachmentRows.map((a) => toFile(a, (f) => deps.signedUrl(f, actor)));
      const topics = summary!.topics;
      const quiz =
        roleOf(actor.user) === 'student' && deps.topicQuiz && topics.length > 0
          ? await deps.topicQuiz(
              actor.user,
              topics.map((t) => t.id),
            )
          : null;
      return {
        ...summary!,
        body_html: row.body_html,
        attachments,
        next_lecture: nextLecture(all, id, topics),
        quiz,
      };
    },

    /** Idempotent: the first reading's time is kept. */
    async markRead(actor: Authed, id: number): Promise<{ read_at: string }> {
      await readable(actor, 'lecture', id);
      return { read_at: await repo.markRead(actor.user.id, id, iso()) };
    },

    async videos(actor: Authed, filter: TopicFilterQuery): Promise<VideoSummary[]> {
      return videoSummaries(actor, await repo.published('video', await reachOf(actor), filter));
    },

    /** Served for the first time, the page starts the clock of what may be credited (video-credit.ts). */
    async video(actor: Authed, id: number): Promise<Video> {
      const row = await readable(actor, 'video', id);
      if (row.video_file_id !== null) await repo.markOpened(actor.user.id, id, iso());
      const [summary] = await videoSummaries(actor, [row]);
      const file = row.video_file_id ? (await repo.files([row.video_file_id]))[0] : undefined;
      return {
        ...summary!,
        body_html: row.body_html,
        src: file ? deps.signedUrl(file.id, actor) : null,
        mime: file?.mime ?? null,
        external_url: row.external_url,
        embed_url: embedUrlOf(row.external_url),
      };
    },

    /**
     * Merges what the player says was played with what was known: union of intervals, clamped to the length,
     * and to what could have played since the page was first served (video-credit.ts). Seeking adds nothing
     * (only played stretches are reported), a replayed report changes nothing, and once complete it stays
     * complete.
     */
    async saveProgress(actor: Authed, id: number, body: VideoProgressBody): Promise<VideoProgress> {
      const row = await readable(actor, 'video', id);
      if (row.video_file_id === null)
        throw unprocessable({ watched: ['Progress is not tracked for a video played on another site.'] });
      const duration = durationOf(row) ?? body.duration_seconds ?? null;
      const nowMs = ctx.now().getTime();
      const now = new Date(nowMs).toISOString();
      const next = await repo.updateProgress(actor.user.id, id, (before) => {
        const held = mergeIntervals(before ? parseIntervals(before.watched) : [], [], duration);
        const openedAt = openedAtOf(before, nowMs);
        const watched = creditWithin(
          held,
          mergeIntervals(
            held,
            body.watched.map(([s, e]): Interval => [s, e]),
            duration,
          ),
          creditBudget(openedAt, nowMs),
        );
        const watched_seconds = totalSeconds(watched);
        const done = duration !== null && watched_seconds >= WATCHED_FRACTION * duration;
        return {
          user_id: actor.user.id,
          content_id: id,
          read_at: before?.read_at ?? null,
          position_seconds: Math.round(Math.min(body.position_seconds, duration ?? Infinity) * 1000) / 1000,
          watched: JSON.stringify(watched),
          watched_seconds,
          completed_at: before?.completed_at ?? (done ? now : null),
          opened_at: before?.opened_at ?? new Date(openedAt).toISOString(),
          updated_at: now,
        };
      });
      return progressOf(next as ProgressRow, duration);
    },

    /**
     * For the learning pathway: the published lectures and videos teaching each of these micro topics, as the
     * student `reader` sees them (their school's, or every school's).
     */
    async itemsForTopics(
      reader: { id: number; school_id: number | null },
      microTopicIds: number[],
    ): Promise<Map<number, { lectures: TopicItem[]; videos: TopicItem[] }>> {
      const reach: Reach = { schoolIds: reader.school_id === null ? [] : [reader.school_id] };
      const [lectures, videos] = await Promise.all([
        repo.publishedForTopics('lecture', reach, microTopicIds),
        repo.publishedForTopics('video', reach, microTopicIds),
      ]);
      const map = new Map<number, { lectures: TopicItem[]; videos: TopicItem[] }>();
      const entry = (topic: number) => {
        const found = map.get(topic) ?? { lectures: [], videos: [] };
        map.set(topic, found);
        return found;
      };
      for (const r of lectures) entry(r.micro_topic_id).lectures.push({ id: r.id, title: r.title });
      for (const r of videos) entry(r.micro_topic_id).videos.push({ id: r.id, title: r.title });
      return map;
    },
  };
}

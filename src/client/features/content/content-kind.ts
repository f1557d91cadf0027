import { PATHS } from '../../shell/paths.ts';

/** Lectures, live discussions and videos share one list and one edit screen (spec 2.3); the route picks the kind. */
export type ContentKind = 'lecture' | 'live-discussion' | 'video';

export const CONTENT_NOUN: Record<ContentKind, { one: string; many: string }> = {
  lecture: { one: 'lecture', many: 'lectures' },
  'live-discussion': { one: 'live discussion', many: 'live discussions' },
  video: { one: 'video', many: 'videos' },
};

/** The back-office list of a kind. */
export const listPath = (kind: ContentKind): string =>
  kind === 'lecture'
    ? PATHS.adminLectures
    : kind === 'video'
      ? PATHS.adminVideos
      : PATHS.adminLiveDiscussions;

/** The edit screen of one item, or the form for a new one. */
export const editPath = (kind: ContentKind, id?: number): string =>
  kind === 'lecture'
    ? PATHS.adminLecture(id)
    : kind === 'video'
      ? PATHS.adminVideo(id)
      : PATHS.adminLiveDiscussion(id);

export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Lectures, live discussions and videos share one list and one edit screen (spec 2.3); the route picks the kind. */
export type ContentKind = 'lecture' | 'live-discussion' | 'video';

export const CONTENT_NOUN: Record<ContentKind, { one: string; many: string }> = {
  lecture: { one: 'lecture', many: 'lectures' },
  'live-discussion': { one: 'live discussion', many: 'live discussions' },
  video: { one: 'video', many: 'videos' },
};

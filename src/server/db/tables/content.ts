import type { Generated } from 'kysely';

/** Lectures, videos and live discussions (migration 0018); `kind` decides which columns matter. */
export interface ContentItemsTable {
  id: Generated<number>;
  kind: string;
  title: string;
  summary: Generated<string>;
  body_html: Generated<string>;
  published: Generated<number>;
  video_file_id: number | null;
  external_url: string | null;
  poster_file_id: number | null;
  duration_seconds: number | null;
  starts_at: string | null;
  ends_at: string | null;
  meeting_url: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export interface ContentTopicsTable {
  content_id: number;
  micro_topic_id: number;
}
/** No rows for an item: it is for every school. */
export interface ContentSchoolsTable {
  content_id: number;
  school_id: number;
}
export interface ContentAttachmentsTable {
  content_id: number;
  file_id: number;
  position: number;
}
export interface ContentProgressTable {
  user_id: number;
  content_id: number;
  read_at: string | null;
  position_seconds: Generated<number>;
  /** JSON [[start, end], ...] seconds actually played, merged. */
  watched: Generated<string>;
  watched_seconds: Generated<number>;
  completed_at: string | null;
  /** When the server first served this video's page to this user: the start of what may be credited. */
  opened_at: string | null;
  updated_at: string;
}

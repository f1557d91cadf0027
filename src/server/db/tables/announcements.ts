import type { Generated } from 'kysely';

/** Migration 0020. Times are ISO strings (UTC), so they compare as text on both databases. */
export interface AnnouncementsTable {
  id: Generated<number>;
  /** Plain text, shown as text. */
  title: string;
  /** Sanitised rich text (src/shared/rich-text.ts). */
  body_html: string;
  audience: 'everyone' | 'schools' | 'role';
  /** null: every role. */
  role: 'student' | 'teacher' | 'admin' | null;
  publish_at: string;
  expires_at: string | null;
  /** Set once, when notifications went out; null while scheduled. */
  published_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** No rows: every school. */
export interface AnnouncementSchoolsTable {
  announcement_id: number;
  school_id: number;
}

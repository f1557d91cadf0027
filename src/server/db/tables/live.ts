import type { Generated } from 'kysely';

/** A live discussion's thread (migration 0018); `content_id` is the session, a content item of kind live-discussion. */
export interface LiveMessagesTable {
  id: Generated<number>;
  content_id: number;
  user_id: number | null;
  client_id: string;
  body: string;
  created_at: string;
  deleted_at: string | null;
  deleted_by: number | null;
}

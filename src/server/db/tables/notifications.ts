import type { Generated } from 'kysely';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  body: string;
  link: string | null;
  seen: Generated<number>;
  created_at: string;
}

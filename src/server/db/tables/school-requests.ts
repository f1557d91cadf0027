import type { Generated } from 'kysely';

export type SchoolRequestStatus = 'pending' | 'approved' | 'denied' | 'withdrawn';

/** A student's request to join or move to a school; staff of that school decide. */
export interface SchoolRequestsTable {
  id: Generated<number>;
  user_id: number;
  school_id: number;
  status: SchoolRequestStatus;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
}

import type { Generated } from 'kysely';
import type { AuditAction } from '../../../shared/contracts/user-roles.ts';

/** One change of a user's roles or a teacher's schools (migration 0009). */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_name: string;
  target_user_id: number | null;
  target_name: string;
  action: AuditAction;
  before: string;
  after: string;
  created_at: string;
}

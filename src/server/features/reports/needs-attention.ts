import {
  NEEDS_ATTENTION_SHOWN,
  QUIET_DAYS,
  type NeedsAttention,
} from '../../../shared/contracts/needs-attention.ts';
import type { Db, Dialect } from '../../db/database.ts';
import type { Authed } from '../../plugins/routes.ts';
import { createNeedsAttentionRepository } from './needs-attention.repository.ts';
import { windowStart } from './report-days.ts';
import type { Scope } from './report-sql.ts';
import type { ReportsRepository } from './reports.repository.ts';

/** The requests to join waiting for a decision that the caller may decide (the schools feature's rule). */
export type PendingJoinRequests = (
  auth: Authed,
  shown: number,
) => Promise<{ total: number; latest: NeedsAttention['join_requests']['latest'] }>;

/**
 * "Needs attention" on the staff dashboard, from the same queries as the reports: the quiet students are the
 * Inactive students report for 14 days (same definition, same count), the weak topics come from the
 * students' mastery estimates.
 */
export function createNeedsAttention(
  db: Db,
  dialect: Dialect,
  repo: ReportsRepository,
  deps: { pendingJoinRequests: PendingJoinRequests; now: () => Date },
) {
  const { weakTopics } = createNeedsAttentionRepository(db, dialect);

  return async function needsAttention(auth: Authed, scope: Scope): Promise<NeedsAttention> {
    const before = windowStart(deps.now().getTime(), QUIET_DAYS);
    const [requests, quiet, topics] = await Promise.all([
      deps.pendingJoinRequests(auth, NEEDS_ATTENTION_SHOWN),
      repo.inactive({ scope, before, sort: '-days', limit: NEEDS_ATTENTION_SHOWN, offset: 0 }),
      weakTopics(scope),
    ]);
    return {
      join_requests: requests,
      inactive: {
        days: QUIET_DAYS,
        total: quiet[0]?.total ?? 0,
        students: quiet.map((r) => ({
          user_id: r.user_id,
          full_name: r.full_name,
          school_name: r.school_name,
          last_active_at: r.last,
        })),
      },
      weak_topics: topics,
    };
  };
}

import type { Db, Dialect } from '../../db/database.ts';
import { createActivityRepository } from './activity.repository.ts';
import { createItemStatsRepository } from './item-stats.repository.ts';
import { createRankingsRepository } from './rankings.repository.ts';

export type { StudentRankRow } from './rankings.repository.ts';

/**
 * All of the reports' SQL. Each query reads indexes from migration 0017 (scores per student, the attempts of
 * an assessment, activity by day) and aggregates in the database: a million answers never cross the wire.
 */
export function createReportsRepository(db: Db, dialect: Dialect) {
  return {
    ...createRankingsRepository(db, dialect),
    ...createItemStatsRepository(db, dialect),
    ...createActivityRepository(db, dialect),
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;

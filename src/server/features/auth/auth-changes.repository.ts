import type { FastifyBaseLogger } from 'fastify';
import { sqliteFileOf } from '../../db/database.ts';
import type { WriteObserver } from '../../db/write-observer.ts';
import { postgresChanges } from './auth-changes-postgres.ts';
import { sqliteChanges } from './auth-changes-sqlite.ts';
import type { AuthChanges } from './auth-changes.ts';
import type { SessionCache } from './session-cache.ts';

export type { AuthChanges } from './auth-changes.ts';

export function createAuthChanges(
  config: { databaseUrl?: string; pgSchema?: string; dataDir: string },
  writes: WriteObserver,
  cache: SessionCache,
  log: FastifyBaseLogger,
): AuthChanges {
  return config.databaseUrl
    ? postgresChanges(config.databaseUrl, config.pgSchema, writes, cache, log)
    : sqliteChanges(sqliteFileOf(config.dataDir), cache);
}

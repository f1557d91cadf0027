import { sql, type Kysely } from 'kysely';
import { DEFAULT_MIGRATION_TABLE, Migrator, type Migration } from 'kysely/migration';
import type { Dialect } from './dialect.ts';
import type { Db } from './schema.ts';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-learning-core.ts';
import * as m0004 from './migrations/0004-assessment-integrity.ts';
import * as m0005 from './migrations/0005-account-safety.ts';
import * as m0006 from './migrations/0006-auth-changes.ts';
import * as m0007 from './migrations/0007-support-tickets.ts';
import * as m0008 from './migrations/0008-users-admin.ts';
import * as m0009 from './migrations/0009-audit-log.ts';
import * as m0010 from './migrations/0010-account-devices.ts';
import * as m0014 from './migrations/0014-learning-loop.ts';
import * as m0015 from './migrations/0015-files.ts';
import * as m0016 from './migrations/0016-last-synced.ts';
import * as m0017 from './migrations/0017-reports.ts';
import * as m0018 from './migrations/0018-content.ts';
import * as m0019 from './migrations/0019-resources.ts';
import * as m0020 from './migrations/0020-announcements.ts';
import * as m0021 from './migrations/0021-video-opened.ts';
import * as m0022 from './migrations/0022-item-parameters.ts';
import * as m0023 from './migrations/0023-overrides.ts';
import * as m0024 from './migrations/0024-attempt-outbox.ts';
import * as m0025 from './migrations/0025-users-search-trigram.ts';
import * as m0026 from './migrations/0026-attempt-option-orders.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DialectMigration = { up: (db: Kysely<any>, dialect: Dialect) => Promise<void> };

// Forward-only and in order; a new migration is a new file appended here.
const migrations: Record<string, DialectMigration> = {
  '0001-foundation': m0001,
  '0002-learning-core': m0002,
  '0004-assessment-integrity': m0004,
  '0005-account-safety': m0005,
  '0006-auth-changes': m0006,
  '0007-support-tickets': m0007,
  '0008-users-admin': m0008,
  '0009-audit-log': m0009,
  '0010-account-devices': m0010,
  '0014-learning-loop': m0014,
  '0015-files': m0015,
  '0016-last-synced': m0016,
  '0017-reports': m0017,
  '0018-content': m0018,
  '0019-resources': m0019,
  '0020-announcements': m0020,
  '0021-video-opened': m0021,
  '0022-item-parameters': m0022,
  '0023-overrides': m0023,
  '0024-attempt-outbox': m0024,
  '0025-users-search-trigram': m0025,
  '0026-attempt-option-orders': m0026,
};

/** Runs pending migrations; on PostgreSQL Kysely's migrator holds an advisory lock, so N processes can start at once. */
export async function migrateToLatest(db: Db, dialect: Dialect, pgSchema?: string): Promise<void> {
  const { error, results } = await migratorFor(db, dialect, pgSchema).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/**
 * The migrations this code knows that the database has not run (the readiness check): a host restored from
 * an old backup, or pointed at a database another version left half-way, must not take traffic.
 */
export async function pendingMigrations(db: Db, dialect: Dialect, pgSchema?: string): Promise<string[]> {
  // Read directly, not through Migrator.getMigrations(): that introspects every table of the database first,
  // too much for a probe a load balancer sends every few seconds.
  const table =
    dialect === 'postgres'
      ? sql.id(pgSchema ?? 'public', DEFAULT_MIGRATION_TABLE)
      : sql.id(DEFAULT_MIGRATION_TABLE);
  const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
  const applied = new Set(rows.map((r) => r.name));
  return Object.keys(migrations).filter((name) => !applied.has(name));
}

function migratorFor(db: Db, dialect: Dialect, pgSchema: string | undefined): Migrator {
  return new Migrator({
    db,
    // Kysely looks for its bookkeeping tables in every schema it can see unless told which one: another
    // schema's tables (a second app, a parallel test run) would make it skip creating its own.
    ...(dialect === 'postgres' ? { migrationTableSchema: pgSchema ?? 'public' } : {}),
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(migrations).map(([name, mig]) => [
            name,
            { up: (d) => mig.up(d, dialect) } satisfies Migration,
          ]),
        ),
    },
  });
}

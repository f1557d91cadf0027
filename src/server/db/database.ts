import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import { openNodeSqlite } from './node-sqlite.ts';
import type { Dialect } from './dialect.ts';
import type { Database, Db } from './schema.ts';
import { enableGroupCommit, holdGroupCommit } from './transaction.ts';
import { ipcWriteTurn, WRITE_TURN_ENV } from './write-turn.ts';
import { WriteObserver } from './write-observer.ts';

export type { Db, Dialect };

export interface DatabaseConfig {
  /** postgres://... switches to PostgreSQL; otherwise SQLite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Tests isolate themselves in a schema of their own on a shared PostgreSQL database. */
  pgSchema?: string;
  poolSize?: number;
}

export interface OpenedDatabase {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL only: the writes this process makes (SQLite needs no watching: the auth feature's session cache). */
  writes: WriteObserver;
}

export function openDatabase(config: DatabaseConfig): OpenedDatabase {
  const writes = new WriteObserver();
  if (config.databaseUrl) {
    // COUNT(*) and BIGINT come back as strings by default; our counts fit in a double.
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format),
    };
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      // The common answer save holds a connection for two single statements, not a transaction. On 2 cores
      // with 200 students saving at once (runs taking turns, a noisy machine): 8–12 connections gave a p99 of
      // 0.36–0.55 s with one process and 1.0–1.5 s with two; 20 gave 0.36–1.5 s and 1.8–2.6 s, more backends
      // contending for the same cores. Throughput was the same within the noise (750–1,100 saves/s). Two
      // workers hold 20 of PostgreSQL's default 100 connections.
      max: config.poolSize ?? 10,
      types: types as pg.CustomTypesConfig,
      options: config.pgSchema ? `-c search_path=${config.pgSchema}` : undefined,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
    pools.set(db, pool);
    return { db, dialect: 'postgres', writes };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const database = openNodeSqlite(sqliteFileOf(config.dataDir));
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) });
  // A worker of several (main.ts): the primary hands out the turn to write (write-turn.ts).
  const turn = process.env[WRITE_TURN_ENV] === 'ipc' && process.send ? ipcWriteTurn(process) : undefined;
  enableGroupCommit(db, { durability: database.durability, raw: database.raw, turn });
  // The checkpointer finishes a checkpoint between two batches, so the WAL starts again from the top.
  database.checkpointer?.useQuiet(() => holdGroupCommit(db));
  return { db, dialect: 'sqlite', writes };
}

const pools = new WeakMap<Db, pg.Pool>();

/**
 * PostgreSQL: the pool behind `db`, for the few paths that send several statements in one round trip (the
 * simple query protocol, which Kysely cannot read the results of); undefined on SQLite.
 */
export const pgPoolOf = (db: Db): pg.Pool | undefined => pools.get(db);

export const sqliteFileOf = (dataDir: string) => join(dataDir, 'pathbuilder.sqlite');

/**
 * Transactions take SQLite's write lock when they begin (BEGIN IMMEDIATE). A deferred transaction that reads
 * first and writes later fails with SQLITE_BUSY at once, without waiting, when another process wrote in
 * between; an immediate one waits its turn (busy_timeout) instead. Our transactions all write.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

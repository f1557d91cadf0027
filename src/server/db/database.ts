import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openNodeSqlite } from './node-sqlite.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseConfig {
  /** postgres://... switches to PostgreSQL; otherwise SQLite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Tests isolate themselves in a schema of their own on a shared PostgreSQL database. */
  pgSchema?: string;
  poolSize?: number;
}

export function openDatabase(config: DatabaseConfig): { db: Db; dialect: Dialect } {
  if (config.databaseUrl) {
    // COUNT(*) and BIGINT come back as strings by default; our counts fit in a double.
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format),
    };
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.poolSize ?? 10,
      types: types as pg.CustomTypesConfig,
      options: config.pgSchema ? `-c search_path=${config.pgSchema}` : undefined,
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const database = openNodeSqlite(join(config.dataDir, 'pathbuilder.sqlite'));
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }), dialect: 'sqlite' };
}

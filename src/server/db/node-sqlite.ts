import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type SqlValue = null | number | bigint | string | Uint8Array;

/** Adapts Node's built-in `DatabaseSync` to the interface Kysely's SqliteDialect drives. */
export function openNodeSqlite(filename: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(filename);
  // WAL lets readers run beside the writer; FULL sync means an acknowledged write survives power loss.
  raw.exec(`PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;`);
  return {
    raw,
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const stmt = raw.prepare(sql);
      const params = (p: ReadonlyArray<unknown>) => p.map(toSqlValue);
      return {
        // A statement yields rows exactly when it has result columns (SELECT, or anything with RETURNING).
        reader: stmt.columns().length > 0,
        all: (p) => stmt.all(...params(p)),
        run: (p) => {
          const r = stmt.run(...params(p));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (p) => stmt.iterate(...params(p)),
      };
    },
  };
}

function toSqlValue(v: unknown): SqlValue {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'string' || v instanceof Uint8Array)
    return v;
  return JSON.stringify(v);
}

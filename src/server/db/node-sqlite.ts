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
  // Kysely sends the same SQL text again and again; preparing it once per text saves most of a query's
  // cost. One connection runs one statement at a time, so sharing a prepared statement is safe.
  const statements = new Map<string, { stmt: ReturnType<DatabaseSync['prepare']>; reader: boolean }>();
  const prepared = (sql: string) => {
    let entry = statements.get(sql);
    if (!entry) {
      const stmt = raw.prepare(sql);
      // A statement yields rows exactly when it has result columns (SELECT, or anything with RETURNING).
      entry = { stmt, reader: stmt.columns().length > 0 };
      if (statements.size >= 500) statements.delete(statements.keys().next().value!);
      statements.set(sql, entry);
    }
    return entry;
  };
  return {
    raw,
    close: () => {
      statements.clear();
      raw.close();
    },
    prepare(sql: string): SqliteStatement {
      const { stmt, reader } = prepared(sql);
      const params = (p: ReadonlyArray<unknown>) => p.map(toSqlValue);
      return {
        reader,
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

import { closeSync, existsSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { CHECKPOINT_FRAMES, startCheckpointer, type Checkpointer } from './checkpointer.ts';

type SqlValue = null | number | bigint | string | Uint8Array;

/**
 * How commits reach the disk. Every commit is on disk before it returns (as `synchronous = FULL`), except the
 * one after `deferNextCommit()`: its sync is left to `flush()`, which runs it on libuv's thread pool, so the
 * event loop goes on serving requests meanwhile. The group commit (transaction.ts) answers the units of that
 * commit only once `flush()` has resolved.
 */
export interface Durability {
  deferNextCommit(): void;
  /** Resolves once everything committed so far is on disk. */
  flush(): Promise<void>;
}

export type NodeSqlite = SqliteDatabase & {
  raw: DatabaseSync;
  durability: Durability;
  /** In WAL mode: the thread that checkpoints instead of the commits (checkpointer.ts). */
  checkpointer?: Checkpointer;
};

/** Adapts Node's built-in `DatabaseSync` to the interface Kysely's SqliteDialect drives. */
export function openNodeSqlite(filename: string): NodeSqlite {
  const raw = new DatabaseSync(filename);
  // WAL lets readers run beside the writer.
  raw.exec(`PRAGMA journal_mode = WAL;
    PRAGMA foreign_keys = ON;
    PRAGMA busy_timeout = 5000;`);
  const durability = walDurability(raw, filename);
  let checkpointer: Checkpointer | undefined;
  if (durability.wal) {
    raw.exec('PRAGMA wal_autocheckpoint = 0;');
    checkpointer = startCheckpointer(filename, {
      onFailure: () => {
        if (raw.isOpen) raw.exec(`PRAGMA wal_autocheckpoint = ${CHECKPOINT_FRAMES};`);
      },
    });
  }
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
    durability,
    checkpointer,
    close: () => {
      statements.clear();
      checkpointer?.stop();
      durability.close();
      raw.close();
    },
    prepare(sql: string): SqliteStatement {
      const { stmt, reader } = prepared(sql);
      const params = (p: ReadonlyArray<unknown>) => p.map(toSqlValue);
      // Anything but a plain SELECT may commit (a statement outside a transaction, COMMIT, RELEASE).
      const writes = !/^\s*select\b/i.test(sql);
      const commit = /^\s*commit\b/i.test(sql);
      const exec = <T>(go: () => T): T => {
        let out: T;
        try {
          out = go();
        } catch (err) {
          if (commit) durability.commitFailed();
          throw err;
        }
        if (writes) durability.afterStatement(commit);
        return out;
      };
      return {
        reader,
        all: (p) => exec(() => stmt.all(...params(p))),
        run: (p) =>
          exec(() => {
            const r = stmt.run(...params(p));
            return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
          }),
        iterate: (p) => stmt.iterate(...params(p)),
      };
    },
  };
}

/**
 * In WAL mode a commit is durable once the WAL file is synced: that is all `synchronous = FULL` adds to
 * NORMAL (checkpoints sync the WAL before and the database after either way). So the connection runs at
 * NORMAL and syncs the WAL itself after each statement that leaves it outside a transaction — at once, or,
 * for a deferred commit, in `flush()`. Without WAL (a file system without shared memory) it stays at FULL.
 */
function walDurability(
  raw: DatabaseSync,
  filename: string,
): Durability & { wal: boolean; afterStatement(commit: boolean): void; commitFailed(): void; close(): void } {
  const mode = (raw.prepare('PRAGMA journal_mode').get() as { journal_mode?: string } | undefined)
    ?.journal_mode;
  if (mode !== 'wal') {
    raw.exec('PRAGMA synchronous = FULL;');
    return {
      wal: false,
      afterStatement() {},
      commitFailed() {},
      deferNextCommit() {},
      flush: async () => {},
      close() {},
    };
  }
  raw.exec('PRAGMA synchronous = NORMAL;');
  let fd: number | undefined;
  let deferNext = false;
  let pending = false;
  // The WAL file appears with the first transaction; it stays (same file) while this connection is open.
  const walFd = () => {
    if (fd === undefined) fd = openSync(existsSync(`${filename}-wal`) ? `${filename}-wal` : filename, 'r');
    return fd;
  };
  return {
    wal: true,
    afterStatement(commit) {
      if (raw.isTransaction) return;
      // Only the COMMIT the caller asked about is deferred; any other write is synced before it returns.
      if (commit && deferNext) {
        deferNext = false;
        pending = true;
        return;
      }
      fdatasyncSync(walFd());
    },
    commitFailed() {
      deferNext = false;
    },
    deferNextCommit() {
      deferNext = true;
    },
    flush() {
      if (!pending) return Promise.resolve();
      pending = false;
      const target = walFd();
      return new Promise<void>((resolve, reject) =>
        fdatasync(target, (err) => (err ? reject(err) : resolve())),
      );
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
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

import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { sql } from 'kysely';
import type { Db } from './schema.ts';
import type { Durability } from './node-sqlite.ts';
import type { WriteTurn } from './write-turn.ts';

/** Runs work in a transaction, joining the caller's if there already is one (Kysely does not nest them). */
export function withTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return joined(db, work) ?? db.transaction().execute(work);
}

/**
 * A single write that needs no transaction of its own: on SQLite it joins the group commit, so its sync to
 * disk is shared and off the event loop (alone, each autocommit write syncs on it); elsewhere it runs as is.
 */
export function sharedCommit<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  return joined(db, work) ?? work(db);
}

/** The caller's transaction, or the group commit where there is one; undefined for neither. */
function joined<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> | undefined {
  if (db.isTransaction) return work(db);
  return groupCommits.get(db)?.run(work);
}

const groupCommits = new WeakMap<Db, GroupCommit>();

/**
 * Resolves once the group commit of `db` (if any) has nothing queued, running or waiting for its sync to disk:
 * what closing the database waits for, so no save that was taken is lost to the shutdown.
 */
export function groupCommitSettled(db: Db): Promise<void> {
  return groupCommits.get(db)?.settled() ?? Promise.resolve();
}

/**
 * Holds the group commit of `db` between two batches: resolves once no batch is running (after waiting a
 * little for one without units queued), with the function that lets the next batch begin. For the WAL's
 * checkpoint to copy the last frames while none is appended (checkpointer.ts). Without a group commit, at once.
 */
export function holdGroupCommit(db: Db): Promise<() => void> {
  return groupCommits.get(db)?.hold() ?? Promise.resolve(() => {});
}

/**
 * SQLite: the units of work a request may run straight on the connection, inside the group commit (see
 * `rawUnit`), or undefined where there is no group commit with a connection to hand (PostgreSQL, a caller's
 * transaction): the caller then goes through Kysely.
 */
export function rawUnit<T>(db: Db, work: (conn: DatabaseSync) => T): Promise<T> | undefined {
  if (db.isTransaction) return undefined;
  return groupCommits.get(db)?.runRaw(work);
}

export interface GroupCommitOptions {
  /** Syncs each commit off the event loop (node-sqlite.ts). */
  durability?: Durability;
  /**
   * The connection Kysely drives: the savepoints around each unit then skip Kysely's building and compiling
   * (two per save), and `rawUnit` hands it to the hot paths' own prepared statements.
   */
  raw?: DatabaseSync;
  /** Several processes write to the file: each batch waits for this process's turn (write-turn.ts). */
  turn?: WriteTurn;
}

/** SQLite: transactions on `db` share commits (see GroupCommit). */
export function enableGroupCommit(db: Db, options: GroupCommitOptions = {}): void {
  groupCommits.set(db, new GroupCommit(db, options));
}

const SAVEPOINT_SQL = {
  savepoint: 'savepoint unit',
  release: 'release savepoint unit',
  rollback: 'rollback to savepoint unit',
};

/** Units per shared commit at most, so reads waiting for the connection get their turn. */
const MAX_UNITS = 200;

interface Unit {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for SQLite. With `synchronous = FULL` every commit waits for the disk (about a millisecond
 * here, far more than the statements), so 200 students saving answers one commit each would queue behind the
 * fsync. Instead, the transactions that arrive together — everything queued by the time the event loop
 * turns — run one after another inside one transaction, each in a savepoint of its own, and share its commit.
 * Each is still all-or-nothing (a failure rolls back to its savepoint and rejects at once), and none is
 * answered before the commit that makes it durable; if that commit fails, every unit in it fails.
 *
 * With `durability` (node-sqlite.ts), the commit's sync to disk runs off the event loop: the next batch
 * starts at once, and this batch's units are answered when the sync is done (if it fails, they fail).
 */
class GroupCommit {
  readonly #db: Db;
  readonly #durability: Durability | undefined;
  readonly #raw: DatabaseSync | undefined;
  readonly #turn: WriteTurn | undefined;
  readonly #queue: Unit[] = [];
  #scheduled = false;
  /** Syncs to disk still under way, each answering a committed batch when it is done. */
  readonly #syncing = new Set<Promise<void>>();
  /** The batch running now (up to its commit), if any. */
  #running: Promise<void> | undefined;
  /** Set while held (`hold`): no batch begins until it resolves. */
  #held: Promise<void> | undefined;
  /** Called when the queue has been drained. */
  readonly #onIdle: Array<() => void> = [];

  constructor(db: Db, { durability, raw, turn }: GroupCommitOptions) {
    this.#db = db;
    this.#durability = durability;
    this.#raw = raw;
    this.#turn = turn;
  }

  /** A unit run synchronously on the connection (`rawUnit`); without one, undefined. */
  runRaw<T>(work: (conn: DatabaseSync) => T): Promise<T> | undefined {
    const raw = this.#raw;
    if (!raw) return undefined;
    // Inside the batch's transaction: the statements' commit is the batch's (node-sqlite.ts syncs it).
    return this.run(() => Promise.resolve(work(raw)));
  }

  run<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        // After the I/O phase: every request that arrived with this one has queued its unit by then.
        setImmediate(() => void this.#drain());
      }
    });
  }

  async settled(): Promise<void> {
    while (this.#scheduled || this.#queue.length || this.#syncing.size) {
      await Promise.allSettled([...this.#syncing, new Promise((resolve) => setImmediate(resolve))]);
    }
  }

  /** Time `hold` waits for a moment without queued units before holding the next batch anyway. */
  static readonly HOLD_WAIT_MS = 50;

  async hold(): Promise<() => void> {
    while (this.#held) await this.#held;
    if (this.#scheduled) {
      // Rather between two bursts of requests than in front of units already waiting.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, GroupCommit.HOLD_WAIT_MS);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.#onIdle.push(done);
      });
      while (this.#held) await this.#held;
    }
    let letGo!: () => void;
    this.#held = new Promise<void>((resolve) => (letGo = resolve));
    // The batch under way commits first (its sync to disk may go on: it writes no frame).
    while (this.#running) await this.#running;
    // The other processes, too, wait their turn (write-turn.ts).
    await this.#turn?.acquire();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#turn?.release();
      this.#held = undefined;
      letGo();
    };
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length) {
        while (this.#held) await this.#held;
        if (!this.#turn) {
          await this.#track(this.#batch(this.#queue.splice(0, MAX_UNITS)));
          continue;
        }
        // The units that arrive while the other process writes join this batch.
        await this.#turn.acquire();
        try {
          await this.#track(this.#batch(this.#queue.splice(0, MAX_UNITS)));
        } finally {
          // Committed (or rolled back): the sync to disk needs no turn.
          this.#turn.release();
        }
      }
    } finally {
      this.#scheduled = false;
      if (this.#queue.length) {
        this.#scheduled = true;
        setImmediate(() => void this.#drain());
      } else for (const idle of this.#onIdle.splice(0)) idle();
    }
  }

  async #track(batch: Promise<void>): Promise<void> {
    this.#running = batch;
    try {
      await batch;
    } finally {
      this.#running = undefined;
    }
  }

  #savepointStatements: Record<keyof typeof SAVEPOINT_SQL, StatementSync> | undefined;

  #savepoints(raw: DatabaseSync): Record<keyof typeof SAVEPOINT_SQL, StatementSync> {
    const prepare = (name: keyof typeof SAVEPOINT_SQL) => raw.prepare(SAVEPOINT_SQL[name]);
    return (this.#savepointStatements ??= {
      savepoint: prepare('savepoint'),
      release: prepare('release'),
      rollback: prepare('rollback'),
    });
  }

  async #batch(units: Unit[]): Promise<void> {
    const committed: Array<{ unit: Unit; value: unknown }> = [];
    let trx;
    try {
      trx = await this.#db.startTransaction().execute();
    } catch (err) {
      for (const unit of units) unit.reject(err);
      return;
    }
    try {
      // Directly on the connection the transaction holds when we can (prepared once, no promise), else
      // through Kysely. One name serves every unit: each savepoint is released before the next is taken.
      const direct = this.#raw && this.#savepoints(this.#raw);
      const run = async (statement: 'savepoint' | 'release' | 'rollback') => {
        if (direct) direct[statement].run();
        else await sql.raw(SAVEPOINT_SQL[statement]).execute(trx);
      };
      for (const unit of units) {
        if (direct) direct.savepoint.run();
        else await run('savepoint');
        try {
          const value = await unit.work(trx);
          if (direct) direct.release.run();
          else await run('release');
          committed.push({ unit, value });
        } catch (err) {
          await run('rollback');
          await run('release');
          unit.reject(err);
        }
      }
      this.#durability?.deferNextCommit();
      await trx.commit().execute();
    } catch (err) {
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      for (const unit of units) unit.reject(err);
      return;
    }
    const onDisk = this.#durability ? this.#durability.flush() : Promise.resolve();
    const answered = onDisk.then(
      () => {
        for (const { unit, value } of committed) unit.resolve(value);
      },
      (err: unknown) => {
        for (const { unit } of committed) unit.reject(err);
      },
    );
    this.#syncing.add(answered);
    void answered.finally(() => this.#syncing.delete(answered));
  }
}

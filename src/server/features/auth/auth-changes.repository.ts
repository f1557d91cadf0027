import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { sqliteFileOf } from '../../db/database.ts';
import type { TableWrite, WriteObserver } from '../../db/write-observer.ts';
import type { SessionCache } from './session-cache.ts';

/**
 * Hears the changes migration 0006 reports and invalidates the session cache accordingly, in every process
 * sharing the database.
 */
export interface AuthChanges {
  /** Before each cache read: may the cache be used for this request? (SQLite reads its epoch here.) */
  fresh(): boolean;
  /**
   * PostgreSQL hears its own changes through the listener too, a moment after they commit. A request that
   * changed something the cache holds waits for that moment before it is answered: `mark()` when it arrives,
   * `settleSince(mark)` before the reply. No-ops on SQLite, whose check is synchronous.
   */
  mark(): number;
  settleSince(mark: number): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

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

/** The writes migration 0006's triggers report: what a cached session could be out of date about. */
function concernsSessions(write: TableWrite): boolean {
  switch (write.table) {
    case 'users':
    case 'schools':
    case 'locations':
      return write.kind !== 'insert';
    case 'school_requests':
      return true;
    case 'sessions':
      return (
        write.kind === 'delete' ||
        (write.kind === 'update' && write.columns.some((c) => c !== 'last_used_at'))
      );
    default:
      return false;
  }
}

/**
 * SQLite: one integer, `auth_epoch`, read on a connection of its own (no Kysely): the main connection may be
 * inside a transaction whose snapshot predates another process's change. A new value empties the cache;
 * writes through this process and any other sharing the file count alike.
 *
 * A read transaction costs several system calls (the WAL read lock), which under load was the largest cost of
 * an authenticated request. So the epoch is read again only when some transaction has committed since the
 * last read: the WAL-index header at the start of the `-shm` file (https://www.sqlite.org/walformat.html,
 * "The WAL-Index Header") changes with every commit, in any process, and one `pread` of its 48 bytes says so.
 * The header is read before the epoch, so a commit between the two shows as a changed header next time.
 * Without a readable header (not WAL, or the file missing) every request reads the epoch as before. Under a
 * write load (answer saves) the header changes between most requests, so after a change the next few requests
 * read the epoch straight away rather than pay for both.
 */
const WAL_INDEX_HEADER_BYTES = 48;
const SKIP_AFTER_CHANGE = 4;

function sqliteChanges(file: string, cache: SessionCache): AuthChanges {
  let reader: DatabaseSync | undefined;
  let read: StatementSync | undefined;
  let seen: number | null = null;
  let shm: number | undefined;
  const header = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  const lastHeader = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  let lastHeaderValid = false;
  let skip = 0;

  /** True when the WAL-index header is byte for byte the one read before the last epoch read. */
  function unchangedSinceLastRead(): boolean {
    if (shm === undefined) return false;
    let n: number;
    try {
      n = readSync(shm, header, 0, WAL_INDEX_HEADER_BYTES, 0);
    } catch {
      n = 0;
    }
    if (n !== WAL_INDEX_HEADER_BYTES) {
      lastHeaderValid = false;
      return false;
    }
    if (lastHeaderValid && header.equals(lastHeader)) return true;
    header.copy(lastHeader);
    lastHeaderValid = true;
    skip = SKIP_AFTER_CHANGE;
    return false;
  }

  return {
    fresh() {
      if (!read) return false;
      // While skipping, the header kept is still one read before an epoch read: if it is unchanged later, no
      // commit came after it, and the newest epoch read stands.
      if (skip > 0) skip--;
      else if (seen !== null && unchangedSinceLastRead()) return true;
      let epoch: number | null;
      try {
        epoch = (read.get() as { epoch: number } | undefined)?.epoch ?? null;
      } catch {
        epoch = null;
        lastHeaderValid = false;
      }
      if (epoch === null || epoch !== seen) {
        cache.clear();
        seen = epoch;
        return false;
      }
      return true;
    },
    mark: () => 0,
    settleSince: async () => {},
    async start() {
      reader = new DatabaseSync(file);
      reader.exec('PRAGMA busy_timeout = 1000;');
      read = reader.prepare('select epoch from auth_epoch where id = 1');
      // The reader's first read makes sure the -shm file exists (the main connection opened it in WAL mode).
      read.get();
      try {
        shm = openSync(`${file}-shm`, 'r');
      } catch {
        shm = undefined;
      }
      cache.setEnabled(true);
    },
    async stop() {
      cache.setEnabled(false);
      read = undefined;
      if (shm !== undefined) closeSync(shm);
      shm = undefined;
      lastHeaderValid = false;
      reader?.close();
      reader = undefined;
    },
  };
}

/**
 * PostgreSQL: one connection per process LISTENs on the schema's channel; the triggers name the user a change
 * concerns (or `*`). No request pays a round trip. When the connection drops, the cache is off until it is
 * back, since notifications sent meanwhile are lost.
 *
 * Notifications arrive a moment after the commit, and each process's moment is its own. So a request that
 * changed what caches hold ends with a barrier: a marker on the channel that every listening process answers
 * once it has read it — and each reads its notifications in commit order, so by then it has dropped what the
 * change made stale. The request is answered after the last answer (or after BARRIER_TIMEOUT_MS, if a process
 * is stuck), and the next request sees the change wherever it lands.
 */
const BARRIER_TIMEOUT_MS = 2000;

interface Barrier {
  /** The other listeners' backend pids, once known. */
  expected: number[] | null;
  acked: Set<number>;
  ownSeen: boolean;
  done: () => void;
}

function postgresChanges(
  databaseUrl: string,
  pgSchema: string | undefined,
  writes: WriteObserver,
  cache: SessionCache,
  log: FastifyBaseLogger,
): AuthChanges {
  let localWrites = 0;
  let stopWatching: (() => void) | undefined;
  let client: pg.Client | undefined;
  let ownPid = 0;
  let channel = '';
  let listeners = '';
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let retryMs = 500;
  const barriers = new Map<string, Barrier>();

  function check(barrier: Barrier): void {
    if (barrier.ownSeen && barrier.expected?.every((pid) => barrier.acked.has(pid))) barrier.done();
  }

  function heard(payload: string, from: number): void {
    if (payload.startsWith('barrier:')) {
      const id = payload.slice('barrier:'.length);
      const own = barriers.get(id);
      if (own && from === ownPid) {
        own.ownSeen = true;
        return check(own);
      }
      // Everything committed before the marker has been read here: say so.
      void client?.query('select pg_notify($1, $2)', [channel, `ack:${id}`]).catch(() => {});
      return;
    }
    if (payload.startsWith('ack:')) {
      const barrier = barriers.get(payload.slice('ack:'.length));
      if (barrier) {
        barrier.acked.add(from);
        check(barrier);
      }
      return;
    }
    const userId = Number(payload);
    if (Number.isInteger(userId) && userId > 0) cache.dropUser(userId);
    else cache.clear();
  }

  function lost(from: pg.Client, err?: unknown): void {
    if (client !== from) return;
    client = undefined;
    cache.setEnabled(false);
    for (const barrier of barriers.values()) barrier.done();
    reconnectLater(err);
  }

  function reconnectLater(err: unknown): void {
    if (stopped) return;
    log.warn({ err }, 'session cache: no change listener; every request asks the database until it is back');
    retry = setTimeout(() => void connect().catch(reconnectLater), retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, 30_000);
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({
      connectionString: databaseUrl,
      options: pgSchema ? `-c search_path=${pgSchema}` : undefined,
      keepAlive: true,
    });
    c.on('notification', (msg) => heard(msg.payload ?? '', msg.processId));
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      // The triggers name the channel after the tables' schema: ours is whatever search_path resolves to.
      const { rows } = await c.query<{ schema: string; pid: number }>(
        'select current_schema() as schema, pg_backend_pid() as pid',
      );
      channel = `auth_changed_${rows[0]!.schema}`;
      await c.query(`listen ${c.escapeIdentifier(channel)}`);
      // Named only once listening: a barrier waits for every connection of this name to answer.
      listeners = `pathbuilder sessions ${rows[0]!.schema}`.slice(0, 63);
      await c.query(`set application_name = ${c.escapeLiteral(listeners)}`);
      ownPid = rows[0]!.pid;
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) return void (await c.end());
    client = c;
    retryMs = 500;
    cache.setEnabled(true);
  }

  async function barrier(): Promise<void> {
    const c = client;
    if (!c) return;
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const done = new Promise<boolean>((resolve) => {
      barriers.set(id, { expected: null, acked: new Set(), ownSeen: false, done: () => resolve(true) });
      timer = setTimeout(() => resolve(false), BARRIER_TIMEOUT_MS);
    });
    try {
      const { rows } = await c.query<{ pids: number[] }>(
        `select pg_notify($1, $2), array(select pid from pg_stat_activity
           where application_name = $3 and datname = current_database() and pid <> pg_backend_pid()) as pids`,
        [channel, `barrier:${id}`, listeners],
      );
      const waiting = barriers.get(id);
      if (waiting) {
        waiting.expected = rows[0]!.pids;
        check(waiting);
      }
      if (!(await done)) log.warn('session cache: a process did not confirm a change within 2 s');
    } finally {
      clearTimeout(timer);
      barriers.delete(id);
    }
  }

  return {
    fresh: () => client !== undefined,
    mark: () => localWrites,
    settleSince: async (mark) => {
      if (localWrites !== mark) await barrier();
    },
    async start() {
      stopWatching = writes.on((write) => {
        if (concernsSessions(write)) localWrites++;
      });
      await connect();
    },
    async stop() {
      stopped = true;
      stopWatching?.();
      clearTimeout(retry);
      const c = client;
      client = undefined;
      cache.setEnabled(false);
      await c?.end().catch(() => {});
    },
  };
}

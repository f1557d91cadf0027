import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { TableWrite, WriteObserver } from '../../db/write-observer.ts';
import type { AuthChanges } from './auth-changes.ts';
import type { SessionCache } from './session-cache.ts';

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

export function postgresChanges(
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

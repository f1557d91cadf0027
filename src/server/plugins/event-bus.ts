import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';

/**
 * Events that must reach every server process (DESIGN.md section 2): a live discussion message posted
 * through one process is shown on streams another process serves. No broker:
 * - PostgreSQL: NOTIFY on one channel, and one dedicated connection per process LISTENing on it. The pool's
 *   connections stay free: a LISTEN needs a connection of its own for as long as the process lives.
 * - SQLite: the processes are node:cluster workers of one primary (main.ts), which relays each event to
 *   the other workers over the cluster's IPC channel; a single process needs nothing but its own emitter.
 * Delivery is best effort (a NOTIFY sent while a listener reconnects is lost): subscribers that cannot miss
 * anything catch up from the database in `onReconnect`.
 */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
  /** The handler gets each payload published on the channel, by any process; returns the unsubscribe. */
  subscribe(channel: string, handler: (payload: unknown) => void): () => void;
  /** Resolves once events published from now on will reach this process's subscribers. */
  ready(): Promise<void>;
  /** Called after the listening connection came back: events of the gap may be lost. */
  onReconnect(handler: () => void): () => void;
  close(): Promise<void>;
}

/** NOTIFY payloads are limited to 8000 bytes: publishers keep theirs well under (ids and small fields). */
export const MAX_PAYLOAD_BYTES = 7000;

interface Envelope {
  pbBus: true;
  origin: string;
  channel: string;
  payload: unknown;
}

const isEnvelope = (m: unknown): m is Envelope =>
  typeof m === 'object' && m !== null && (m as { pbBus?: unknown }).pbBus === true;

export function createEventBus(opts: {
  db: Db;
  dialect: Dialect;
  databaseUrl?: string;
  pgSchema?: string;
  log: FastifyBaseLogger;
}): EventBus {
  const local = new EventEmitter();
  // One listener per channel per open stream hub; hundreds of channels are normal, not a leak.
  local.setMaxListeners(0);
  const reconnects = new EventEmitter();
  const origin = randomUUID();
  const deliver = (channel: string, payload: unknown) => local.emit(channel, payload);

  const common = {
    subscribe(channel: string, handler: (payload: unknown) => void) {
      local.on(channel, handler);
      return () => void local.off(channel, handler);
    },
    onReconnect(handler: () => void) {
      reconnects.on('reconnect', handler);
      return () => void reconnects.off('reconnect', handler);
    },
  };

  if (opts.dialect === 'postgres' && opts.databaseUrl) {
    // LISTEN channels are per database, not per schema: apps on schemas of one database must not mix.
    const channelName = opts.pgSchema ? `pb_events_${opts.pgSchema}` : 'pb_events';
    const listener = createPgListener({
      url: opts.databaseUrl,
      channel: channelName,
      log: opts.log,
      onMessage: (text) => {
        let envelope: unknown;
        try {
          envelope = JSON.parse(text);
        } catch {
          return;
        }
        // Our own events were delivered here already, at once.
        if (isEnvelope(envelope) && envelope.origin !== origin) deliver(envelope.channel, envelope.payload);
      },
      onReconnect: () => reconnects.emit('reconnect'),
    });
    return {
      ...common,
      async publish(channel, payload) {
        const text = JSON.stringify({ pbBus: true, origin, channel, payload } satisfies Envelope);
        if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES)
          throw new Error('event payload too large for NOTIFY');
        deliver(channel, payload);
        await sql`SELECT pg_notify(${channelName}, ${text})`.execute(opts.db);
      },
      ready: () => listener.ready(),
      close: () => listener.close(),
    };
  }

  if (cluster.isWorker) {
    const onMessage = (message: unknown) => {
      if (isEnvelope(message) && message.origin !== origin) deliver(message.channel, message.payload);
    };
    process.on('message', onMessage);
    return {
      ...common,
      async publish(channel, payload) {
        deliver(channel, payload);
        process.send?.({ pbBus: true, origin, channel, payload } satisfies Envelope);
      },
      ready: async () => {},
      close: async () => void process.off('message', onMessage),
    };
  }
  return {
    ...common,
    publish: async (channel, payload) => void deliver(channel, payload),
    ready: async () => {},
    close: async () => {},
  };
}

/** In the cluster's primary (main.ts): hands each worker's event to every other worker. */
export function relayBusBetweenWorkers(): void {
  cluster.on('message', (from: Worker, message: unknown) => {
    if (!isEnvelope(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker && worker !== from && worker.isConnected()) worker.send(message);
    }
  });
}

/**
 * One connection that LISTENs, opened on first use and reopened with backoff (0.5 s doubling to 30 s) when
 * it drops. NOTIFY goes through the pool (any connection may send one), so publishing never waits for it.
 */
function createPgListener(o: {
  url: string;
  channel: string;
  log: FastifyBaseLogger;
  onMessage: (payload: string) => void;
  onReconnect: () => void;
}) {
  let current: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let failures = 0;
  let everConnected = false;
  let retry: NodeJS.Timeout | null = null;
  const quoted = `"${o.channel.replaceAll('"', '""')}"`;

  function connect(): Promise<void> {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: o.url });
      c.on('notification', (n) => {
        if (n.channel === o.channel && n.payload !== undefined) o.onMessage(n.payload);
      });
      c.on('error', (err) => {
        o.log.warn({ err }, 'event bus: the listening connection failed');
        dropped(c);
      });
      c.on('end', () => dropped(c));
      try {
        await c.connect();
        await c.query(`LISTEN ${quoted}`);
      } catch (err) {
        void c.end().catch(() => {});
        throw err;
      } finally {
        connecting = null;
      }
      if (closed) {
        await c.end();
        return;
      }
      current = c;
      failures = 0;
      if (everConnected) o.onReconnect();
      everConnected = true;
    })();
    return connecting;
  }

  function scheduleRetry(): void {
    if (closed || retry) return;
    const delay = Math.min(30_000, 500 * 2 ** failures++);
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err: unknown) => {
        o.log.warn({ err }, 'event bus: reconnecting the listener failed');
        scheduleRetry();
      });
    }, delay);
    retry.unref();
  }

  function dropped(c: pg.Client): void {
    // An old connection's late 'end' after its 'error' is not news.
    if (current !== c) return;
    current = null;
    scheduleRetry();
  }

  return {
    ready: (): Promise<void> => (current ? Promise.resolve() : connect()),
    async close(): Promise<void> {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting?.catch(() => {});
      const c = current;
      current = null;
      await c?.end().catch(() => {});
    },
  };
}

import type { LiveMessage } from '../../../shared/contracts/live.ts';
import type { EventBus } from '../../plugins/event-bus.ts';
import {
  createStreamAdmission,
  recheckOwner,
  sharedEvent,
  type StreamOwner,
  type StreamSink,
} from './stream-kit.ts';

/** A reader this far behind is dropped: it reconnects and replays from its last id, instead of us buffering. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** What travels on the bus for one session's channel (small: NOTIFY payloads stay under 8000 bytes). */
export type LiveBusEvent =
  | { t: 'message'; message: LiveMessage }
  /** A message too long for a NOTIFY: each process reads it once from the database. */
  | { t: 'message-ref'; id: number }
  | { t: 'deleted'; id: number };

interface Conn {
  sink: StreamSink;
  owner: StreamOwner;
  /** A check of `stillAllowed` is under way: the next heartbeat does not start another. */
  checking: boolean;
  /** While the replay is read from the database, live events wait here (id, frame). */
  pending: Array<[number | null, string]> | null;
}

interface Hub {
  conns: Set<Conn>;
  unsubscribe: () => void;
  heartbeat: NodeJS.Timeout;
  /** The newest message id seen, to catch up after the bus lost events. */
  lastId: number;
}

export const messageFrame = (m: LiveMessage) => `id: ${m.id}\nevent: message\ndata: ${JSON.stringify(m)}\n\n`;
// No `id:` line: the last event id stays the newest message's, which is what a resume needs.
export const deletedFrame = (id: number) => `event: deleted\ndata: ${JSON.stringify({ id })}\n\n`;
/**
 * This process is stopping (SIGTERM): come back in about `retryMs`, to another host behind the balancer or
 * to this one restarted. Not an end (the thread goes on) and not a failure (no backoff): the client reconnects
 * at once, resuming after its last message id. `retry:` tells an EventSource the same.
 */
export const reconnectFrame = (retryMs: number) =>
  `retry: ${retryMs}\nevent: reconnect\ndata: ${JSON.stringify({ retry_ms: retryMs })}\n\n`;
/** How soon a stream ended by a shutdown comes back (the client spreads its reconnects over this time). */
export const RECONNECT_AFTER_MS = 1000;
/** The thread is not open (not yet, or no more): the stream ends after the history. */
export const endFrame = (state: 'upcoming' | 'past') => `event: end\ndata: ${JSON.stringify({ state })}\n\n`;

/**
 * The open streams of this process, one hub per session: one bus subscription per session however many
 * students watch it, each event serialised once and written to every stream. A stream holds no database
 * connection while it waits; only its start (the replay) reads.
 */
export function createLiveStreams(deps: {
  bus: EventBus;
  /** Reads a message by id (a message-ref event). */
  readMessage: (id: number) => Promise<LiveMessage | null>;
  /** Messages of a session after an id (catching up after the bus reconnected). */
  readAfter: (sessionId: number, afterId: number) => Promise<LiveMessage[]>;
  warn: (err: unknown, msg: string) => void;
  /**
   * A comment line this often (15 s) keeps proxies and phones from closing a quiet stream as dead; each
   * heartbeat also checks every stream's owner again, so a stream ends within one heartbeat of its sign-in
   * ending (logout, password change, deactivation) or of its owner losing sight of the session (a school
   * change), whichever process made that change.
   */
  heartbeatMs: number;
  streamsPerUser: number;
  streamsPerProcess: number;
}) {
  const hubs = new Map<number, Hub>();
  const channelOf = (sessionId: number) => `live:${sessionId}`;

  function broadcast(hub: Hub, id: number | null, frame: string): void {
    if (id !== null && id > hub.lastId) hub.lastId = id;
    // Encoded and framed once for every stream: each write then hands its socket the same bytes, in one pass.
    const event = sharedEvent(frame);
    for (const conn of hub.conns) {
      if (conn.pending) conn.pending.push([id, frame]);
      else if (conn.sink.buffered() > MAX_BUFFERED_BYTES) conn.sink.end();
      else conn.sink.write(event);
    }
  }

  function onEvent(hub: Hub, event: LiveBusEvent): void {
    if (event.t === 'message') broadcast(hub, event.message.id, messageFrame(event.message));
    else if (event.t === 'deleted') broadcast(hub, null, deletedFrame(event.id));
    else
      void deps.readMessage(event.id).then(
        (m) => m && broadcast(hub, m.id, messageFrame(m)),
        (err: unknown) => deps.warn(err, 'live: reading a message for the stream failed'),
      );
  }

  function hubFor(sessionId: number): Hub {
    let hub = hubs.get(sessionId);
    if (hub) return hub;
    const created: Hub = {
      conns: new Set(),
      lastId: 0,
      unsubscribe: () => {},
      heartbeat: setInterval(() => {
        for (const conn of created.conns) {
          // One still replaying is checked too: ending it makes the replay's writes go nowhere.
          if (!conn.pending) conn.sink.write(': ping\n\n');
          recheck(conn);
        }
      }, deps.heartbeatMs),
    };
    created.heartbeat.unref();
    created.unsubscribe = deps.bus.subscribe(channelOf(sessionId), (payload) =>
      onEvent(created, payload as LiveBusEvent),
    );
    hubs.set(sessionId, created);
    hub = created;
    return hub;
  }

  function recheck(conn: Conn): void {
    recheckOwner(conn, deps.warn, 'live');
  }

  const admit = createStreamAdmission({
    streamsPerUser: deps.streamsPerUser,
    streamsPerProcess: deps.streamsPerProcess,
    kind: 'live discussions',
    verb: 'follow this one',
  });

  function leave(sessionId: number, conn: Conn): void {
    const hub = hubs.get(sessionId);
    if (!hub) return;
    hub.conns.delete(conn);
    if (hub.conns.size > 0) return;
    hub.unsubscribe();
    clearInterval(hub.heartbeat);
    hubs.delete(sessionId);
  }

  // Events sent while the listener was away are lost: read what the open hubs may have missed.
  deps.bus.onReconnect(() => {
    for (const [sessionId, hub] of hubs) {
      void deps.readAfter(sessionId, hub.lastId).then(
        (messages) => messages.forEach((m) => broadcast(hub, m.id, messageFrame(m))),
        (err: unknown) => deps.warn(err, 'live: catching up after the bus reconnected failed'),
      );
    }
  });

  return {
    channelOf,
    admit,

    /**
     * Attaches a stream to a session: live events from now on are held back while `replay` reads what the
     * client missed, then sent after it (without the ones the replay already held), then live.
     */
    async attach(
      sessionId: number,
      owner: StreamOwner,
      /** From admit(): called when the stream ends. */
      release: () => void,
      sink: StreamSink,
      replay: () => Promise<{
        messages: LiveMessage[];
        removed: number[];
        closed: 'upcoming' | 'past' | null;
        /** Until the session ends: then its streams end too (nothing more can be said). */
        endsInMs: number;
      }>,
    ): Promise<void> {
      const conn: Conn = { sink, owner, checking: false, pending: [] };
      const hub = hubFor(sessionId);
      hub.conns.add(conn);
      sink.onClose(() => {
        release();
        leave(sessionId, conn);
      });
      try {
        await deps.bus.ready();
        const { messages, removed, closed, endsInMs } = await replay();
        // The browser waits this long before it reconnects a dropped stream.
        let text = 'retry: 3000\n\n';
        const replayed = new Set<number>();
        for (const m of messages) {
          replayed.add(m.id);
          text += messageFrame(m);
        }
        for (const id of removed) text += deletedFrame(id);
        for (const [id, frame] of conn.pending ?? []) if (id === null || !replayed.has(id)) text += frame;
        conn.pending = null;
        if (closed) {
          sink.write(text + endFrame(closed));
          sink.end();
          return;
        }
        sink.write(text);
        // Past ~24.8 days a timer fires at once: such a stream ends with its connection instead.
        if (endsInMs < 2 ** 31 - 1) {
          const timer = setTimeout(() => {
            sink.write(endFrame('past'));
            sink.end();
          }, endsInMs);
          timer.unref();
          sink.onClose(() => clearTimeout(timer));
        }
      } catch (err) {
        release();
        leave(sessionId, conn);
        sink.end();
        throw err;
      }
    },

    /**
     * Ends every open stream with the reconnect hint (shutdown): clients reconnect to another process or after
     * the restart. A stream still replaying gets the hint alone; it resumes from the id it had.
     */
    closeAll(): void {
      for (const hub of hubs.values())
        for (const conn of hub.conns) {
          conn.pending = null;
          conn.sink.write(reconnectFrame(RECONNECT_AFTER_MS));
          conn.sink.end();
        }
    },

    /**
     * Checks the owners again now, not at the next heartbeat: those of one user's streams, or (null) every
     * stream's. Called when the session cache hears that sessions or users changed.
     */
    recheckOwners(userId: number | null): void {
      for (const hub of hubs.values())
        for (const conn of hub.conns) if (userId === null || conn.owner.userId === userId) recheck(conn);
    },

    /** Open streams on this process (tests, diagnostics). */
    count: (): number => [...hubs.values()].reduce((n, h) => n + h.conns.size, 0),
  };
}
export type LiveStreams = ReturnType<typeof createLiveStreams>;

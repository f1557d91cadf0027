import type { ExamLiveRow } from '../../../shared/contracts/exam-live.ts';
import type { EventBus } from '../../plugins/event-bus.ts';
import { RECONNECT_AFTER_MS, reconnectFrame } from './live-streams.ts';
import { createStreamAdmission, recheckOwner, type StreamOwner, type StreamSink } from './stream-kit.ts';

/** A reader this far behind is dropped: it reconnects and reads the view again, instead of us buffering. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** A NOTIFY names at most this many students (well under its 8000 bytes). */
const IDS_PER_EVENT = 800;

/** What travels on the bus for one assessment: the students whose rows changed. */
export interface ExamLiveBusEvent {
  u: number[];
}

interface Conn {
  sink: StreamSink;
  owner: StreamOwner;
  /** The rows this stream's owner may see (a teacher: their schools' students). */
  sees: (row: ExamLiveRow) => boolean;
  checking: boolean;
}

interface Hub {
  conns: Set<Conn>;
  unsubscribe: () => void;
  heartbeat: NodeJS.Timeout;
  /** Students changed since the last send, and the timer that sends them (one read for them all). */
  dirty: Set<number>;
  flush: NodeJS.Timeout | null;
}

export const rowsFrame = (rows: ExamLiveRow[], serverTime: string) =>
  `event: rows\ndata: ${JSON.stringify({ rows, server_time: serverTime })}\n\n`;
export const examEndFrame = () => `event: end\ndata: {}\n\n`;

/**
 * The open live-view streams of this process, one hub per assessment: one bus subscription however many
 * staff watch it. Changes are gathered for `coalesceMs` (about a second) and read once for all the hub's
 * streams, so 500 students saving at once make one read a second, not 500. Publishing is gathered the same
 * way (`publisher`): one NOTIFY per assessment per interval. Same rules as the live discussions' streams
 * (live-streams.ts): a heartbeat comment that also checks the owner again, the per-user and per-process caps,
 * a slow reader dropped, and the reconnect hint on shutdown.
 */
export function createExamLiveStreams(deps: {
  bus: EventBus;
  /** The rows of these students (those the assessment lists), read once per flush. */
  readRows: (assessmentId: number, userIds: number[]) => Promise<ExamLiveRow[]>;
  now: () => Date;
  warn: (err: unknown, msg: string) => void;
  heartbeatMs: number;
  streamsPerUser: number;
  streamsPerProcess: number;
  coalesceMs: number;
}) {
  const hubs = new Map<number, Hub>();
  const admit = createStreamAdmission({
    streamsPerUser: deps.streamsPerUser,
    streamsPerProcess: deps.streamsPerProcess,
    kind: 'live views',
    verb: 'open this one',
  });
  const channelOf = (assessmentId: number) => `exam-live:${assessmentId}`;

  function send(conn: Conn, frame: string): void {
    if (conn.sink.buffered() > MAX_BUFFERED_BYTES) {
      conn.sink.end();
      return;
    }
    conn.sink.write(frame);
  }

  async function flush(assessmentId: number, hub: Hub): Promise<void> {
    hub.flush = null;
    const ids = [...hub.dirty];
    hub.dirty.clear();
    if (!ids.length || !hub.conns.size) return;
    const rows = await deps.readRows(assessmentId, ids);
    const serverTime = deps.now().toISOString();
    for (const conn of hub.conns) {
      const mine = rows.filter(conn.sees);
      if (mine.length) send(conn, rowsFrame(mine, serverTime));
    }
  }

  function onEvent(assessmentId: number, hub: Hub, event: ExamLiveBusEvent): void {
    for (const id of event.u) hub.dirty.add(id);
    if (hub.flush) return;
    hub.flush = setTimeout(() => {
      void flush(assessmentId, hub).catch((err: unknown) =>
        deps.warn(err, 'live view: reading changed rows for the stream failed'),
      );
    }, deps.coalesceMs);
    hub.flush.unref();
  }

  function recheck(conn: Conn): void {
    recheckOwner(conn, deps.warn, 'live view');
  }

  function hubFor(assessmentId: number): Hub {
    const existing = hubs.get(assessmentId);
    if (existing) return existing;
    const hub: Hub = {
      conns: new Set(),
      dirty: new Set(),
      flush: null,
      unsubscribe: () => {},
      heartbeat: setInterval(() => {
        for (const conn of hub.conns) {
          conn.sink.write(': ping\n\n');
          recheck(conn);
        }
      }, deps.heartbeatMs),
    };
    hub.heartbeat.unref();
    hub.unsubscribe = deps.bus.subscribe(channelOf(assessmentId), (payload) =>
      onEvent(assessmentId, hub, payload as ExamLiveBusEvent),
    );
    hubs.set(assessmentId, hub);
    return hub;
  }

  function leave(assessmentId: number, conn: Conn): void {
    const hub = hubs.get(assessmentId);
    if (!hub) return;
    hub.conns.delete(conn);
    if (hub.conns.size > 0) return;
    hub.unsubscribe();
    clearInterval(hub.heartbeat);
    if (hub.flush) clearTimeout(hub.flush);
    hubs.delete(assessmentId);
  }

  // Events sent while the bus was away are lost: every open view reads itself again (a `reconnect` hint).
  deps.bus.onReconnect(() => {
    for (const hub of hubs.values())
      for (const conn of hub.conns) {
        conn.sink.write(reconnectFrame(RECONNECT_AFTER_MS));
        conn.sink.end();
      }
  });

  /** Publishing, gathered per assessment for `coalesceMs`: one bus event names every student changed. */
  const outgoing = new Map<number, Set<number>>();
  let publishTimer: NodeJS.Timeout | null = null;
  function publishNow(): void {
    publishTimer = null;
    const batches = [...outgoing];
    outgoing.clear();
    for (const [assessmentId, users] of batches) {
      const ids = [...users];
      for (let i = 0; i < ids.length; i += IDS_PER_EVENT) {
        const event: ExamLiveBusEvent = { u: ids.slice(i, i + IDS_PER_EVENT) };
        deps.bus
          .publish(channelOf(assessmentId), event)
          .catch((err: unknown) => deps.warn(err, 'live view: publishing a change failed'));
      }
    }
  }

  return {
    /** An attempt at this assessment changed: its row is sent to the streams watching, within a second or two. */
    changed(assessmentId: number, userId: number): void {
      let users = outgoing.get(assessmentId);
      if (!users) outgoing.set(assessmentId, (users = new Set()));
      users.add(userId);
      if (publishTimer) return;
      publishTimer = setTimeout(publishNow, Math.min(deps.coalesceMs, 500));
      publishTimer.unref();
    },

    /** Counts one more stream for the user, or refuses it; the returned function uncounts it (once). */
    admit,

    /**
     * Attaches a stream: changes from now on reach it. `ready` is sent once the bus listens (the client then
     * reads the whole view, which is at least as new as the stream); `end` instead when nothing more can change.
     */
    async attach(
      assessmentId: number,
      owner: StreamOwner,
      sees: (row: ExamLiveRow) => boolean,
      release: () => void,
      sink: StreamSink,
      over: () => Promise<boolean>,
    ): Promise<void> {
      const conn: Conn = { sink, owner, sees, checking: false };
      const hub = hubFor(assessmentId);
      hub.conns.add(conn);
      sink.onClose(() => {
        release();
        leave(assessmentId, conn);
      });
      try {
        await deps.bus.ready();
        if (await over()) {
          sink.write('retry: 3000\n\n' + examEndFrame());
          sink.end();
          return;
        }
        sink.write(`retry: 3000\n\nevent: ready\ndata: ${JSON.stringify({ server_time: deps.now() })}\n\n`);
      } catch (err) {
        release();
        leave(assessmentId, conn);
        sink.end();
        throw err;
      }
    },

    closeAll(): void {
      for (const hub of hubs.values())
        for (const conn of hub.conns) {
          conn.sink.write(reconnectFrame(RECONNECT_AFTER_MS));
          conn.sink.end();
        }
      if (publishTimer) {
        clearTimeout(publishTimer);
        publishNow();
      }
    },

    recheckOwners(userId: number | null): void {
      for (const hub of hubs.values())
        for (const conn of hub.conns) if (userId === null || conn.owner.userId === userId) recheck(conn);
    },

    count: (): number => [...hubs.values()].reduce((n, h) => n + h.conns.size, 0),
  };
}
export type ExamLiveStreams = ReturnType<typeof createExamLiveStreams>;

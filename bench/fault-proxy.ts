// A classroom's bad Wi-Fi between clients and the server, in user space (`tc netem` is not available on
// this kernel): a TCP proxy that delays every chunk (keeping each direction in order), loses a share of
// replies after the server has acted, and has outages — "dead air" (everything held, then let through)
// and "reset" (connections cut, new ones refused). Its randomness is seeded, so a run repeats its faults.
import net from 'node:net';

export type OutageKind = 'dead_air' | 'reset';

export interface FaultProxyOptions {
  /** Where the server listens. */
  target: { host: string; port: number };
  /** The proxy's own port (0: any free one). */
  port?: number;
  seed: number;
  /** Each chunk is delivered this long after it arrived (uniform), never before the chunk ahead of it. */
  latencyMs: readonly [number, number];
  /** Share of replies lost: the request reached the server, the reply is dropped and the connection cut. */
  dropReplyShare: number;
  /**
   * Outages, alternating dead air and reset, the first `firstAfterMs` after start and each next one
   * `everyMs` after the previous one ended; each lasts `lastingMs`. null: only `outage()` makes them.
   */
  outages: { everyMs: readonly [number, number]; lastingMs: readonly [number, number] } | null;
}

export interface FaultCounts {
  connections: number;
  chunks: number;
  repliesDropped: number;
  deadAirs: number;
  resets: number;
  /** Connections cut by a reset outage (dropped replies cut theirs too, counted there). */
  connectionsCut: number;
  /** Milliseconds spent in outages so far. */
  outageMs: number;
}

export interface FaultProxy {
  port: number;
  url: string;
  counts(): FaultCounts;
  /** Starts an outage now (tests; the schedule makes the bench's). Resolves when it is over. */
  outage(kind: OutageKind, ms: number): Promise<void>;
  close(): Promise<void>;
}

/** mulberry32: a small, fast, seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const END = Symbol('end');

/**
 * One direction of one connection: chunks leave in the order they came, each after its latency, and none
 * while the proxy holds everything (dead air). `END` ends the far side once what came before it is out.
 */
interface Lane {
  push(chunk: Buffer | typeof END): void;
  /** Sends what is due (after dead air ends). */
  schedule(): void;
  clear(): void;
}

function lane(to: net.Socket, delay: () => number, held: () => boolean): Lane {
  const queue: Array<{ at: number; chunk: Buffer | typeof END }> = [];
  let last = 0;
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    timer = null;
    if (held()) return;
    const now = Date.now();
    while (queue.length && queue[0]!.at <= now) {
      const { chunk } = queue.shift()!;
      if (to.destroyed) continue;
      if (chunk === END) to.end();
      else to.write(chunk);
    }
    schedule();
  };
  const schedule = () => {
    if (timer || held() || !queue.length) return;
    timer = setTimeout(flush, Math.max(0, queue[0]!.at - Date.now()));
  };
  return {
    push(chunk) {
      const at = Math.max(Date.now() + delay(), last);
      last = at;
      queue.push({ at, chunk });
      schedule();
    },
    schedule,
    clear() {
      if (timer) clearTimeout(timer);
      timer = null;
      queue.length = 0;
    },
  };
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  up: Lane;
  down: Lane;
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const random = seededRandom(options.seed);
  const between = ([low, high]: readonly [number, number]) => low + random() * (high - low);
  const counts: FaultCounts = {
    connections: 0,
    chunks: 0,
    repliesDropped: 0,
    deadAirs: 0,
    resets: 0,
    connectionsCut: 0,
    outageMs: 0,
  };
  const pairs = new Set<Pair>();
  let holding = false;
  let closed = false;

  const cut = (pair: Pair) => {
    pairs.delete(pair);
    pair.up.clear();
    pair.down.clear();
    // A reset, as a dropped Wi-Fi association or a NAT that forgot the flow looks to the client.
    if (!pair.client.destroyed) pair.client.resetAndDestroy();
    pair.upstream.destroy();
  };

  const onConnection = (client: net.Socket) => {
    counts.connections += 1;
    const upstream = net.connect({ ...options.target, allowHalfOpen: true });
    const delay = () => between(options.latencyMs);
    const pair: Pair = {
      client,
      upstream,
      up: lane(upstream, delay, () => holding),
      down: lane(client, delay, () => holding),
    };
    pairs.add(pair);
    // The first bytes back after a request are its reply: the server has acted on the request by then.
    let replyStarts = false;
    client.on('data', (chunk: Buffer) => {
      counts.chunks += 1;
      replyStarts = true;
      pair.up.push(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      counts.chunks += 1;
      if (replyStarts) {
        replyStarts = false;
        if (random() < options.dropReplyShare) {
          counts.repliesDropped += 1;
          cut(pair);
          return;
        }
      }
      pair.down.push(chunk);
    });
    // A client that gave up still has its bytes in flight: they reach the server, then the far side ends.
    client.on('end', () => pair.up.push(END));
    upstream.on('end', () => pair.down.push(END));
    client.on('close', () => {
      if (pairs.has(pair)) pair.up.push(END);
    });
    upstream.on('close', () => {
      if (pairs.has(pair)) pair.down.push(END);
    });
    const forget = () => {
      if (client.destroyed && upstream.destroyed) pairs.delete(pair);
    };
    client.on('close', forget);
    upstream.on('close', forget);
    // Resets and refusals are the point here, not errors of the proxy.
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  };

  let server = net.createServer({ allowHalfOpen: true }, onConnection);
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(options.port ?? 0);
  const port = (server.address() as net.AddressInfo).port;

  const outage = async (kind: OutageKind, ms: number): Promise<void> => {
    const began = Date.now();
    if (kind === 'dead_air') {
      counts.deadAirs += 1;
      holding = true;
      await new Promise((resolve) => setTimeout(resolve, ms));
      holding = false;
      for (const pair of pairs) {
        pair.up.schedule();
        pair.down.schedule();
      }
    } else {
      counts.resets += 1;
      // No listener: a new connection is refused by the kernel, as from a host that is not there.
      const old = server;
      server = net.createServer({ allowHalfOpen: true }, onConnection);
      old.close();
      for (const pair of [...pairs]) {
        counts.connectionsCut += 1;
        cut(pair);
      }
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (!closed) await listen(port);
    }
    counts.outageMs += Date.now() - began;
  };

  let scheduleTimer: NodeJS.Timeout | null = null;
  if (options.outages) {
    const { everyMs, lastingMs } = options.outages;
    let next: OutageKind = 'dead_air';
    const plan = () => {
      scheduleTimer = setTimeout(() => {
        const kind = next;
        next = kind === 'dead_air' ? 'reset' : 'dead_air';
        void outage(kind, between(lastingMs)).then(() => {
          if (!closed) plan();
        });
      }, between(everyMs));
    };
    plan();
  }

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    counts: () => ({ ...counts }),
    outage,
    close: async () => {
      closed = true;
      holding = false;
      if (scheduleTimer) clearTimeout(scheduleTimer);
      for (const pair of [...pairs]) cut(pair);
      await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

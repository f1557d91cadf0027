import cluster, { type Worker } from 'node:cluster';

/**
 * Whose turn it is to write to the SQLite file, across the processes of WORKERS > 1. SQLite lets one
 * connection write at a time; a second process asking meanwhile is told "busy" and sleeps (busy_timeout:
 * 1, 2, 5, 10… ms, on the event loop), so two workers saving answers spent their time asleep and served
 * fewer saves than one. Instead each worker asks the primary for the turn before its group commit's
 * transaction (transaction.ts) and hands it back as soon as the commit returns (the sync to disk runs after,
 * beside the other worker's batch). Waiting for the turn is a message, not a sleep: the event loop goes on
 * parsing and checking requests, whose saves join the next batch.
 */
export interface WriteTurn {
  /** Resolves once this process may begin its write transaction. */
  acquire(): Promise<void>;
  /** After the transaction has committed or rolled back. */
  release(): void;
}

export type TurnMessage = { pbWriteTurn: 'acquire' | 'release' | 'granted' };
const isTurnMessage = (m: unknown): m is TurnMessage =>
  typeof m === 'object' && m !== null && typeof (m as { pbWriteTurn?: unknown }).pbWriteTurn === 'string';

/** The environment variable the primary sets on the workers it serves turns to. */
export const WRITE_TURN_ENV = 'PATHBUILDER_WRITE_TURN';

/** The process side: asks through `channel` (a cluster worker's or forked child's `process`). */
export function ipcWriteTurn(channel: {
  send?: (message: TurnMessage) => unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}): WriteTurn {
  const send = channel.send?.bind(channel);
  if (!send) throw new Error('ipcWriteTurn: this process has no IPC channel');
  const waiting: Array<() => void> = [];
  channel.on('message', (message) => {
    if (isTurnMessage(message) && message.pbWriteTurn === 'granted') waiting.shift()?.();
  });
  return {
    acquire: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        send({ pbWriteTurn: 'acquire' });
      }),
    release: () => void send({ pbWriteTurn: 'release' }),
  };
}

/**
 * The primary's side: one turn, handed out first come first served. A process that exits holding the turn
 * or waiting for it gives it up (its connection's lock died with it).
 */
export class WriteTurns<Id> {
  #holder: Id | undefined;
  readonly #queue: Array<{ id: Id; grant: () => void }> = [];

  request(id: Id, grant: () => void): void {
    if (this.#holder === undefined) {
      this.#holder = id;
      grant();
    } else this.#queue.push({ id, grant });
  }

  release(id: Id): void {
    if (this.#holder !== id) return;
    this.#holder = undefined;
    const next = this.#queue.shift();
    if (next) this.request(next.id, next.grant);
  }

  gone(id: Id): void {
    for (let i = this.#queue.length - 1; i >= 0; i--) if (this.#queue[i]!.id === id) this.#queue.splice(i, 1);
    this.release(id);
  }
}

/** A process the turns are served to: a cluster worker, or a child forked with an IPC channel. */
export interface TurnPeer {
  send(message: TurnMessage): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit' | 'disconnect', listener: () => void): unknown;
}

/** Serves `turns` to `peer` over its IPC channel, until the channel closes. */
export function serveWriteTurnsTo(turns: WriteTurns<TurnPeer>, peer: TurnPeer): void {
  let gone = false;
  const leave = () => {
    gone = true;
    turns.gone(peer);
  };
  peer.on('message', (message) => {
    if (!isTurnMessage(message) || gone) return;
    if (message.pbWriteTurn === 'acquire')
      turns.request(peer, () => {
        // Granted as it left: the turn goes on to the next at once.
        if (gone) turns.gone(peer);
        else peer.send({ pbWriteTurn: 'granted' });
      });
    else if (message.pbWriteTurn === 'release') turns.release(peer);
  });
  peer.on('disconnect', leave);
  peer.on('exit', leave);
}

/** In the primary of WORKERS > 1 on SQLite: serves the turns to every worker forked from now on. */
export function serveWriteTurnsToWorkers(): void {
  const turns = new WriteTurns<TurnPeer>();
  cluster.on('fork', (worker: Worker) => serveWriteTurnsTo(turns, worker));
}

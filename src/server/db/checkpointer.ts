import { endianness } from 'node:os';
import { Worker } from 'node:worker_threads';

/** The header is read little-endian; elsewhere the thread checkpoints on every check instead. */
const isLittleEndian = endianness() === 'LE';

/**
 * Moves the WAL's pages into the database file on a thread of its own. By default the connection that
 * commits runs the checkpoint once the WAL passes 1,000 pages: inside that COMMIT, on the event loop, with two
 * syncs to disk (the WAL's, then the database file's). Under 200 students saving answers that came several
 * times a second, and a commit then took up to 13 ms instead of a quarter of one, every request waiting.
 * The main connection turns its automatic checkpoints off (`PRAGMA wal_autocheckpoint = 0`), and this thread
 * checks the WAL every `CHECKPOINT_INTERVAL_MS` and runs a PASSIVE checkpoint past the same 1,000 pages. A
 * PASSIVE checkpoint never blocks a reader or the writer, and copies what no reader still needs; once it has
 * copied the whole WAL, the next writer starts the WAL again from the top, so it stops growing.
 *
 * How far the WAL is ahead is read from the WAL-index header in the `-shm` file, as SQLite keeps it
 * (https://www.sqlite.org/walformat.html): `mxFrame`, the frames in the WAL, at byte 16, and `nBackfill`, the
 * frames already copied, at byte 96, both in the machine's byte order. Without a readable header the thread
 * checkpoints on every check.
 */
export interface Checkpointer {
  /** Resolves once a checkpoint has run after this call (tests). */
  checkpoint(): Promise<{ busy: number; log: number; checkpointed: number }>;
  /**
   * Returns once the thread has closed its connection (at most `STOP_WAIT_MS`), so that the caller's close is
   * the last: SQLite then folds the WAL into the database file and removes it, and nothing of the database is
   * still open once `close()` has returned (a directory removed next is removed whole).
   */
  stop(): void;
}

/** Often enough that the WAL stays near its threshold under a heavy write load; a check is one small read. */
export const CHECKPOINT_INTERVAL_MS = 250;
/** SQLite's own default for automatic checkpoints. */
export const CHECKPOINT_FRAMES = 1000;
/** A checkpoint under way finishes first; a stuck disk must not hold a shutdown for longer than this. */
const STOP_WAIT_MS = 5000;

// Plain JavaScript evaluated in the worker: no file to resolve, whether run by Node or by the test runner.
const WORKER = `
const { closeSync, openSync, readSync } = require('node:fs');
const { DatabaseSync } = require('node:sqlite');
const { parentPort, workerData } = require('node:worker_threads');
const closed = () => {
  Atomics.store(workerData.closed, 0, 1);
  Atomics.notify(workerData.closed, 0);
};
let db;
try {
  db = new DatabaseSync(workerData.filename);
  // NORMAL: a checkpoint syncs the WAL before copying and the database file after, so nothing is at risk.
  db.exec('PRAGMA busy_timeout = 0; PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 0;');
} catch (err) {
  // Nothing of the database is held: a stop() waiting on this thread returns at once.
  db?.close();
  closed();
  throw err;
}
const statement = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const header = Buffer.alloc(100);
let shm;
const behind = () => {
  try {
    shm ??= openSync(workerData.filename + '-shm', 'r');
    if (readSync(shm, header, 0, 100, 0) < 100) return Infinity;
    return header.readUInt32LE(16) - header.readUInt32LE(96);
  } catch {
    return Infinity;
  }
};
const run = () => {
  try {
    return statement.get();
  } catch (err) {
    // Another process's checkpoint holds the lock, or the disk failed: the next round tries again.
    return { busy: 1, log: -1, checkpointed: -1, error: String(err) };
  }
};
const timer = setInterval(() => {
  if (behind() >= workerData.frames) run();
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'checkpoint') parentPort.postMessage(run());
  else if (message === 'stop') {
    clearInterval(timer);
    if (shm !== undefined) closeSync(shm);
    db.close();
    closed();
    parentPort.close();
  }
});
`;

export function startCheckpointer(
  filename: string,
  {
    intervalMs = CHECKPOINT_INTERVAL_MS,
    frames = CHECKPOINT_FRAMES,
    onFailure,
  }: { intervalMs?: number; frames?: number; onFailure: () => void },
): Checkpointer {
  if (!isLittleEndian) frames = 0;
  // Set to 1 by the thread once its connection is closed.
  const closed = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER, { eval: true, workerData: { filename, intervalMs, frames, closed } });
  // Never what keeps the process alive.
  worker.unref();
  let stopped = false;
  // A thread that cannot open the database or dies: the caller checkpoints as SQLite does by default again.
  worker.on('error', () => {
    if (!stopped) onFailure();
    stopped = true;
  });
  return {
    checkpoint: () =>
      new Promise((resolve) => {
        worker.once('message', resolve);
        worker.postMessage('checkpoint');
      }),
    stop() {
      if (stopped) return;
      stopped = true;
      worker.postMessage('stop');
      // The thread runs on its own while this one waits, and its connection closes in a millisecond or two.
      Atomics.wait(closed, 0, 0, STOP_WAIT_MS);
    },
  };
}

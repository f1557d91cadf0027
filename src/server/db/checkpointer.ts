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
 *
 * The WAL starts again from the top only if a writer begins once the whole WAL has been copied. Under a
 * steady stream of commits (answers saved one after another) a PASSIVE checkpoint never gets there: frames
 * are appended while it copies, so it copies all but those, and the WAL grew without end (16 MB after ten
 * graded students: 4,000 frames, 3,500 of them copied). Every commit then appended to the end of the file,
 * and a sync that extends a file also writes its new size through the file system's journal: 1.7 ms instead
 * of 1.0 at p50 here, 11–29 ms instead of 7 at p99 (the README, issue 28, "Grading's sync"). So once a
 * PASSIVE checkpoint has left frames behind, the thread syncs the database file (the pages it copied, no
 * writer waiting), then asks for a quiet moment (`useQuiet`: the group commit holds its next batch,
 * transaction.ts) and copies the few frames left; the next writer starts the WAL from the top, over blocks
 * the file already has, and the file stops growing.
 */
export interface Checkpointer {
  /** Resolves once a checkpoint has run after this call (tests). */
  checkpoint(): Promise<CheckpointResult>;
  /**
   * Returns once the thread has closed its connection (at most `STOP_WAIT_MS`), so that the caller's close is
   * the last: SQLite then folds the WAL into the database file and removes it, and nothing of the database is
   * still open once `close()` has returned (a directory removed next is removed whole).
   */
  stop(): void;
  /**
   * How to hold this process's writers for a moment (the group commit's `hold`): resolves once none is
   * writing, with the function that lets them go on. Without it the moment is asked for and not waited on.
   */
  useQuiet(hold: () => Promise<() => void>): void;
}

/** Often enough that the WAL stays near its threshold under a heavy write load; a check is one small read. */
export const CHECKPOINT_INTERVAL_MS = 250;
/** SQLite's own default for automatic checkpoints. */
export const CHECKPOINT_FRAMES = 1000;
/** A checkpoint under way finishes first; a stuck disk must not hold a shutdown for longer than this. */
const STOP_WAIT_MS = 5000;
/** Writers are let go after this long whatever the thread is doing (a stuck disk): only speed is at stake. */
const QUIET_MAX_MS = 1000;

// Plain JavaScript evaluated in the worker: no file to resolve, whether run by Node or by the test runner.
const WORKER = `
const { closeSync, fdatasyncSync, openSync, readSync } = require('node:fs');
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
// The database file, opened to sync what a checkpoint copied before the quiet moment (see above).
let dbFd;
let waiting = false;
const timer = setInterval(() => {
  if (waiting || behind() < workerData.frames) return;
  // Its \`log\` is the WAL as it stood when it began: what was appended meanwhile is still behind.
  if (run().busy || behind() === 0) return;
  try {
    dbFd ??= openSync(workerData.filename, 'r');
    fdatasyncSync(dbFd);
  } catch {
    // The quiet moment's checkpoint syncs it anyway.
  }
  waiting = true;
  parentPort.postMessage({ quiet: 'want' });
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'checkpoint') parentPort.postMessage({ result: run() });
  else if (message === 'quiet') {
    // No writer of this process until 'done': this copies the rest, syncs the database file, and the WAL is
    // copied whole, so the next writer starts it from the top.
    const result = run();
    waiting = false;
    parentPort.postMessage({ quiet: 'done', result });
  } else if (message === 'stop') {
    clearInterval(timer);
    if (shm !== undefined) closeSync(shm);
    if (dbFd !== undefined) closeSync(dbFd);
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
  let hold: (() => Promise<() => void>) | undefined;
  // The writers held for the thread's quiet moment: let go on 'done', a stop, a failure or after QUIET_MAX_MS.
  let letGo: (() => void) | undefined;
  const resume = () => {
    const go = letGo;
    letGo = undefined;
    go?.();
  };
  const results: Array<(result: CheckpointResult) => void> = [];
  worker.on('message', (message: WorkerMessage) => {
    if ('result' in message && !('quiet' in message)) results.shift()?.(message.result);
    else if (message.quiet === 'done') resume();
    else if (message.quiet === 'want') void quiet();
  });
  const quiet = async () => {
    const release = hold ? await hold() : () => {};
    if (stopped) return release();
    const timeout = setTimeout(resume, QUIET_MAX_MS);
    timeout.unref();
    letGo = () => {
      clearTimeout(timeout);
      release();
    };
    worker.postMessage('quiet');
  };
  // A thread that cannot open the database or dies: the caller checkpoints as SQLite does by default again.
  worker.on('error', () => {
    resume();
    if (!stopped) onFailure();
    stopped = true;
  });
  return {
    checkpoint: () =>
      new Promise((resolve) => {
        results.push(resolve);
        worker.postMessage('checkpoint');
      }),
    useQuiet(h) {
      hold = h;
    },
    stop() {
      resume();
      if (stopped) return;
      stopped = true;
      worker.postMessage('stop');
      // The thread runs on its own while this one waits, and its connection closes in a millisecond or two.
      Atomics.wait(closed, 0, 0, STOP_WAIT_MS);
    },
  };
}

type CheckpointResult = { busy: number; log: number; checkpointed: number };
type WorkerMessage =
  { result: CheckpointResult } | { quiet: 'want' } | { quiet: 'done'; result: CheckpointResult };

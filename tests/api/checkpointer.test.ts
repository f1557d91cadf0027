import { closeSync, mkdtempSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECKPOINT_INTERVAL_MS, startCheckpointer } from '../../src/server/db/checkpointer.ts';
import { openNodeSqlite, type NodeSqlite } from '../../src/server/db/node-sqlite.ts';

// The WAL's pages reach the database file on a thread of its own (checkpointer.ts), never inside a commit on
// the event loop. What a school would notice otherwise: the WAL file growing without end, or saved work lost.
describe('WAL checkpoints off the event loop (SQLite)', () => {
  let dir: string;
  let file: string;
  let database: NodeSqlite;
  const PAGE = 4096;
  /** About 300 pages a round: a row of 3 kB each does not share its page. */
  const writeRound = (round: number) => {
    database.raw.exec('begin immediate');
    const insert = database.raw.prepare('insert into notes (round, body) values (?, ?)');
    for (let i = 0; i < 300; i++) insert.run(round, 'x'.repeat(3000));
    database.raw.exec('commit');
  };
  const walPages = () => statSync(`${file}-wal`).size / PAGE;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pb-checkpoint-'));
    file = join(dir, 'test.sqlite');
    database = openNodeSqlite(file);
    database.raw.exec(
      'create table notes (id integer primary key, round integer not null, body text not null)',
    );
  });
  afterEach(() => {
    if (database.raw.isOpen) database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the committing connection without automatic checkpoints', () => {
    expect(database.raw.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 0 });
    // 1,500 pages, past SQLite's default threshold of 1,000: none of it was copied by the commits.
    for (let round = 0; round < 5; round++) writeRound(round);
    expect(walPages()).toBeGreaterThan(1_500);
  });

  it('copies the WAL into the database file, and the WAL starts over instead of growing', async () => {
    for (let round = 0; round < 4; round++) writeRound(round);
    const before = statSync(file).size;
    const first = await database.checkpointer!.checkpoint();
    expect(first.busy).toBe(0);
    expect(first.checkpointed).toBe(first.log);
    expect(statSync(file).size).toBeGreaterThan(before + 1_000 * PAGE);
    const walAfterFirst = walPages();
    // Ten more rounds, 3,000 pages, with a checkpoint after each: the WAL is reused from the top each time.
    for (let round = 4; round < 14; round++) {
      writeRound(round);
      await database.checkpointer!.checkpoint();
    }
    expect(walPages()).toBeLessThanOrEqual(walAfterFirst);
    // And everything is there, for another connection too.
    const other = new DatabaseSync(file);
    expect(other.prepare('select count(*) as n from notes').get()).toEqual({ n: 14 * 300 });
    other.close();
  });

  it('checkpoints by itself once the WAL is 1,000 pages ahead, as SQLite would, and not before', async () => {
    const wait = () => new Promise((resolve) => setTimeout(resolve, 4 * CHECKPOINT_INTERVAL_MS));
    writeRound(0);
    const before = statSync(file).size;
    await wait();
    // 300 pages: left in the WAL (the thread read how far behind the database file is from the -shm header).
    expect(statSync(file).size).toBe(before);
    for (let round = 1; round < 4; round++) writeRound(round);
    await wait();
    expect(statSync(file).size).toBeGreaterThan(before + 1_000 * PAGE);
  });

  it('starts the WAL again from the top under a steady stream of commits, holding the writers a moment', async () => {
    // Commits one after another, as answers saved by a class: a PASSIVE checkpoint alone never copies the whole
    // WAL (frames are appended while it copies), so the WAL never started over and grew with every commit.
    // In place of the connection's own thread, one that looks often and checkpoints past 100 frames.
    database.checkpointer!.stop();
    const checkpointer = startCheckpointer(file, { intervalMs: 20, frames: 100, onFailure: () => {} });
    let held = false;
    let holds = 0;
    let letGo = () => {};
    checkpointer.useQuiet(async () => {
      holds++;
      held = true;
      return () => {
        held = false;
        letGo();
      };
    });
    const insert = database.raw.prepare('insert into notes (round, body) values (?, ?)');
    // The frames in the WAL, from the WAL-index header (checkpointer.ts): it drops when the WAL starts over.
    const header = Buffer.alloc(100);
    const frames = () => {
      const fd = openSync(`${file}-shm`, 'r');
      readSync(fd, header, 0, 100, 0);
      closeSync(fd);
      return header.readUInt32LE(16);
    };
    let restarts = 0;
    let round = 0;
    let last = frames();
    const until = performance.now() + 20_000;
    while (restarts < 3 && performance.now() < until) {
      if (held) await new Promise<void>((resolve) => (letGo = resolve));
      database.raw.exec('begin immediate');
      for (let i = 0; i < 5; i++) insert.run(round, 'x'.repeat(3000));
      database.raw.exec('commit');
      round++;
      const now = frames();
      if (now < last) restarts++;
      last = now;
      await new Promise((resolve) => setImmediate(resolve));
    }
    checkpointer.stop();
    expect(holds).toBeGreaterThan(0);
    expect(restarts).toBe(3);
  });

  it('is closed whole once close() returns: the WAL folded into the database file, nothing left open', async () => {
    // With the thread's connection open (it has answered), after writes.
    for (let round = 0; round < 2; round++) writeRound(round);
    await database.checkpointer!.checkpoint();
    writeRound(2);
    database.close();
    expect(readdirSync(dir)).toEqual(['test.sqlite']);
    const other = new DatabaseSync(file);
    expect(other.prepare('select count(*) as n from notes').get()).toEqual({ n: 3 * 300 });
    other.close();
    // Straight after opening, while the thread may still be starting: nothing comes back afterwards either.
    database = openNodeSqlite(file);
    database.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readdirSync(dir)).toEqual(['test.sqlite']);
  });

  it('does not hold a close for a thread that could not open the database', () => {
    const started = performance.now();
    startCheckpointer(join(dir, 'missing', 'test.sqlite'), { onFailure: () => {} }).stop();
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('hands checkpoints back when its thread fails', async () => {
    // A database the thread cannot open: it fails at once, and says so.
    const failed = await new Promise<boolean>((resolve) => {
      startCheckpointer(join(dir, 'missing', 'test.sqlite'), { onFailure: () => resolve(true) });
      setTimeout(() => resolve(false), 5_000);
    });
    expect(failed).toBe(true);
  });
});

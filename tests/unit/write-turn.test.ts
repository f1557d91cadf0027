// @vitest-environment node
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteFileOf } from '../../src/server/db/database.ts';
import {
  serveWriteTurnsTo,
  WRITE_TURN_ENV,
  WriteTurns,
  type TurnPeer,
} from '../../src/server/db/write-turn.ts';

describe('the write turn of several SQLite processes', () => {
  it('hands the turn out first come first served, one holder at a time', () => {
    const turns = new WriteTurns<string>();
    const granted: string[] = [];
    turns.request('a', () => granted.push('a'));
    turns.request('b', () => granted.push('b'));
    turns.request('c', () => granted.push('c'));
    expect(granted).toEqual(['a']);
    turns.release('b'); // not the holder: nothing moves
    expect(granted).toEqual(['a']);
    turns.release('a');
    expect(granted).toEqual(['a', 'b']);
    turns.release('b');
    expect(granted).toEqual(['a', 'b', 'c']);
  });

  it('passes the turn on when its holder or a waiter is gone', () => {
    const turns = new WriteTurns<string>();
    const granted: string[] = [];
    turns.request('a', () => granted.push('a'));
    turns.request('b', () => granted.push('b'));
    turns.request('c', () => granted.push('c'));
    turns.gone('b');
    turns.gone('a');
    expect(granted).toEqual(['a', 'c']);
  });

  describe('two processes writing the same file', () => {
    let dir: string | undefined;
    afterEach(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('lose no write and wait for each other without SQLite’s busy sleep', async () => {
      dir = mkdtempSync(join(tmpdir(), 'write-turn-'));
      const file = sqliteFileOf(dir);
      const setup = new DatabaseSync(file);
      setup.exec(`PRAGMA journal_mode = WAL;
        create table counter (id integer primary key, n integer not null);
        insert into counter values (1, 0);
        create table rows (who text not null, i integer not null, primary key (who, i));`);
      setup.close();
      const TRANSACTIONS = 1000;
      let ready = 0;
      const forked: ReturnType<typeof fork>[] = [];
      const turns = new WriteTurns<TurnPeer>();
      const children = ['one', 'two'].map((name) => {
        const child = fork(join(import.meta.dirname, 'fixtures/write-turn-child.ts'), {
          env: {
            ...process.env,
            DATA_DIR: dir,
            CHILD_NAME: name,
            TRANSACTIONS: String(TRANSACTIONS),
            [WRITE_TURN_ENV]: 'ipc',
          },
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        serveWriteTurnsTo(turns, child);
        forked.push(child);
        return new Promise<{ done: number; failed: number }>((resolve, reject) => {
          child.on('message', (m: unknown) => {
            if (typeof m === 'object' && m !== null && 'ready' in m && ++ready === 2)
              for (const c of forked) c.send({ go: true });
            if (typeof m === 'object' && m !== null && 'done' in m)
              resolve(m as { done: number; failed: number });
          });
          child.on('exit', (code) => reject(new Error(`child ${name} exited with ${code} before reporting`)));
        });
      });
      const reports = await Promise.all(children);
      expect(reports).toEqual([
        { done: TRANSACTIONS, failed: 0 },
        { done: TRANSACTIONS, failed: 0 },
      ]);
      const check = new DatabaseSync(file);
      // Every read-modify-write counted: none read a value the other process had already changed.
      expect(check.prepare('select n from counter').get()).toEqual({ n: 2 * TRANSACTIONS });
      expect(check.prepare('select count(*) as c from rows').get()).toEqual({ c: 2 * TRANSACTIONS });
      check.close();
    }, 60_000);
  });
});

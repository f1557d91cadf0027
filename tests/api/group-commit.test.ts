import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database.ts';
import { openNodeSqlite, type Durability, type NodeSqlite } from '../../src/server/db/node-sqlite.ts';
import {
  enableGroupCommit,
  groupCommitSettled,
  holdGroupCommit,
  withTransaction,
} from '../../src/server/db/transaction.ts';

// SQLite's group commit answers a transaction only once its commit is on disk, and the sync to disk runs off
// the event loop (node-sqlite.ts). These tests hold the sync back and watch what is answered meanwhile.
// Both ways of making each unit's savepoint: through Kysely, and directly on the connection (as the app does).
describe.each([{ savepoints: 'Kysely' }, { savepoints: 'direct' }])(
  'group commit and durability (SQLite, savepoints $savepoints)',
  ({ savepoints }) => {
    let dir: string;
    let file: string;
    let database: NodeSqlite;
    let db: Db;
    let release: () => void;
    let fail: (err: Error) => void;
    let flushes: number;

    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), 'pb-group-'));
      file = join(dir, 'test.sqlite');
      database = openNodeSqlite(file);
      // The real durability, its sync held until the test says so.
      const held = new Promise<void>((resolve, reject) => {
        release = resolve;
        fail = reject;
      });
      held.catch(() => {});
      flushes = 0;
      const durability: Durability = {
        deferNextCommit: () => database.durability.deferNextCommit(),
        flush: async () => {
          flushes++;
          await held;
          await database.durability.flush();
        },
      };
      db = new Kysely({ dialect: new SqliteDialect({ database }) }) as unknown as Db;
      enableGroupCommit(db, { durability, raw: savepoints === 'direct' ? database.raw : undefined });
      await sql`create table t (id integer primary key, v text not null)`.execute(db);
    });
    afterEach(async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    });

    const insert = (id: number) =>
      withTransaction(db, async (trx) => {
        await sql`insert into t (id, v) values (${id}, 'x')`.execute(trx);
        return id;
      });
    const countElsewhere = () => {
      const other = new DatabaseSync(file);
      try {
        return (other.prepare('select count(*) as n from t').get() as { n: number }).n;
      } finally {
        other.close();
      }
    };
    const settled = async (p: Promise<unknown>) => {
      let done = false;
      void p.then(
        () => (done = true),
        () => (done = true),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      return done;
    };

    it('runs at synchronous NORMAL in WAL mode, syncing the WAL itself', () => {
      expect(database.raw.prepare('pragma journal_mode').get()).toEqual({ journal_mode: 'wal' });
      expect(database.raw.prepare('pragma synchronous').get()).toEqual({ synchronous: 1 });
    });

    it('answers no transaction of a batch before its commit is on disk', async () => {
      const saves = [insert(1), insert(2), insert(3)];
      expect(await settled(Promise.race(saves))).toBe(false);
      // Committed and visible to other connections, but not yet answered: the sync is still running.
      expect(countElsewhere()).toBe(3);
      expect(flushes).toBe(1);
      release();
      expect(await Promise.all(saves)).toEqual([1, 2, 3]);
    });

    it('starts the next batch while the previous one is still being synced', async () => {
      const first = insert(1);
      expect(await settled(first)).toBe(false);
      const second = insert(2);
      expect(await settled(second)).toBe(false);
      // Both batches committed: the second did not wait for the first one's sync.
      expect(countElsewhere()).toBe(2);
      expect(flushes).toBe(2);
      release();
      expect(await Promise.all([first, second])).toEqual([1, 2]);
    });

    it('lets a shutdown wait until every save taken is on disk and answered (groupCommitSettled)', async () => {
      const saves = [insert(1), insert(2)];
      const settledAll = groupCommitSettled(db);
      // Queued, then committed, but the sync still runs: closing the database now would lose the answers.
      expect(await settled(settledAll)).toBe(false);
      release();
      await settledAll;
      expect(await Promise.all(saves)).toEqual([1, 2]);
      expect(await settled(groupCommitSettled(db))).toBe(true);
    });

    it('begins no batch while held for a checkpoint (holdGroupCommit), and goes on once let go', async () => {
      const first = insert(1);
      const letGo = await holdGroupCommit(db);
      // The batch that was under way committed before the hold was granted; none begins while held.
      expect(countElsewhere()).toBe(1);
      const second = insert(2);
      expect(await settled(second)).toBe(false);
      expect(countElsewhere()).toBe(1);
      letGo();
      release();
      expect(await Promise.all([first, second])).toEqual([1, 2]);
      expect(countElsewhere()).toBe(2);
    });

    it('fails the transactions of a batch whose sync fails', async () => {
      const save = insert(1);
      fail(new Error('EIO: the disk refused the sync'));
      await expect(save).rejects.toThrow('EIO');
    });

    it('a failed unit still rolls back alone and is refused at once', async () => {
      const good = insert(1);
      const bad = withTransaction(db, async (trx) => {
        await sql`insert into t (id, v) values (2, 'x')`.execute(trx);
        throw new Error('refused');
      });
      const after = insert(3);
      await expect(bad).rejects.toThrow('refused');
      release();
      expect(await good).toBe(1);
      expect(await after).toBe(3);
      const other = new DatabaseSync(file);
      try {
        expect(
          other
            .prepare('select id from t order by id')
            .all()
            .map((r) => r.id),
        ).toEqual([1, 3]);
      } finally {
        other.close();
      }
    });

    it('syncs a write outside the group commit before it returns, with nothing left to flush', async () => {
      await sql`insert into t (id, v) values (9, 'y')`.execute(db);
      expect(countElsewhere()).toBe(1);
      expect(flushes).toBe(0);
    });
  },
);

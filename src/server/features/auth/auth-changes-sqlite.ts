import { closeSync, openSync, readSync } from 'node:fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { AuthChanges } from './auth-changes.ts';
import type { SessionCache } from './session-cache.ts';

/**
 * SQLite: one integer, `auth_epoch`, read on a connection of its own (no Kysely): the main connection may be
 * inside a transaction whose snapshot predates another process's change. A new value empties the cache;
 * writes through this process and any other sharing the file count alike.
 *
 * A read transaction costs several system calls (the WAL read lock), which under load was the largest cost of
 * an authenticated request. So the epoch is read again only when some transaction has committed since the
 * last read: the WAL-index header at the start of the `-shm` file (https://www.sqlite.org/walformat.html,
 * "The WAL-Index Header") changes with every commit, in any process, and one `pread` of its 48 bytes says so.
 * The header is read before the epoch, so a commit between the two shows as a changed header next time.
 * Without a readable header (not WAL, or the file missing) every request reads the epoch as before. Under a
 * write load (answer saves) the header changes between most requests, so after a change the next few requests
 * read the epoch straight away rather than pay for both.
 */
const WAL_INDEX_HEADER_BYTES = 48;
const SKIP_AFTER_CHANGE = 4;

export function sqliteChanges(file: string, cache: SessionCache): AuthChanges {
  let reader: DatabaseSync | undefined;
  let read: StatementSync | undefined;
  let seen: number | null = null;
  let shm: number | undefined;
  const header = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  const lastHeader = Buffer.alloc(WAL_INDEX_HEADER_BYTES);
  let lastHeaderValid = false;
  let skip = 0;

  /** True when the WAL-index header is byte for byte the one read before the last epoch read. */
  function unchangedSinceLastRead(): boolean {
    if (shm === undefined) return false;
    let n: number;
    try {
      n = readSync(shm, header, 0, WAL_INDEX_HEADER_BYTES, 0);
    } catch {
      n = 0;
    }
    if (n !== WAL_INDEX_HEADER_BYTES) {
      lastHeaderValid = false;
      return false;
    }
    if (lastHeaderValid && header.equals(lastHeader)) return true;
    header.copy(lastHeader);
    lastHeaderValid = true;
    skip = SKIP_AFTER_CHANGE;
    return false;
  }

  return {
    fresh() {
      if (!read) return false;
      // While skipping, the header kept is still one read before an epoch read: if it is unchanged later, no
      // commit came after it, and the newest epoch read stands.
      if (skip > 0) skip--;
      else if (seen !== null && unchangedSinceLastRead()) return true;
      let epoch: number | null;
      try {
        epoch = (read.get() as { epoch: number } | undefined)?.epoch ?? null;
      } catch {
        epoch = null;
        lastHeaderValid = false;
      }
      if (epoch === null || epoch !== seen) {
        cache.clear();
        seen = epoch;
        return false;
      }
      return true;
    },
    mark: () => 0,
    settleSince: async () => {},
    async start() {
      reader = new DatabaseSync(file);
      reader.exec('PRAGMA busy_timeout = 1000;');
      read = reader.prepare('select epoch from auth_epoch where id = 1');
      // The reader's first read makes sure the -shm file exists (the main connection opened it in WAL mode).
      read.get();
      try {
        shm = openSync(`${file}-shm`, 'r');
      } catch {
        shm = undefined;
      }
      cache.setEnabled(true);
    },
    async stop() {
      cache.setEnabled(false);
      read = undefined;
      if (shm !== undefined) closeSync(shm);
      shm = undefined;
      lastHeaderValid = false;
      reader?.close();
      reader = undefined;
    },
  };
}

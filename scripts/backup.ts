/**
 * `npm run backup -- <target-file> [--with-files <dir>]`: an online backup of the SQLite database the server
 * uses (DATA_DIR/pathbuilder.sqlite), taken while the server runs, with SQLite's backup API (node:sqlite's
 * `backup()`): one consistent snapshot, every committed write in it, nobody stopped. It is written beside the
 * target under a temporary name, checked, synced and renamed into place, so the target is always a whole
 * backup (the previous one, or this one), never half of one.
 *
 * Uploaded files are not in the database: `--with-files <dir>` copies DATA_DIR/uploads there too (only what
 * the folder lacks: files are named by their content), after the snapshot, and checks that every file the
 * snapshot names is there. Without it, the command says they must be copied.
 *
 * On PostgreSQL (DATABASE_URL) it refuses and prints the pg_dump / pg_restore recipe instead.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { configFromEnv } from '../src/server/config.ts';
import { sqliteFileOf } from '../src/server/db/database.ts';

const USAGE = 'Usage: npm run backup -- <target-file> [--with-files <dir>]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'with-files': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const config = configFromEnv();
if (config.databaseUrl) {
  console.error(postgresRecipe(config.dataDir));
  process.exit(1);
}
if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}
const bucket = config.fileStore.kind === 's3' ? config.fileStore.bucket : null;
if (bucket !== null && values['with-files'] !== undefined) {
  console.error(
    `The uploaded files are in the bucket "${bucket}" (FILE_STORE=s3), not in DATA_DIR: back it up with the object store's own tools (versioning or replication), and run this without --with-files.`,
  );
  process.exit(2);
}

const source = sqliteFileOf(config.dataDir);
const target = resolve(positionals[0]!);
if (!existsSync(source)) {
  console.error(`No database at ${source}: is DATA_DIR (${config.dataDir}) the server's?`);
  process.exit(1);
}
if (target === source) {
  console.error('The backup must go somewhere else than the database itself.');
  process.exit(2);
}

const started = Date.now();
const { pages, named } = await snapshot(source, target);
const size = (await stat(target)).size;
console.log(
  `Backed up ${source} to ${target}: ${megabytes(size)}, ${pages} pages, integrity ok, in ${Date.now() - started} ms.`,
);

const uploads = join(config.dataDir, 'uploads');
if (bucket !== null) {
  console.log(
    `Not in this file: the uploaded files (the backup names ${named.length}), which are in the bucket "${bucket}". Back it up with the object store's own tools.`,
  );
} else if (values['with-files'] !== undefined) {
  const dir = resolve(values['with-files']);
  const copied = await copyTree(uploads, dir);
  const missing = named.filter((key) => !existsSync(join(dir, key.slice(0, 2), key.slice(2, 4), key)));
  console.log(
    `Copied the uploaded files from ${uploads} to ${dir}: ${copied.copied} new (${megabytes(copied.bytes)}), ${copied.kept} already there.`,
  );
  if (missing.length) {
    // Deleted between the snapshot and the copy, or lost from the uploads folder before: say so, do not hide it.
    console.error(
      `${missing.length} of the ${named.length} files the backup names are missing: ${missing.join(', ')}`,
    );
    process.exit(1);
  }
  console.log(`Every one of the ${named.length} files the backup names is there.`);
  console.log(
    `To restore: stop the server, put ${basename(target)} at DATA_DIR/pathbuilder.sqlite (with no -wal or -shm file beside it) and ${dir} at DATA_DIR/uploads, start it.`,
  );
} else {
  console.log(
    `Not in this file: the uploaded files (the backup names ${named.length}). Copy ${uploads} too, e.g.\n` +
      `  rsync -a --exclude .incoming ${uploads}/ <backup-dir>/uploads/\n` +
      'or run again with --with-files <dir>.',
  );
}

/**
 * Copies the live database to `target` through a temporary file beside it; returns the pages copied and the
 * file-store keys the copy names. One backup step takes every page: a single read transaction, so a
 * consistent snapshot that writers (WAL) do not wait for, and that their commits cannot make restart.
 */
async function snapshot(from: string, to: string): Promise<{ pages: number; named: string[] }> {
  await mkdir(dirname(to), { recursive: true });
  const temp = join(dirname(to), `.${basename(to)}.${randomBytes(6).toString('hex')}.tmp`);
  const live = new DatabaseSync(from);
  try {
    live.exec('PRAGMA busy_timeout = 5000;');
    const pages = await backup(live, temp, { rate: 2 ** 31 - 1 });
    let named: string[];
    const check = new DatabaseSync(temp);
    try {
      // One self-contained file (no -wal beside it to lose); the server turns WAL on again when it opens it.
      check.exec('PRAGMA journal_mode = DELETE;');
      const result = check.prepare('PRAGMA quick_check').get() as { quick_check?: string } | undefined;
      if (result?.quick_check !== 'ok')
        throw new Error(`the copy failed its check: ${String(result?.quick_check)}`);
      // The file-store keys (content hashes) of the uploads the copy names.
      named = (check.prepare('SELECT DISTINCT hash FROM files').all() as Array<{ hash: string }>).map(
        (r) => r.hash,
      );
    } finally {
      check.close();
    }
    syncFile(temp);
    await rename(temp, to);
    syncFile(dirname(to));
    return { pages, named };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    live.close();
  }
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Copies what `to` lacks of `from` (not `.incoming`, the uploads still being checked), each file atomically. */
async function copyTree(from: string, to: string): Promise<{ copied: number; kept: number; bytes: number }> {
  const totals = { copied: 0, kept: 0, bytes: 0 };
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (dir === from && entry.name === '.incoming') continue;
        await walk(path);
        continue;
      }
      if (!entry.isFile()) continue;
      const dest = join(to, relative(from, path));
      const [info, there] = await Promise.all([stat(path), stat(dest).catch(() => null)]);
      // Named by their content: a file of that name and size is that file.
      if (there?.size === info.size) {
        totals.kept++;
        continue;
      }
      await mkdir(dirname(dest), { recursive: true });
      const temp = `${dest}.${randomBytes(6).toString('hex')}.tmp`;
      await copyFile(path, temp);
      syncFile(temp);
      await rename(temp, dest);
      totals.copied++;
      totals.bytes += info.size;
    }
  };
  await walk(from);
  return totals;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function postgresRecipe(dataDir: string): string {
  return [
    'DATABASE_URL is set: this command backs up SQLite only. For PostgreSQL use its own tools (they take a',
    'consistent snapshot while the server runs):',
    '',
    '  pg_dump -Fc -d "$DATABASE_URL" -f pathbuilder-$(date +%F).dump',
    '',
    'To restore into a fresh database, then point DATABASE_URL at it and start the server:',
    '',
    '  createdb pathbuilder_restored',
    '  pg_restore --no-owner --exit-on-error -d pathbuilder_restored pathbuilder-YYYY-MM-DD.dump',
    '',
    `Uploaded files are not in the database: copy ${join(dataDir, 'uploads')} as well, e.g.`,
    `  rsync -a --exclude .incoming ${join(dataDir, 'uploads')}/ <backup-dir>/uploads/`,
  ].join('\n');
}

import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * How many of a file's first bytes the store keeps aside, so its type can be told from its content: enough to
 * read the first entry names of an Office zip and to check that a text file is text.
 */
export const HEAD_BYTES = 16 * 1024;

/** A file written to the store but not yet visible under its key: the caller checks it, then keeps or drops it. */
export interface StagedFile {
  /** The SHA-256 of the content, hex: the key it is kept under once committed. */
  key: string;
  size: number;
  /** The first HEAD_BYTES bytes (fewer for a shorter file). */
  head: Buffer;
  /** Makes it readable under `key` (a file with the same content already there is simply kept). */
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export class FileTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`The file is larger than ${limit} bytes.`);
    this.limit = limit;
  }
}

/**
 * Where uploaded bytes live, by content hash. One small interface, so an S3-compatible store can replace the
 * disk one (DESIGN.md section 2): what the database keeps is only the key.
 */
export interface FileStore {
  /** Streams `source` in (never whole in memory), refusing it past `maxBytes` with FileTooLargeError. */
  put(source: Readable, maxBytes: number): Promise<StagedFile>;
  /** The content, or the bytes `start`..`end` (inclusive) of it; null when there is no such key. */
  get(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ stream: Readable; size: number } | null>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Throws, saying why, when the store cannot be written to now (for a readiness check). */
  check(): Promise<void>;
  /** Lets go of what the store holds open (connections); the app calls it when it closes. */
  close(): Promise<void>;
}

/** A content key: the SHA-256 of the bytes, hex. Anything else is never a file. */
export const KEY = /^[a-f0-9]{64}$/;

/** Where a key lives below the store's root, in either store: `ab/cd/abcd…`. */
export function keyPath(key: string): string {
  if (!KEY.test(key)) throw new Error('Not a file key.');
  return `${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;
}

/**
 * A pass-through that counts, hashes and keeps the first HEAD_BYTES of what flows through it, and fails with
 * FileTooLargeError (cutting the flow) as soon as more than `maxBytes` have passed: both stores put through it.
 */
export function createMeter(maxBytes: number): {
  stream: Transform;
  /** True once the stream was cut for going past `maxBytes`. */
  tooLarge: () => boolean;
  /** Read after the stream has ended. */
  result: () => { key: string; size: number; head: Buffer };
} {
  const hash = createHash('sha256');
  const headParts: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  let tooLarge = false;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) {
        tooLarge = true;
        return done(new FileTooLargeError(maxBytes));
      }
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength);
        headParts.push(Buffer.from(part));
        headLength += part.length;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return {
    stream,
    tooLarge: () => tooLarge,
    result: () => ({ key: hash.digest('hex'), size, head: Buffer.concat(headParts) }),
  };
}

/**
 * A staged file from what the meter saw and the store's two ways of settling it: the first of commit and
 * discard does its work, and every later call does nothing (the caller discards in a `finally`).
 */
export function settleOnce(
  seen: { key: string; size: number; head: Buffer },
  settle: { commit(key: string): Promise<void>; discard(): Promise<void> },
): StagedFile {
  let settled = false;
  const once = (work: () => Promise<void>) => async () => {
    if (settled) return;
    settled = true;
    await work();
  };
  return {
    ...seen,
    commit: once(() => settle.commit(seen.key)),
    discard: once(() => settle.discard()),
  };
}

/** Node's default read size for a file stream, kept for long reads (below). */
const DEFAULT_READ_BYTES = 64 * 1024;
/** The read size for short reads: a quarter of the reads (and of the writes to the socket) of the default. */
const SHORT_READ_BYTES = 256 * 1024;
/** Up to this length a read counts as short. */
const SHORT_READ_MAX = 4 * 1024 * 1024;

/**
 * How many bytes a file stream reads at a time for a read of `length` bytes. A short read (a video player's or
 * pdf.js's range, a small file) is read in bigger pieces: fewer trips to the thread pool and fewer writes to
 * the socket per byte. A long one (`bytes=0-` of a whole video, which a player reads as it plays and so holds
 * paused) keeps Node's 64 KiB, since a paused stream holds up to this much in memory for as long as it lasts.
 */
export function readChunkBytes(length: number): number {
  if (length > SHORT_READ_MAX) return DEFAULT_READ_BYTES;
  return Math.max(1, Math.min(SHORT_READ_BYTES, length));
}

/**
 * Files under `root` named by their SHA-256, two levels of two-character folders deep (ab/cd/abcd…), so no
 * folder ever holds more than a few hundred entries. An upload is written to `root/.incoming` first and renamed
 * into place only when it is accepted: a refused or broken upload leaves nothing behind under a key.
 */
export function createDiskFileStore(root: string): FileStore {
  const incoming = join(root, '.incoming');
  const pathOf = (key: string) => join(root, ...keyPath(key).split('/'));

  const sizeOf = async (key: string) => {
    if (!KEY.test(key)) return null;
    const info = await stat(pathOf(key)).catch(() => null);
    return info?.isFile() ? info.size : null;
  };

  return {
    async put(source, maxBytes) {
      await mkdir(incoming, { recursive: true });
      const temp = join(incoming, randomBytes(16).toString('hex'));
      const meter = createMeter(maxBytes);
      try {
        await pipeline(source, meter.stream, createWriteStream(temp, { flags: 'wx' }));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return settleOnce(meter.result(), {
        async commit(key) {
          const target = pathOf(key);
          await mkdir(join(target, '..'), { recursive: true });
          // Same content, same name: renaming over it replaces identical bytes, atomically.
          await rename(temp, target);
        },
        discard: () => rm(temp, { force: true }),
      });
    },

    async get(key, range) {
      const size = await sizeOf(key);
      if (size === null) return null;
      const stream = createReadStream(pathOf(key), {
        highWaterMark: readChunkBytes(range ? range.end - range.start + 1 : size),
        ...(range ? { start: range.start, end: range.end } : {}),
      });
      return { stream, size };
    },

    size: sizeOf,

    // A probe written and removed where uploads land: "exists" is not enough (a read-only or full disk passes
    // a permission check, and root passes every one).
    async check() {
      await mkdir(incoming, { recursive: true });
      const probe = join(incoming, `.check-${randomBytes(8).toString('hex')}`);
      try {
        await writeFile(probe, 'ok', { flag: 'wx' });
      } finally {
        await rm(probe, { force: true });
      }
    },

    async delete(key) {
      await unlink(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },

    async close() {},
  };
}

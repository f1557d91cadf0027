import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { S3Config } from '../../src/server/config.ts';
import {
  createDiskFileStore,
  FileTooLargeError,
  keyPath,
  type FileStore,
} from '../../src/server/features/files/file-store.ts';
import { createS3FileStore, MIN_PART_SIZE } from '../../src/server/features/files/s3-file-store.ts';
import { filesUnder } from './factories/stored-files.ts';
import { bucketKeys, createTestBucket, dropTestBucket } from './factories/test-buckets.ts';

const MB = 1024 * 1024;

/** Bytes that differ at every offset (a shifted copy would not compare equal), sent in 64 KB chunks. */
function sample(size: number, seed = 0): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed + (i >> 16)) % 251;
  return bytes;
}
function chunked(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
    })(),
  );
}
async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

// The contract both stores keep (the API suites run on both too: files*.test.ts).
describe.each(['disk', 's3'] as const)('file store (%s)', (kind) => {
  let store: FileStore;
  let list: () => Promise<string[]>;
  let bucket: S3Config | undefined;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'pathbuilder-store-'));
    if (kind === 's3') {
      const config = await createTestBucket();
      bucket = config;
      // The smallest part S3 allows, so a 12 MB file is three parts.
      store = createS3FileStore(config, { partSize: MIN_PART_SIZE });
      list = () => bucketKeys(config);
    } else {
      const uploads = join(root, 'uploads');
      store = createDiskFileStore(uploads);
      list = async () =>
        filesUnder(uploads)
          .map((f) => relative(uploads, f).split(sep).join('/'))
          .sort();
    }
  });
  afterAll(async () => {
    await store.close();
    if (bucket) await dropTestBucket(bucket);
    rmSync(root, { recursive: true, force: true });
  });

  it('streams a file larger than a part in, under its SHA-256, with its first bytes; reads it back whole', async () => {
    const bytes = sample(12 * MB + 123);
    const staged = await store.put(chunked(bytes), 20 * MB);
    expect(staged.size).toBe(bytes.length);
    expect(staged.head.equals(bytes.subarray(0, 16 * 1024))).toBe(true);
    // Not readable until committed.
    expect(await store.get(staged.key)).toBeNull();
    await staged.commit();
    expect(await list()).toEqual([keyPath(staged.key)]);
    expect(await store.size(staged.key)).toBe(bytes.length);
    const whole = await store.get(staged.key);
    expect(whole?.size).toBe(bytes.length);
    expect((await readAll(whole!.stream)).equals(bytes)).toBe(true);
    await store.delete(staged.key);
  });

  it('reads ranges (inside a part, across parts, the last byte) and gives the whole size with each', async () => {
    const bytes = sample(11 * MB, 7);
    const staged = await store.put(chunked(bytes), 20 * MB);
    await staged.commit();
    for (const [start, end] of [
      [0, 9],
      [MIN_PART_SIZE - 5, MIN_PART_SIZE + 4],
      // A player's 1 MB piece at an odd offset, one of exactly 4 MB, one just past it (read in other sizes).
      [1001, 1001 + MB - 1],
      [3, 3 + 4 * MB - 1],
      [5, 5 + 4 * MB],
      [bytes.length - 1, bytes.length - 1],
    ] as const) {
      const got = await store.get(staged.key, { start, end });
      expect(got?.size).toBe(bytes.length);
      expect((await readAll(got!.stream)).equals(bytes.subarray(start, end + 1))).toBe(true);
    }
    await store.delete(staged.key);
  });

  it('refuses a file past maxBytes while it streams, leaving nothing (no object, no unfinished upload)', async () => {
    const before = await list();
    await expect(store.put(chunked(sample(13 * MB)), 12 * MB)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await list()).toEqual(before);
    // s3rver keeps an unfinished multipart upload's parts in a folder of its own: the abort emptied it.
    const directory = inject('s3Directory');
    if (bucket && directory) {
      const pending = join(directory, bucket.bucket, '._S3rver_uploads');
      expect(readdirSync(pending)).toEqual([]);
    }
  });

  it('keeps one copy of the same content put twice; a discarded upload leaves nothing', async () => {
    const bytes = sample(300 * 1024, 3);
    const first = await store.put(chunked(bytes), MB);
    const second = await store.put(chunked(bytes), MB);
    expect(second.key).toBe(first.key);
    await first.commit();
    await second.commit();
    expect(await list()).toEqual([keyPath(first.key)]);

    const other = await store.put(chunked(sample(1000, 9)), MB);
    expect((await list()).length).toBe(2); // the first, and this one waiting as a temporary upload
    await other.discard();
    expect(await list()).toEqual([keyPath(first.key)]);
    expect(await store.get(other.key)).toBeNull();
  });

  it('deletes an object (twice is fine); a missing or malformed key reads as nothing', async () => {
    const staged = await store.put(chunked(sample(5000, 5)), MB);
    await staged.commit();
    await store.delete(staged.key);
    await store.delete(staged.key);
    expect(await store.get(staged.key)).toBeNull();
    expect(await store.size(staged.key)).toBeNull();
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(await store.size('not-a-key')).toBeNull();
    expect(await list()).not.toContain(keyPath(staged.key));
  });

  it('passes its readiness check when reachable, and says why when not', async () => {
    await expect(store.check()).resolves.toBeUndefined();
    // A bucket that is not there; a folder that cannot be made (a file stands where it should be).
    writeFileSync(join(root, 'a-file'), 'not a folder');
    const broken =
      kind === 's3'
        ? createS3FileStore({ ...bucket!, bucket: 'no-such-bucket-here' })
        : createDiskFileStore(join(root, 'a-file', 'uploads'));
    await expect(broken.check()).rejects.toThrow(kind === 's3' ? /no-such-bucket-here.*HTTP 404/ : /ENOTDIR/);
    await broken.close();
  });

  it.runIf(kind === 's3')(
    'says so in time when nothing answers at the endpoint, or nothing listens',
    async () => {
      // Accepts connections and never answers (a hung server, a black-holing firewall).
      const silent = createServer(() => {});
      await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
      const { port } = silent.address() as AddressInfo;
      const hung = createS3FileStore(
        { ...bucket!, endpoint: `http://127.0.0.1:${port}` },
        { checkTimeoutMs: 300 },
      );
      const started = Date.now();
      await expect(hung.check()).rejects.toThrow(/not reachable .*no answer in 0.3 s/);
      expect(Date.now() - started).toBeLessThan(3000);
      await hung.close();
      silent.close();
      const closed = createS3FileStore({ ...bucket!, endpoint: `http://127.0.0.1:${port}` });
      await expect(closed.check()).rejects.toThrow(/ECONNREFUSED/);
      await closed.close();
    },
  );
});

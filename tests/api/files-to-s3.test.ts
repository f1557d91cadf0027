import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyUploadsToBucket } from '../../scripts/files-to-s3.ts';
import type { S3Config } from '../../src/server/config.ts';
import { buildApp } from '../../src/server/app.ts';
import { createDiskFileStore, keyPath } from '../../src/server/features/files/file-store.ts';
import { createS3FileStore, MIN_PART_SIZE } from '../../src/server/features/files/s3-file-store.ts';
import { PNG } from './factories/file-samples.ts';
import { multipart } from './factories/multipart.ts';
import { bucketKeys, createTestBucket, dropTestBucket } from './factories/test-buckets.ts';
import { createUser } from './factories/users.ts';
import { startTestApp } from './helpers.ts';

const MB = 1024 * 1024;
const run = promisify(execFile);

/** Puts `bytes` into a disk store as an upload would, and returns the key. */
async function onDisk(uploads: string, bytes: Buffer): Promise<string> {
  const staged = await createDiskFileStore(uploads).put(Readable.from([bytes]), bytes.length);
  await staged.commit();
  return staged.key;
}

describe('npm run files:to-s3: disk uploads into the bucket', () => {
  let bucket: S3Config;
  let root: string;
  beforeAll(async () => {
    bucket = await createTestBucket();
    root = mkdtempSync(join(tmpdir(), 'pathbuilder-to-s3-'));
  });
  afterAll(async () => {
    await dropTestBucket(bucket);
    rmSync(root, { recursive: true, force: true });
  });

  it('copies every content file once, skips what is there, picks up where it stopped, refuses a damaged one', async () => {
    const uploads = join(root, 'copy', 'uploads');
    const big = Buffer.alloc(6 * MB + 5, 9); // two parts
    const keys = [
      await onDisk(uploads, big),
      await onDisk(uploads, PNG),
      await onDisk(uploads, Buffer.from('a')),
    ];
    // An unfinished upload and a stray file are not content: left out, and said so.
    mkdirSync(join(uploads, '.incoming'), { recursive: true });
    writeFileSync(join(uploads, '.incoming', 'abc'), 'half');
    writeFileSync(join(uploads, 'notes.txt'), 'hello');
    // A question image from before the file store: served from disk by /api/uploads/, not copied.
    writeFileSync(join(uploads, `${'e'.repeat(64)}.png`), PNG);
    const store = createS3FileStore(bucket, { partSize: MIN_PART_SIZE });

    const first = await copyUploadsToBucket(uploads, store);
    expect(first).toMatchObject({ found: 3, uploaded: 3, alreadyThere: 0, failed: [] });
    expect(first.bytesUploaded).toBe(big.length + PNG.length + 1);
    expect(first.ignored.sort()).toEqual([join(uploads, '.incoming', 'abc'), join(uploads, 'notes.txt')]);
    expect(first.legacyImages).toEqual([join(uploads, `${'e'.repeat(64)}.png`)]);
    expect(await bucketKeys(bucket)).toEqual(keys.map(keyPath).sort());
    const back = await store.get(keys[0]!);
    const parts: Buffer[] = [];
    for await (const part of back!.stream) parts.push(part as Buffer);
    expect(Buffer.concat(parts).equals(big)).toBe(true);

    // Again: nothing to do.
    expect(await copyUploadsToBucket(uploads, store)).toMatchObject({ uploaded: 0, alreadyThere: 3 });

    // Stopped half way (one object missing): only that one goes.
    await store.delete(keys[1]!);
    expect(await copyUploadsToBucket(uploads, store)).toMatchObject({ uploaded: 1, alreadyThere: 2 });

    // A file whose bytes no longer match its name is reported, not copied under that name.
    const damaged = keys[2]!;
    await store.delete(damaged);
    writeFileSync(join(uploads, keyPath(damaged)), 'b');
    const report = await copyUploadsToBucket(uploads, store);
    expect(report).toMatchObject({ uploaded: 0, alreadyThere: 2 });
    expect(report.failed).toEqual([{ key: damaged, reason: expect.stringMatching(/damaged/) }]);
    expect(await bucketKeys(bucket)).toEqual([keys[0]!, keys[1]!].map(keyPath).sort());
    await store.close();
  });

  it('runs from the command line with the S3_* settings, and the app then serves the old files from the bucket', async () => {
    // An app on disk, as before, with a file uploaded through it.
    const t = await startTestApp('sqlite', { seed: 'none' }, { store: 'disk' });
    const own = await createTestBucket();
    try {
      const admin = await createUser(t, { is_admin: 1 });
      const token = await t.login(admin.email, admin.password);
      const up = await t.request({
        method: 'POST',
        url: '/api/admin/files?kind=image',
        token,
        ...multipart('old.png', PNG),
      });
      expect(up.statusCode).toBe(201);

      const env = {
        ...process.env,
        DATA_DIR: t.ctx.config.dataDir,
        S3_ENDPOINT: own.endpoint!,
        S3_BUCKET: own.bucket,
        S3_ACCESS_KEY_ID: own.accessKeyId,
        S3_SECRET_ACCESS_KEY: own.secretAccessKey,
      };
      const { stdout } = await run(process.execPath, ['scripts/files-to-s3.ts'], { env });
      expect(stdout).toMatch(/1 files on disk: 1 uploaded .* 0 already in the bucket, 0 failed/);
      expect((await run(process.execPath, ['scripts/files-to-s3.ts'], { env })).stdout).toMatch(
        /0 uploaded .* 1 already in the bucket/,
      );

      // The same database with FILE_STORE=s3: the file uploaded to disk is read, with Range, from the bucket.
      const moved = await buildApp({ ...t.ctx.config, seed: 'none', fileStore: { kind: 's3', ...own } });
      try {
        rmSync(join(t.ctx.config.dataDir, 'uploads'), { recursive: true, force: true });
        const got = await moved.app.inject({
          method: 'GET',
          url: up.json().file.url,
          headers: { authorization: `Bearer ${token}`, range: 'bytes=1-3' },
        });
        expect(got.statusCode).toBe(206);
        expect(got.rawPayload.equals(PNG.subarray(1, 4))).toBe(true);
      } finally {
        await moved.app.close();
      }
    } finally {
      await t.close();
      await dropTestBucket(own);
    }
  });

  it('refuses to start without the bucket settings, naming them', async () => {
    const env = {
      ...process.env,
      DATA_DIR: root,
      S3_BUCKET: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
    };
    await expect(run(process.execPath, ['scripts/files-to-s3.ts'], { env })).rejects.toMatchObject({
      stderr: expect.stringMatching(/FILE_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/),
    });
  });
});

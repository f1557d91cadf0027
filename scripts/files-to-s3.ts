/**
 * npm run files:to-s3: copies the uploaded files in DATA_DIR/uploads into the S3 bucket that the S3_* settings
 * name, under the same content keys, so that FILE_STORE=s3 then serves every file already recorded. The
 * database is not touched (it keeps only the keys).
 *
 * Safe to run again and to stop half way: a file already in the bucket with its size is skipped, and each one
 * is streamed through the store's own upload (hashed on the way, so a damaged file is reported rather than
 * copied) and checked for size in the bucket afterwards. Exits 1 when any file failed.
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { configFromEnv, fileStoreFromEnv } from '../src/server/config.ts';
import { KEY, type FileStore } from '../src/server/features/files/file-store.ts';

export interface CopyReport {
  /** Content files found on disk. */
  found: number;
  uploaded: number;
  /** Already in the bucket with the same size: left as they were. */
  alreadyThere: number;
  bytesUploaded: number;
  /**
   * Question images of the form before the file store (`uploads/<sha256>.png`, served by /api/uploads/): the
   * bucket does not serve them (that public route must not reach the store's private files), so they stay on
   * disk and are copied to every host's DATA_DIR/uploads by hand.
   */
  legacyImages: string[];
  /** Anything else under uploads/ that is not a content file (an unfinished upload in .incoming, a stray file). */
  ignored: string[];
  failed: Array<{ key: string; reason: string }>;
}

const LEGACY_IMAGE = /^[a-f0-9]{64}\.(png|jpg|gif|webp)$/;

/** The content files under `root`: `ab/cd/abcd…`, named by their SHA-256 and filed by its first characters. */
async function contentFiles(
  root: string,
  report: Pick<CopyReport, 'ignored' | 'legacyImages'>,
): Promise<Array<{ key: string; path: string }>> {
  const found: Array<{ key: string; path: string }> = [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      // Nothing was ever uploaded: nothing to copy.
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const expected = KEY.test(entry.name)
      ? join(root, entry.name.slice(0, 2), entry.name.slice(2, 4), entry.name)
      : null;
    if (path === expected) found.push({ key: entry.name, path });
    else if (entry.parentPath === root && LEGACY_IMAGE.test(entry.name)) report.legacyImages.push(path);
    else report.ignored.push(path);
  }
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * Copies every content file under `root` that `bucket` lacks (or holds with another size) into it, `parallel`
 * at a time, and reports what it did.
 */
export async function copyUploadsToBucket(
  root: string,
  bucket: FileStore,
  options: { parallel?: number; log?: (line: string) => void } = {},
): Promise<CopyReport> {
  const log = options.log ?? (() => {});
  const report: CopyReport = {
    found: 0,
    uploaded: 0,
    alreadyThere: 0,
    bytesUploaded: 0,
    legacyImages: [],
    ignored: [],
    failed: [],
  };
  const files = await contentFiles(root, report);
  report.found = files.length;

  async function copyOne({ key, path }: { key: string; path: string }): Promise<void> {
    const size = (await stat(path)).size;
    const there = await bucket.size(key);
    if (there === size) {
      report.alreadyThere++;
      return;
    }
    // Another size under a content key is a broken copy: it goes, or the commit below would keep it.
    if (there !== null) await bucket.delete(key);
    const staged = await bucket.put(createReadStream(path), size);
    if (staged.key !== key) {
      await staged.discard();
      throw new Error('its content no longer matches its name (damaged on disk): not copied');
    }
    await staged.commit();
    const copied = await bucket.size(key);
    if (copied !== size)
      throw new Error(`${copied ?? 'no'} bytes in the bucket after the upload, not ${size}`);
    report.uploaded++;
    report.bytesUploaded += size;
  }

  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      await copyOne(file).catch((error: unknown) => {
        report.failed.push({ key: file.key, reason: (error as Error).message });
        log(`failed ${file.key}: ${(error as Error).message}`);
      });
      if (++done % 100 === 0) log(`${done} of ${files.length} files looked at`);
    }
  };
  await Promise.all(Array.from({ length: options.parallel ?? 4 }, worker));
  return report;
}

/** The command: DATA_DIR/uploads into the bucket of the S3_* settings; a message and exit code 1 on any failure. */
async function main(): Promise<void> {
  const config = configFromEnv();
  // The bucket is the one FILE_STORE=s3 will use: its settings are required even while FILE_STORE is still disk.
  const target = fileStoreFromEnv({ ...process.env, FILE_STORE: 's3' });
  if (target.kind !== 's3') return;
  const { createS3FileStore } = await import('../src/server/features/files/s3-file-store.ts');
  const bucket = createS3FileStore(target);
  const root = join(config.dataDir, 'uploads');
  try {
    await bucket.check();
    console.log(`Copying ${root} to bucket "${target.bucket}" at ${target.endpoint ?? 'AWS'}...`);
    const report = await copyUploadsToBucket(root, bucket, { log: (line) => console.log(line) });
    const mb = (report.bytesUploaded / 1024 / 1024).toFixed(1);
    console.log(
      `${report.found} files on disk: ${report.uploaded} uploaded (${mb} MB), ${report.alreadyThere} already in the bucket, ${report.failed.length} failed; ${report.ignored.length} other entries ignored.`,
    );
    if (report.legacyImages.length)
      console.log(
        `${report.legacyImages.length} question images of the older /api/uploads form stay on disk: copy them (${root}/*.png, .jpg, .gif, .webp) to every host's DATA_DIR/uploads.`,
      );
    if (report.failed.length) process.exitCode = 1;
    else console.log('Every file is in the bucket: set FILE_STORE=s3 and restart.');
  } finally {
    await bucket.close();
  }
}

if (import.meta.main) {
  await main().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exitCode = 1;
  });
}

import { randomBytes } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../../config.ts';
import { createMeter, FileTooLargeError, KEY, keyPath, settleOnce, type FileStore } from './file-store.ts';

/** Where uploads wait, under random names, until they are committed or discarded. */
export const INCOMING_PREFIX = 'incoming/';

/** S3's smallest part (but the last): a file up to this size goes in one PutObject. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;

export interface S3StoreOptions {
  /** Bytes per multipart part; at most `partSize × 2` of an upload are held in memory at once. */
  partSize?: number;
  /** How long check() waits for the bucket to answer (5 s). */
  checkTimeoutMs?: number;
}

/** The client every S3 use here shares: the settings that self-hosted servers need. */
export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestHandler: {
      // A dead host is told within seconds; a slow reader of a long video is not cut off (no idle timeout).
      connectionTimeout: 5_000,
      // Each file being read holds a connection for as long as it streams: the SDK's 50 would make a class
      // watching videos queue behind each other.
      httpAgent: { keepAlive: true, maxSockets: 512 },
      httpsAgent: { keepAlive: true, maxSockets: 512 },
    },
    // Recent SDKs add CRC checksums (and aws-chunked bodies) to every request and check them on every answer;
    // MinIO before 2025, Ceph, Garage and s3rver refuse or lack them. Only where S3 requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** S3 answers "no such key" as NoSuchKey (GET) or a bare 404 (HEAD). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket under the same keys as on disk (`ab/cd/abcd…`). An upload streams to
 * `incoming/<random>` (multipart past one part), hashing as it goes; committing copies it to its content key
 * on the server and removes the temporary object, and a refusal aborts the multipart upload: nothing is left
 * under a key, and nothing partly written is ever readable.
 */
export function createS3FileStore(config: S3Config, options: S3StoreOptions = {}): FileStore {
  const client = createS3Client(config);
  const Bucket = config.bucket;
  const partSize = Math.max(MIN_PART_SIZE, options.partSize ?? 8 * 1024 * 1024);
  const checkMs = options.checkTimeoutMs ?? 5_000;

  const remove = async (Key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key }));
  };

  const sizeOf = async (key: string): Promise<number | null> => {
    if (!KEY.test(key)) return null;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyPath(key) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    async put(source, maxBytes) {
      const temp = INCOMING_PREFIX + randomBytes(16).toString('hex');
      const meter = createMeter(maxBytes);
      // Errors go both ways: a broken source fails the upload, and a failed upload stops the source.
      const body = pipeline(source, meter.stream, () => {});
      const upload = new Upload({
        client,
        params: { Bucket, Key: temp, Body: body },
        partSize,
        queueSize: 2,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        // A multipart upload is aborted by the SDK; a single part never became an object. Removing the
        // temporary key as well costs one request and holds whatever happened.
        await remove(temp).catch(() => {});
        // The SDK's abort may fail and replace the cause: the meter knows whether the file was too large.
        if (meter.tooLarge()) throw new FileTooLargeError(maxBytes);
        throw error;
      }
      return settleOnce(meter.result(), {
        async commit(key) {
          // The same content is already there: it is these bytes, so only the temporary copy goes.
          if ((await sizeOf(key)) === null) {
            await client.send(
              new CopyObjectCommand({ Bucket, Key: keyPath(key), CopySource: `${Bucket}/${temp}` }),
            );
          }
          await remove(temp);
        },
        discard: () => remove(temp),
      });
    },

    async get(key, range) {
      if (!KEY.test(key)) return null;
      try {
        const found = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: keyPath(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        // A ranged answer gives the whole size after the slash of Content-Range.
        const total = range ? Number(/\/(\d+)$/.exec(found.ContentRange ?? '')?.[1]) : found.ContentLength;
        if (total === undefined || !Number.isFinite(total))
          throw new Error(`The S3 server gave no size for ${key}.`);
        return { stream: found.Body as Readable, size: total };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    size: sizeOf,

    async delete(key) {
      await remove(keyPath(key));
    },

    async check() {
      try {
        // A readiness probe answers in seconds, whatever the server does (the SDK would retry, then wait).
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(checkMs) });
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const aborted = (error as Error).name === 'AbortError' || (error as Error).name === 'TimeoutError';
        const why = status
          ? `HTTP ${status}`
          : aborted
            ? `no answer in ${checkMs / 1000} s`
            : (error as Error).message;
        throw new Error(`The bucket "${Bucket}" is not reachable at ${config.endpoint ?? 'AWS'}: ${why}`, {
          cause: error,
        });
      }
    },

    async close() {
      client.destroy();
    },
  };
}

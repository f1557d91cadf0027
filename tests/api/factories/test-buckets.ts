import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import type { S3Config } from '../../../src/server/config.ts';
import { createS3Client } from '../../../src/server/features/files/s3-file-store.ts';

let counter = 0;

/**
 * A new, empty bucket on the test S3 server (tests/api/s3-setup.ts), so each app's objects can be listed and
 * dropped on their own. Credentials: TEST_S3_ACCESS_KEY_ID / TEST_S3_SECRET_ACCESS_KEY, s3rver's by default.
 */
export async function createTestBucket(): Promise<S3Config> {
  const config: S3Config = {
    endpoint: inject('s3Endpoint'),
    region: process.env.TEST_S3_REGION ?? 'us-east-1',
    bucket: `t-${process.pid}-${Date.now().toString(36)}-${counter++}`,
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? 'S3RVER',
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'S3RVER',
    forcePathStyle: true,
  };
  const client = createS3Client(config);
  await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
  client.destroy();
  return config;
}

/** Every key in the bucket, sorted (temporary uploads under incoming/ too). */
export async function bucketKeys(config: S3Config): Promise<string[]> {
  const client = createS3Client(config);
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  client.destroy();
  return keys.sort();
}

/** Empties and removes a bucket that createTestBucket made. */
export async function dropTestBucket(config: S3Config): Promise<void> {
  const keys = await bucketKeys(config);
  const client = createS3Client(config);
  for (let i = 0; i < keys.length; i += 1000) {
    await client.send(
      new DeleteObjectsCommand({
        Bucket: config.bucket,
        Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) },
      }),
    );
  }
  await client.send(new DeleteBucketCommand({ Bucket: config.bucket }));
  client.destroy();
}

// The bucket the two hosts share, on the S3-protocol server of this run (tests/api/s3-setup.ts: the one CI
// started, TEST_S3_ENDPOINT, or an s3rver vitest started).
import { createTestBucket, dropTestBucket } from '../api/factories/test-buckets.ts';

export interface S3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

export async function startS3Server(): Promise<S3Server> {
  const config = await createTestBucket();
  if (!config.endpoint) throw new Error('no S3 endpoint');
  return {
    endpoint: config.endpoint,
    bucket: config.bucket,
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    stop: () => dropTestBucket(config),
  };
}

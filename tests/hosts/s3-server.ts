// The S3-protocol server the two hosts share: the one CI started (TEST_S3_ENDPOINT), else s3rver in this process.
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';

export interface S3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

export async function startS3Server(directory: string): Promise<S3Server> {
  // s3rver accepts its own fixed credentials.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const bucket = `hosts-${process.pid}`;
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    ...credentials,
    stop: () => server.close(),
  };
}

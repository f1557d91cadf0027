/**
 * An S3-protocol server for tests and CI: s3rver (npm, pure JavaScript, files in a folder), with the one call
 * the file store needs that s3rver 3.7 lacks, AbortMultipartUpload, added in front of it.
 *
 *   node scripts/s3-test-server.ts --directory .tmp/s3 --port 4568 [--address 127.0.0.1] [--bucket pathbuilder]
 *
 * Its credentials are s3rver's fixed pair, S3RVER / S3RVER; the bucket is created at start.
 */
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import S3rver, { type S3rverMiddleware } from 's3rver';

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * DELETE /bucket/key?uploadId=… drops the parts of an unfinished multipart upload (s3rver keeps them in
 * `<directory>/<bucket>/._S3rver_uploads/<id>/` and answers this call 405). Without it a refused upload's parts
 * would stay on the test server's disk, and the store's abort would fail.
 */
function abortMultipartUpload(directory: string): S3rverMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const bucket = /^\/([^/]+)\/.+/.exec(ctx.path)?.[1];
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string' || !bucket) return next();
    const dir = join(directory, bucket, '._S3rver_uploads', uploadId);
    if (!/^[a-f0-9]+$/.test(uploadId) || !(await stat(dir).catch(() => null))) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code></Error>';
      return;
    }
    await rm(dir, { recursive: true, force: true });
    ctx.status = 204;
  };
}

export async function startS3TestServer(options: {
  directory: string;
  port?: number;
  address?: string;
  buckets?: string[];
}): Promise<S3TestServer> {
  const address = options.address ?? '127.0.0.1';
  const server = new S3rver({
    address,
    port: options.port ?? 0,
    directory: options.directory,
    silent: true,
    // Path-style only: a bucket name in the host would need DNS for it.
    vhostBuckets: false,
    configureBuckets: (options.buckets ?? []).map((name) => ({ name })),
  });
  server.middleware.unshift(abortMultipartUpload(options.directory));
  const { port } = await server.run();
  return { endpoint: `http://${address}:${port}`, close: () => server.close() };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      directory: { type: 'string', default: '.tmp/s3' },
      port: { type: 'string', default: '4568' },
      address: { type: 'string', default: '127.0.0.1' },
      bucket: { type: 'string', default: 'pathbuilder' },
    },
  });
  const server = await startS3TestServer({
    directory: values.directory,
    port: Number(values.port),
    address: values.address,
    buckets: [values.bucket],
  });
  console.log(`s3rver on ${server.endpoint}, bucket "${values.bucket}", data in ${values.directory}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

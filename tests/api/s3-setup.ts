import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startS3TestServer } from '../../scripts/s3-test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The S3-protocol server the file tests use: TEST_S3_ENDPOINT, or an s3rver started for this run. */
    s3Endpoint: string;
    /** s3rver's data folder: this run's own, or TEST_S3_DIRECTORY with TEST_S3_ENDPOINT; '' when unknown. */
    s3Directory: string;
  }
}

/**
 * Vitest global setup of the api project: the file tests run on both stores without anyone starting an S3
 * server by hand. With TEST_S3_ENDPOINT set (CI starts one; or a MinIO), that one is used instead.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_S3_ENDPOINT) {
    project.provide('s3Endpoint', process.env.TEST_S3_ENDPOINT);
    // Where that server keeps its data, when it is an s3rver on this machine (the abort check reads it).
    project.provide('s3Directory', process.env.TEST_S3_DIRECTORY ?? '');
    return undefined;
  }
  const directory = mkdtempSync(join(tmpdir(), 'pathbuilder-s3-'));
  const server = await startS3TestServer({ directory });
  project.provide('s3Endpoint', server.endpoint);
  project.provide('s3Directory', directory);
  return async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  };
}

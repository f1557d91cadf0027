// s3rver ships no types: what scripts/s3-test-server.ts uses of it.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  /** The part of Koa's context (s3rver is a Koa app) that an added route needs. */
  export interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
    type: string;
  }
  export type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>;

  export interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list, composed when the server starts listening. */
    middleware: S3rverMiddleware[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

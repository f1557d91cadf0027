import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../../src/server/app.ts';
import { configFromEnv, type AppConfig, type S3Config } from '../../src/server/config.ts';
import { filesUnder } from './factories/stored-files.ts';
import { bucketKeys, createTestBucket, dropTestBucket } from './factories/test-buckets.ts';

export type DialectName = 'sqlite' | 'postgres';

/** Every API suite runs against SQLite, and against PostgreSQL too when TEST_DATABASE_URL is set. */
export const dialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export type StoreName = 'disk' | 's3';

/** Where a test app keeps uploads unless told: TEST_FILE_STORE=s3 runs every suite on the bucket store. */
export const defaultStore: StoreName = process.env.TEST_FILE_STORE === 's3' ? 's3' : 'disk';

/** The file suites run on both stores, on every dialect: [dialect, store] pairs for describe.each. */
export const dialectsAndStores: Array<[DialectName, StoreName]> = dialects.flatMap((d) =>
  (['disk', 's3'] as const).map((s): [DialectName, StoreName] => [d, s]),
);

export interface TestApp extends BuiltApp {
  /** What the file store holds, as paths below its root (`ab/cd/abcd…`, temporary uploads included), sorted. */
  storedFiles(): Promise<string[]>;
  close(): Promise<void>;
  request(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  login(email: string, password?: string): Promise<string>;
}

let counter = 0;

/**
 * A fresh app on a fresh database (a temp SQLite file, or a PostgreSQL schema of its own) and a fresh file
 * store: `DATA_DIR/uploads`, or a bucket of its own on the test S3 server.
 */
export async function startTestApp(
  dialect: DialectName,
  overrides: Partial<AppConfig> = {},
  options: { store?: StoreName } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pathbuilder-test-'));
  const bucket: S3Config | undefined =
    (options.store ?? defaultStore) === 's3' ? await createTestBucket() : undefined;
  let schema: string | undefined;
  const url = process.env.TEST_DATABASE_URL;
  if (dialect === 'postgres') {
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    schema = `t_${process.pid}_${Date.now()}_${counter++}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const config: AppConfig = {
    ...configFromEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://pathbuilder.test' }),
    databaseUrl: dialect === 'postgres' ? url : undefined,
    pgSchema: schema,
    staticDir: undefined,
    passwordHashing: { memoryKiB: 1024, passes: 1, parallelism: 1, maxConcurrent: 2 },
    fileStore: bucket ? { kind: 's3', ...bucket } : { kind: 'disk' },
    ...overrides,
  };
  const built = await buildApp(config);
  const request: TestApp['request'] = ({ token, headers, ...opts }) =>
    built.app.inject({
      ...opts,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const uploads = join(dataDir, 'uploads');
  return {
    ...built,
    request,
    storedFiles: async () =>
      bucket
        ? bucketKeys(bucket)
        : filesUnder(uploads)
            .map((f) => relative(uploads, f).split(sep).join('/'))
            .sort(),
    async login(email, password = 'pathbuilder-demo') {
      const res = await request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().access_token as string;
    },
    async close() {
      await built.app.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (bucket) await dropTestBucket(bucket);
      if (schema && url) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      }
    },
  };
}

/** Reads the newest mail to an address from the outbox and returns its link. */
export async function lastMailLink(app: BuiltApp, to: string): Promise<string> {
  // Mail goes out after the response (so its timing reveals nothing): wait for it.
  await app.ctx.tasks.idle();
  const row = await app.ctx.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+/.exec(row.text_body)?.[0];
  if (!link) throw new Error(`no link in mail to ${to}`);
  return link;
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type Agent, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../../src/server/app.ts';
import { configFromEnv, type AppConfig } from '../../src/server/config.ts';
import type { DialectName } from './helpers.ts';

// The real server as an operator runs it (node src/server/main.ts, its own process), on a database of its
// own: what the graceful-stop and backup tests need, which an in-process app cannot show (signals, exit codes,
// a database file or dump taken from outside).

const MAIN = join(import.meta.dirname, '../../src/server/main.ts');

/** A database for one test: a temp DATA_DIR (SQLite file and uploads), and on PostgreSQL a database of its own. */
export interface TestDatabase {
  dialect: DialectName;
  dataDir: string;
  /** PostgreSQL: the database's URL. */
  databaseUrl?: string;
  /** The environment a server process needs for it. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

let counter = 0;

/** Runs SQL as the PostgreSQL superuser of TEST_DATABASE_URL (create/drop database). */
export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A URL for database `name` on TEST_DATABASE_URL's server. */
export function databaseUrlOf(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createTestDatabase(dialect: DialectName, label: string): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `pathbuilder-${label}-`));
  let name: string | undefined;
  if (dialect === 'postgres') {
    if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    name = `pb_${label.replace(/\W/g, '_')}_${process.pid}_${Date.now()}_${counter++}`;
    await adminQuery(`create database ${name}`);
  }
  const databaseUrl = name ? databaseUrlOf(name) : undefined;
  return {
    dialect,
    dataDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      if (name) await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** The app in this process on that database (to build fixtures through the API, or to read what was stored). */
export async function appOn(db: TestDatabase, overrides: Partial<AppConfig> = {}): Promise<BuiltApp> {
  return buildApp({
    ...configFromEnv({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://pathbuilder.test' }),
    databaseUrl: db.databaseUrl,
    staticDir: undefined,
    passwordHashing: { memoryKiB: 1024, passes: 1, parallelism: 1, maxConcurrent: 2 },
    seed: 'none',
    ...overrides,
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code (null: killed by a signal) once it has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, and wait for the exit. */
  stop(): Promise<number | null>;
}

/** Starts `node src/server/main.ts` on a port the system picks, and resolves once it prints its ready line. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'none',
      WORKERS: '1',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line within 60 s:\n${out}`)), 60_000);
    const look = () => {
      const m = /Pathbuilder ready at http:\/\/127\.0\.0\.1:(\d+) /.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', look);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before it was ready:\n${out}`));
    });
  });
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** When the answer had fully arrived (Date.now()). */
  at: number;
}

/** One HTTP request with node:http (whose answers show the Connection header, which fetch() hides). */
export function send(
  baseUrl: string,
  o: { method: string; path: string; token?: string; body?: unknown; agent?: Agent },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
    const req = httpRequest(
      `${baseUrl}${o.path}`,
      {
        method: o.method,
        agent: o.agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, at: Date.now() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

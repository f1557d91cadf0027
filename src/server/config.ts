import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

export interface PasswordHashingConfig {
  /** argon2id cost. OWASP: m=19 MiB, t=2, p=1. Tests lower it to keep the suite fast. */
  memoryKiB: number;
  passes: number;
  parallelism: number;
  /** How many hashes may run at once; the rest queue, so a class logging in does not starve other requests. */
  maxConcurrent: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  pgSchema?: string;
  appKey?: string;
  appUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  seed: 'demo' | 'none';
  staticDir?: string;
  logLevel: string;
  /** `pretty` (one readable line per entry) or `json`; default: pretty on a terminal, JSON otherwise. */
  logFormat: 'pretty' | 'json';
  passwordHashing: PasswordHashingConfig;
  /**
   * Failed logins allowed per (account, address) pair in one window before 429; ten times that per address
   * and per account across addresses (see the login throttle in auth.service.ts).
   */
  loginMaxFailures: number;
  loginWindowMs: number;
  /** Registration attempts per address per hour (every attempt counts, so it also caps e-mail probing). */
  registrationsPerHour: number;
  /** Announcements one author may write per hour (each can notify a whole school). */
  announcementsPerHour: number;
  /**
   * Live discussion event streams: a heartbeat this often, each one checking the stream's sign-in and access
   * again; at most this many open per account and in all, on each process (live-streams.ts).
   */
  live: { heartbeatMs: number; streamsPerUser: number; streamsPerProcess: number };
  /**
   * Which proxies may speak for the client in X-Forwarded-For: false (none), a hop count (1 = only the
   * nearest proxy, so only the last entry counts), or the proxies' addresses/CIDRs.
   */
  trustProxy: boolean | number | string[];
  /** Server processes behind the one port (main.ts, node:cluster); 1 runs the server in this process. */
  workers: number;
  /** Whether this process runs the periodic sweeps (expired attempts and sessions): one process in a cluster. */
  sweeps: boolean;
  /**
   * A graceful stop (SIGTERM, main.ts): readiness answers 503 at once; the server goes on serving for
   * `drainDelayMs` (so a load balancer that polls /api/health/ready has time to stop sending), then stops
   * accepting, ends its event streams with a reconnect hint and lets running requests finish, for at most
   * `drainTimeoutMs`, after which it exits with 1.
   */
  drainDelayMs: number;
  drainTimeoutMs: number;
  /** Where uploaded files live: `DATA_DIR/uploads` (one machine) or an S3-compatible bucket (several). */
  fileStore: FileStoreConfig;
  version: string;
}

export type FileStoreConfig = { kind: 'disk' } | ({ kind: 's3' } & S3Config);

export interface S3Config {
  /** Unset: AWS's own endpoint for the region; set for MinIO, Garage, Ceph or a test server. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key`: what most self-hosted servers expect. */
  forcePathStyle: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const seed = env.SEED ?? 'demo';
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be "demo" or "none", got "${seed}"`);
  const host = env.HOST ?? '127.0.0.1';
  const cores = availableParallelism();
  const workers = positiveInt('WORKERS', env.WORKERS, cores);
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    appKey: env.APP_KEY || undefined,
    appUrl: (env.APP_URL ?? `http://${host}:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Pathbuilder <no-reply@pathbuilder.test>',
    seed,
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat:
      env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty'
        ? env.LOG_FORMAT
        : process.stdout.isTTY
          ? 'pretty'
          : 'json',
    // Hashes at once per process: the cores shared among the workers, at most two (libuv's four threads
    // also serve file and DNS work).
    passwordHashing: {
      memoryKiB: 19_456,
      passes: 2,
      parallelism: 1,
      maxConcurrent: Math.max(1, Math.min(2, Math.floor(cores / workers))),
    },
    loginMaxFailures: 5,
    loginWindowMs: 15 * 60 * 1000,
    registrationsPerHour: positiveInt('REGISTRATIONS_PER_HOUR', env.REGISTRATIONS_PER_HOUR, 20),
    announcementsPerHour: positiveInt('ANNOUNCEMENTS_PER_HOUR', env.ANNOUNCEMENTS_PER_HOUR, 10),
    live: {
      heartbeatMs: 15_000,
      streamsPerUser: 5,
      streamsPerProcess: positiveInt('LIVE_STREAMS_PER_PROCESS', env.LIVE_STREAMS_PER_PROCESS, 5000),
    },
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    workers,
    sweeps: env.SWEEPS !== '0' && env.SWEEPS !== 'false',
    drainDelayMs: wholeNumber('DRAIN_DELAY_MS', env.DRAIN_DELAY_MS, 0),
    drainTimeoutMs: positiveInt('DRAIN_TIMEOUT_MS', env.DRAIN_TIMEOUT_MS, 10_000),
    fileStore: fileStoreFromEnv(env),
    version: env.npm_package_version ?? '0.1.0',
  };
}

/**
 * FILE_STORE=disk (the default) or s3 with its S3_* settings. A bucket store missing its bucket or credentials
 * stops the start with the names of what is missing, rather than failing on the first upload.
 */
export function fileStoreFromEnv(env: NodeJS.ProcessEnv): FileStoreConfig {
  const kind = env.FILE_STORE || 'disk';
  if (kind === 'disk') return { kind };
  if (kind !== 's3') throw new Error(`FILE_STORE must be "disk" or "s3", got "${kind}"`);
  const required = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const missing = required.filter((name) => !env[name]);
  if (missing.length) throw new Error(`FILE_STORE=s3 needs ${missing.join(', ')} to be set`);
  const endpoint = env.S3_ENDPOINT || undefined;
  // "minio:9000" parses as a URL of scheme "minio:": only http(s) is one.
  if (endpoint !== undefined && !/^https?:$/.test(URL.parse(endpoint)?.protocol ?? ''))
    throw new Error(`S3_ENDPOINT must be a URL such as http://127.0.0.1:9000, got "${endpoint}"`);
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(pathStyle))
    throw new Error(`S3_FORCE_PATH_STYLE must be "true" or "false", got "${pathStyle}"`);
  return {
    kind,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    // A self-hosted server rarely has a DNS name per bucket: path style unless told otherwise.
    forcePathStyle: pathStyle === '' ? endpoint !== undefined : pathStyle === '1' || pathStyle === 'true',
  };
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

// proxy-addr's names for whole ranges, which Fastify accepts beside addresses and CIDRs.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: a hop count or a comma-separated list of proxy addresses/CIDRs. "true" (trust every hop) is
 * refused: the client could then name any address it likes in X-Forwarded-For and dodge every per-address
 * limit.
 */
export function trustProxyFromEnv(value: string | undefined): false | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const valid = list.every((entry) => {
    if (PROXY_RANGE_NAMES.has(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    if (rest.length || !address || isIP(address) === 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
  });
  if (!valid || !list.length) {
    throw new Error(
      `TRUST_PROXY must be the number of proxy hops (e.g. 1) or their addresses/CIDRs, got "${value}"`,
    );
  }
  return list;
}

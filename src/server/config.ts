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
  passwordHashing: PasswordHashingConfig;
  /** Failed logins allowed per account (and, ten times that, per address) in one window before 429. */
  loginMaxFailures: number;
  loginWindowMs: number;
  version: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const seed = env.SEED ?? 'demo';
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be "demo" or "none", got "${seed}"`);
  const host = env.HOST ?? '127.0.0.1';
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
    passwordHashing: { memoryKiB: 19_456, passes: 2, parallelism: 1, maxConcurrent: 2 },
    loginMaxFailures: 5,
    loginWindowMs: 15 * 60 * 1000,
    version: env.npm_package_version ?? '0.1.0',
  };
}

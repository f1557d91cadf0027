import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Dialect } from './db/dialect.ts';
import type { Db } from './db/schema.ts';
import type { WriteObserver } from './db/write-observer.ts';
import type { Mailer } from './mail/mailer.ts';
import type { BackgroundTasks } from './plugins/background.ts';

/** What every feature's service needs; built once in buildApp and handed to each feature. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dialect: Dialect;
  /** The inserts, updates and deletes this process makes (PostgreSQL only). */
  writes: WriteObserver;
  appKey: string;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** Work done after the response (mail whose timing must not reveal anything). */
  tasks: BackgroundTasks;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Who waits for a hashing slot. A login (someone at the door) goes before the hash of a new password
 * (registration, reset, change): a burst of registrations must not starve the logins of a class.
 */
export type HashPriority = 'login' | 'new-password';

/** Hashes and checks passwords (made by the auth feature's passwords.ts; declared here, below the features). */
export interface PasswordHasher {
  hash(password: string, priority?: HashPriority): Promise<string>;
  /** Parameters are read from the stored hash, so raising the cost later keeps old hashes valid. */
  verify(password: string, stored: string, priority?: HashPriority): Promise<boolean>;
}

import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db, Dialect } from './db/database.ts';
import type { WriteObserver } from './db/write-observer.ts';
import type { PasswordHasher } from './features/auth/passwords.ts';
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

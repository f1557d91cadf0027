import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { groupCommitSettled } from './db/transaction.ts';
import { seedDemo } from './seed/demo.ts';
import { createPasswordHasher } from './features/auth/passwords.ts';
import { newOpaqueToken } from './features/auth/tokens.ts';
import { createMailer } from './mail/mailer.ts';
import { createBackgroundTasks } from './plugins/background.ts';

/**
 * Opens the database (closed with the app), brings it to the latest migration, and builds the context every
 * feature's service receives; seeds the demo when the config asks for it.
 */
export async function openContext(app: FastifyInstance, config: AppConfig): Promise<AppContext> {
  const { db, dialect, writes } = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgSchema: config.pgSchema,
  });
  const tasks = createBackgroundTasks(app.log);
  app.addHook('onClose', async () => {
    // Mail still being sent after its response needs the database.
    await tasks.idle();
    // Saves taken into a shared commit are on disk before the connection closes (SQLite; a no-op elsewhere).
    await groupCommitSettled(db);
    await db.destroy();
  });
  await migrateToLatest(db, dialect, config.pgSchema);

  const ctx: AppContext = {
    config,
    db,
    dialect,
    writes,
    appKey: config.appKey ?? (await storedAppKey(db)),
    hasher: createPasswordHasher(config.passwordHashing),
    mailer: createMailer(db, app.log, config.smtpUrl, config.mailFrom),
    tasks,
    log: app.log,
    now: () => new Date(),
  };
  if (config.seed === 'demo') {
    // One transaction: a seed is all there or not at all, and one commit is much faster than thousands.
    const seeded = await db.transaction().execute((trx) => seedDemo({ ...ctx, db: trx }));
    if (seeded) app.log.info('seeded the demo catalogue and accounts');
  }
  return ctx;
}

/** Without APP_KEY, one random key is kept in the database, so every process behind a balancer signs alike. */
async function storedAppKey(db: AppContext['db']): Promise<string> {
  await db
    .insertInto('app_meta')
    .values({ key: 'app_key', value: newOpaqueToken() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', 'app_key')
    .executeTakeFirstOrThrow();
  return row.value;
}

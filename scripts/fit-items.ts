/**
 * `npm run fit-items`: refits every question's and topic's parameters from the stored answers now
 * (learning/item-parameters.ts), against the database the server would use (DATABASE_URL, else SQLite under
 * DATA_DIR). The server's sweep does the same by itself once enough new answers have come in.
 */
import { configFromEnv } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { refitItemParameters } from '../src/server/features/learning/item-parameters.ts';

const config = configFromEnv();
const { db, dialect } = openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  pgSchema: config.pgSchema,
});
try {
  await migrateToLatest(db, dialect, config.pgSchema);
  const done = await refitItemParameters(db, new Date());
  console.log(
    `Fitted ${done.items} questions and ${done.topics} topics from ${done.answers} answers of ${done.students} students in ${done.ms} ms.`,
  );
} finally {
  await db.destroy();
}

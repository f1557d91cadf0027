import type { Db } from './database.ts';

/** Runs work in a transaction, joining the caller's if there already is one (Kysely does not nest them). */
export function withTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

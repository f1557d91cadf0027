// The bulk tools of the reports bench: a deterministic random generator, many-row inserts on either
// database, and the PostgreSQL database made when missing.
import { sql } from 'kysely';
import pg from 'pg';
import type { Db, Dialect } from '../src/server/db/database.ts';

/** A small deterministic generator: the same data on both databases and at every run. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Row = Record<string, string | number | null>;

/**
 * Many rows at once: PostgreSQL takes each column as one array (unnest), so 20,000 rows are one statement
 * with a handful of parameters; SQLite takes multi-row VALUES inside the caller's transaction.
 */
export async function bulkInsert(
  db: Db,
  dialect: Dialect,
  table: string,
  rows: Row[],
  types: Record<string, string>,
) {
  const cols = Object.keys(types);
  if (dialect === 'postgres') {
    for (let from = 0; from < rows.length; from += 20_000) {
      const chunk = rows.slice(from, from + 20_000);
      const arrays = cols.map((c) => sql`${chunk.map((r) => r[c] ?? null)}::${sql.raw(types[c]!)}[]`);
      await sql`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))})
        select * from unnest(${sql.join(arrays)})`.execute(db);
    }
    return;
  }
  const per = Math.floor(30_000 / cols.length);
  for (let from = 0; from < rows.length; from += per) {
    const chunk = rows.slice(from, from + per);
    const values = chunk.map((r) => sql`(${sql.join(cols.map((c) => r[c] ?? null))})`);
    await sql`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) values ${sql.join(values)}`.execute(
      db,
    );
  }
}

/** Creates the PostgreSQL database if missing; false when the server is not there. */
export async function ensurePostgres(url: string): Promise<boolean> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
    return true;
  } finally {
    await client.end();
  }
}

import pg from 'pg';

/** Drops and creates the bench database named by `url`; false when PostgreSQL is not there. */
export async function freshPostgres(url: string): Promise<boolean> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const name = client.escapeIdentifier(new URL(url).pathname.slice(1));
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    return true;
  } finally {
    await client.end();
  }
}

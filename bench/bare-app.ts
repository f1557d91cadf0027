// The yardsticks: the same Node and Fastify with nothing else. bench/run.ts compares our API's answer time
// with these (bench/bare-server.ts serves them; tests/unit/bench-floor.test.ts checks the floor writes).
//
// - `GET /bare`: one route that answers a constant.
// - `PUT /api/attempts/:attempt/answers/:question`: the plainest durable answer save, at the path and with
//   the body our saves have. It parses the JSON body and writes the answer with one prepared upsert into an
//   SQLite file in WAL mode with `synchronous = FULL` (committed and on disk before it answers), and does
//   nothing else: no session, no ownership, timer or answer checks, no attempt touch, no security headers.
//   Our save does all of those. It also commits in groups and syncs off the event loop, which this route
//   does not: on a disk whose sync is slow ours can outrun it; on a fast one it is the floor.
// - With `{ write: false }`, the same route parsing the same body and answering, writing nothing: what Node and
//   Fastify cost a save before any database work (bench/saves-floors.ts).
// - The same route on PostgreSQL (createBarePgApp, bench/bare-server.ts with BARE_DATABASE_URL): one
//   `INSERT … ON CONFLICT` per request through `pg`, autocommit (committed before it answers), with the pool
//   size our server has (src/server/db/database.ts: 10 per process), into a table of its own.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

export interface BareApp {
  app: FastifyInstance;
  /** The floor's database, open until close(). */
  db: DatabaseSync;
  close(): Promise<void>;
}

type SaveRoute = {
  Params: { attempt: string; question: string };
  Body: { answer: unknown; flagged: boolean; answered_at: string };
};

/** The bare app over a fresh `answers.db` in `dir` (emptied first); `write: false` leaves it empty. */
export function createBareApp(dir: string, { write = true }: { write?: boolean } = {}): BareApp {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const db = new DatabaseSync(join(dir, 'answers.db'));
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;
    CREATE TABLE answers (attempt_id TEXT NOT NULL, question_id INTEGER NOT NULL, answer TEXT NOT NULL,
      flagged INTEGER NOT NULL, answered_at TEXT NOT NULL, PRIMARY KEY (attempt_id, question_id));`);
  const upsert = db.prepare(`INSERT INTO answers (attempt_id, question_id, answer, flagged, answered_at)
    VALUES (?, ?, ?, ?, ?) ON CONFLICT (attempt_id, question_id) DO UPDATE
    SET answer = excluded.answer, flagged = excluded.flagged, answered_at = excluded.answered_at`);

  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  app.put<SaveRoute>('/api/attempts/:attempt/answers/:question', async (request) => {
    const { answer, flagged, answered_at } = request.body;
    if (!write) {
      JSON.stringify(answer);
      return { ok: true };
    }
    // Attempt ids are uuids, kept as text as ours are. Turned into a number (NaN) they made every save of
    // this route fail the NOT NULL, and a floor of 500s stood in the README as the plainest durable write.
    upsert.run(
      request.params.attempt,
      Number(request.params.question),
      JSON.stringify(answer),
      flagged ? 1 : 0,
      answered_at,
    );
    return { ok: true };
  });
  return {
    app,
    db,
    close: async () => {
      await app.close();
      db.close();
    },
  };
}

/** Our server's pool size per process (src/server/db/database.ts). */
export const PG_FLOOR_POOL = 10;
/** The PostgreSQL floor's table, made afresh in the bench database beside ours (its name clashes with none). */
export const PG_FLOOR_TABLE = 'bare_floor_answers';

export interface BarePgApp {
  app: FastifyInstance;
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * The bare app's save route on PostgreSQL at `databaseUrl`, over a fresh PG_FLOOR_TABLE (in `schema`, for
 * tests, else the database's own).
 */
export async function createBarePgApp(databaseUrl: string, schema?: string): Promise<BarePgApp> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: PG_FLOOR_POOL,
    options: schema ? `-c search_path=${schema}` : undefined,
  });
  // Shaped as our attempt_answers (varchar(36) ids, varchar(30) times).
  await pool.query(`drop table if exists ${PG_FLOOR_TABLE};
    create table ${PG_FLOOR_TABLE} (attempt_id varchar(36) not null, question_id integer not null,
      answer text not null, flagged integer not null, answered_at varchar(30) not null,
      primary key (attempt_id, question_id))`);
  const text = `insert into ${PG_FLOOR_TABLE} (attempt_id, question_id, answer, flagged, answered_at)
    values ($1, $2, $3, $4, $5) on conflict (attempt_id, question_id) do update
    set answer = excluded.answer, flagged = excluded.flagged, answered_at = excluded.answered_at`;

  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  app.put<SaveRoute>('/api/attempts/:attempt/answers/:question', async (request) => {
    const { answer, flagged, answered_at } = request.body;
    // A named statement: parsed and planned once per connection, as a prepared statement is.
    await pool.query({
      name: 'floor-upsert',
      text,
      values: [
        request.params.attempt,
        Number(request.params.question),
        JSON.stringify(answer),
        flagged ? 1 : 0,
        answered_at,
      ],
    });
    return { ok: true };
  });
  return {
    app,
    pool,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

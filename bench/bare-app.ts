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
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import Fastify, { type FastifyInstance } from 'fastify';

export interface BareApp {
  app: FastifyInstance;
  /** The floor's database, open until close(). */
  db: DatabaseSync;
  close(): Promise<void>;
}

/** The bare app over a fresh `answers.db` in `dir` (emptied first). */
export function createBareApp(dir: string): BareApp {
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
  app.put<{
    Params: { attempt: string; question: string };
    Body: { answer: unknown; flagged: boolean; answered_at: string };
  }>('/api/attempts/:attempt/answers/:question', async (request) => {
    const { answer, flagged, answered_at } = request.body;
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

// @vitest-environment node
// The bench's yardsticks must measure what they say: the plainest durable write writes (its attempt ids are
// uuids, and it once turned them into NaN and answered 500 to every request), and a yardstick whose
// requests fail fails the bench instead of giving a figure.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createBareApp, createBarePgApp, PG_FLOOR_TABLE, type BareApp } from '../../bench/bare-app.ts';
import {
  checked,
  clearFailures,
  failedRequests,
  finishBench,
  recordedFailures,
  requireP99Samples,
} from '../../bench/failures.ts';
import { answerSaveLoad } from '../../bench/learning.ts';

const run = (options: Options) =>
  new Promise<Result>((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
  );

let dir: string;
let bare: BareApp;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  bare = createBareApp(dir);
  clearFailures();
});
afterEach(async () => {
  await bare.close();
  rmSync(dir, { recursive: true, force: true });
  clearFailures();
  process.exitCode = undefined;
});

const rows = () =>
  bare.db.prepare('SELECT attempt_id, question_id, answer, flagged FROM answers ORDER BY question_id').all();

describe('the plainest durable write (bench/bare-app.ts)', () => {
  it('writes the answer of a uuid attempt, and a later save replaces it', async () => {
    const attempt = randomUUID();
    const save = (choice: string) =>
      bare.app.inject({
        method: 'PUT',
        url: `/api/attempts/${attempt}/answers/7`,
        payload: {
          answer: { type: 'single_choice', choice },
          flagged: false,
          answered_at: '2026-11-26T20:00:00Z',
        },
      });
    expect((await save('o1')).statusCode).toBe(200);
    expect((await save('o2')).statusCode).toBe(200);
    expect(rows()).toEqual([
      { attempt_id: attempt, question_id: 7, answer: '{"type":"single_choice","choice":"o2"}', flagged: 0 },
    ]);
  });

  it("answers the bench's own save load without a failed request, one row per student and question", async () => {
    await bare.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(bare.app.server.address() as AddressInfo).port}`;
    const questions = [1, 2, 3].map((id) => ({ id, type: 'true_false', options: [], left: [], right: [] }));
    const students = [0, 1].map(() => ({ token: 'unused', attemptId: randomUUID(), questions }));
    // 30 requests instead of a duration: each connection is one student saving their answers in turn.
    const { duration: _duration, ...load } = answerSaveLoad(base, students, 1);
    const result = checked(await run({ ...load, amount: 30 }), 'floor');
    expect(failedRequests(result)).toBe(0);
    expect(recordedFailures()).toEqual([]);
    expect(rows()).toHaveLength(6);
  });
});

// PostgreSQL's floor, where the tests have a database (TEST_DATABASE_URL): in a schema of its own.
const pgUrl = process.env.TEST_DATABASE_URL;
describe('the save route that writes nothing (bench/bare-app.ts, write: false)', () => {
  it('answers a save as the floor does and leaves its table empty', async () => {
    const parseOnlyDir = mkdtempSync(join(tmpdir(), 'bench-parse-only-'));
    const parseOnly = createBareApp(parseOnlyDir, { write: false });
    try {
      const answer = await parseOnly.app.inject({
        method: 'PUT',
        url: `/api/attempts/${randomUUID()}/answers/7`,
        payload: {
          answer: { type: 'true_false', value: true },
          flagged: false,
          answered_at: '2026-11-28T15:00:00Z',
        },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ ok: true });
      expect(parseOnly.db.prepare('SELECT count(*) AS n FROM answers').get()).toEqual({ n: 0 });
    } finally {
      await parseOnly.close();
      rmSync(parseOnlyDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(pgUrl)('the plainest durable write on PostgreSQL (bench/bare-app.ts)', () => {
  const schema = `bench_floor_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };

  it("answers the bench's save load without a failed request, committed, one row per student and question", async () => {
    await admin(`create schema ${schema}`);
    const floor = await createBarePgApp(pgUrl!, schema);
    try {
      await floor.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(floor.app.server.address() as AddressInfo).port}`;
      const questions = [1, 2, 3].map((id) => ({ id, type: 'true_false', options: [], left: [], right: [] }));
      const students = [0, 1].map(() => ({ token: 'unused', attemptId: randomUUID(), questions }));
      const { duration: _duration, ...load } = answerSaveLoad(base, students, 1);
      const result = checked(await run({ ...load, amount: 30 }), 'PostgreSQL floor');
      expect(failedRequests(result)).toBe(0);
      expect(recordedFailures()).toEqual([]);
      // Read by another connection: what was answered is committed.
      const rows = await admin(`select attempt_id, question_id, answer from ${schema}.${PG_FLOOR_TABLE}`);
      expect(rows.rowCount).toBe(6);
      expect(rows.rows[0]).toMatchObject({ answer: '{"type":"true_false","value":true}' });
    } finally {
      await floor.close();
      await admin(`drop schema ${schema} cascade`);
    }
  });
});

describe('a failing yardstick fails the bench (bench/failures.ts)', () => {
  it('records a run with error answers by name, and finishBench sets a non-zero exit code', async () => {
    const broken = Fastify({ logger: false });
    broken.get('/bare', async () => {
      throw new Error('broken yardstick');
    });
    await broken.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `http://127.0.0.1:${(broken.server.address() as AddressInfo).port}/bare`;
      const result = checked(await run({ url, connections: 2, amount: 10 }), 'SQLite: GET /bare');
      expect(failedRequests(result)).toBe(10);
    } finally {
      await broken.close();
    }
    expect(recordedFailures()).toEqual([
      'SQLite: GET /bare: 10 of 10 requests failed (10 × 500, 0 socket errors, 0 timeouts)',
    ]);
    expect(finishBench()).toBe(false);
    expect(process.exitCode).toBe(1);
  });

  it('counts socket errors and timeouts, not redirects', () => {
    const result = (statusCodeStats: Record<string, { count: number }>, errors = 0, timeouts = 0) =>
      ({ statusCodeStats, errors, timeouts, non2xx: 0, requests: { total: 10 } }) as unknown as Result;
    expect(failedRequests(result({ '200': { count: 8 }, '302': { count: 2 } }))).toBe(0);
    expect(failedRequests(result({ '200': { count: 9 }, '404': { count: 1 } }))).toBe(1);
    // autocannon counts a timeout among its errors too.
    expect(failedRequests(result({ '200': { count: 10 } }, 3, 2))).toBe(3);
    expect(recordedFailures()).toEqual([]);
    expect(finishBench()).toBe(true);
  });

  it('calls a p99 of fewer than 200 samples a failure', () => {
    requireP99Samples('users list search', 40);
    requireP99Samples('grading', 200);
    expect(recordedFailures()).toEqual([
      'users list search: a p99 of 40 samples (at least 200 make a 99th percentile)',
    ]);
  });
});

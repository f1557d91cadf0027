// @vitest-environment node
// The open-loop generator (bench/open-loop.ts) must time each save from when it was due, not from when it
// could be sent, and a failed save must fail the bench.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { clearFailures, recordedFailures } from '../../bench/failures.ts';
import { openLoopSaves } from '../../bench/open-loop.ts';

const questions = [1, 2].map((id) => ({ id, type: 'true_false', options: [], left: [], right: [] }));
const students = [0, 1, 2, 3].map(() => ({ token: 't', attemptId: randomUUID(), questions }));

async function serve(handle: (question: number) => number) {
  const app = Fastify({ logger: false });
  app.put<{ Params: { q: string } }>('/api/attempts/:a/answers/:q', async (request, reply) =>
    reply.code(handle(Number(request.params.q))).send({}),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

afterEach(() => clearFailures());

describe('open-loop saves (bench/open-loop.ts)', () => {
  it('sends at the rate asked, and charges a stall to every save that was due during it', async () => {
    let stalled = false;
    const { app, base } = await serve(() => {
      // One stall of 300 ms a third of the way in: the saves due meanwhile wait for it.
      if (!stalled && performance.now() - started > 300) {
        stalled = true;
        const until = performance.now() + 300;
        while (performance.now() < until);
      }
      return 200;
    });
    const started = performance.now();
    try {
      const run = await openLoopSaves(base, students, { rate: 250, seconds: 1, label: 'test' });
      expect(run.sent).toBe(250);
      expect(run.failed).toBe(0);
      // About 75 of 250 were due during the stall: well over 1% waited most of it.
      expect(run.p99).toBeGreaterThan(200);
      expect(run.p50).toBeLessThan(100);
      expect(recordedFailures()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('records failed saves as a failure of the bench', async () => {
    const { app, base } = await serve((question) => (question === 2 ? 500 : 200));
    try {
      const run = await openLoopSaves(base, students, { rate: 400, seconds: 1, label: 'SQLite: open loop' });
      expect(run.failed).toBe(200);
      expect(recordedFailures()).toEqual(['SQLite: open loop: 200 of 400 requests failed (200 × 500)']);
    } finally {
      await app.close();
    }
  });
});

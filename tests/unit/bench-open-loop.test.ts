// @vitest-environment node
// The open loop's generator runs in a process of its own (bench/open-loop.ts): its run must come back whole
// (every request sent, each answer timed), and a request the server refuses must still fail the bench.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { clearFailures, recordedFailures } from '../../bench/failures.ts';
import type { Student } from '../../bench/learning.ts';
import { openLoopSaves } from '../../bench/open-loop.ts';

const student = (attemptId: string): Student => ({
  token: 't',
  attemptId,
  questions: [{ id: 1, type: 'true_false', options: [], left: [], right: [] }],
});

let server: Server;
let base: string;
const seen: string[] = [];
beforeEach(async () => {
  clearFailures();
  seen.length = 0;
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      res.statusCode = req.url?.includes('/refused/') ? 500 : 200;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  clearFailures();
});

it('sends every save on schedule from its own process and times each answer', async () => {
  const run = await openLoopSaves(base, [student('a'), student('b')], {
    rate: 200,
    seconds: 1.5,
    label: 'ok',
  });
  expect(run.sent).toBe(300);
  expect(run.failed).toBe(0);
  expect(run.latencies).toHaveLength(300);
  expect(run.p99).toBeGreaterThan(0);
  expect(seen).toHaveLength(300);
  expect(seen.filter((s) => s === 'PUT /api/attempts/a/answers/1')).toHaveLength(150);
  expect(recordedFailures()).toEqual([]);
});

it('fails the bench when the server refuses saves', async () => {
  const run = await openLoopSaves(base, [student('a'), student('refused')], {
    rate: 200,
    seconds: 1.5,
    label: 'refusing',
  });
  expect(run.failed).toBe(150);
  expect(recordedFailures()).toEqual([
    'refusing: 150 of 300 requests failed (150 × 500)',
    'refusing: a p99 of 150 samples (at least 200 make a 99th percentile)',
  ]);
});

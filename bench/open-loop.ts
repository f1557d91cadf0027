// An open-loop load: answer saves at a fixed arrival rate, as a class sends them, not as fast as the server
// answers. Closed-loop floods (autocannon) measure capacity; this measures what a student waits. Each
// request is due at its place in a fixed schedule and its latency runs from that time, not from when it
// could be sent: a server that stalls is charged for every request that should have gone out meanwhile
// (no coordinated omission). Every request that fails (an answer outside 2xx, a socket error, a timeout)
// fails the bench.
//
// The load runs in a process of its own (bench/open-loop-client.ts), not in the bench's: by this point the
// bench's heap holds every earlier run's results, and its garbage collections (scavenges of 25–75 ms on this
// 2-core machine, with the server's processes busy beside it) held the generator up to 90 ms behind its
// schedule. A request timed from its due time is charged for that pause, and for every answer that arrived
// during it: the server's p99 was partly the generator's. A lean process with nothing but the students to
// save for fell 18–35 ms behind at most in the same runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anAnswer, percentile, type Student } from './learning.ts';
import { recordFailure, requireP99Samples } from './failures.ts';

/** 10,000 students answering every 10 s. */
export const OPEN_LOOP_RATE = 1000;
export const OPEN_LOOP_SECONDS = 60;
/**
 * Attempts in progress the load spreads over: each of the 200 bench students at this many quizzes (10,000
 * students would each have one; one attempt saving five times a second is not a class).
 */
export const OPEN_LOOP_ATTEMPTS_PER_STUDENT = 5;
/** A request not answered in this long counts as failed. */
const TIMEOUT_MS = 30_000;

export interface OpenLoopRun {
  /** Saves per second asked for, and for how long. */
  rate: number;
  seconds: number;
  /** Attempts the saves went to, in turn. */
  attempts: number;
  /** Latencies (ms) from each request's scheduled time to its answer, successful requests only. */
  latencies: number[];
  sent: number;
  failed: number;
  /** Successful answers per second over the run (from the first scheduled send to the last answer). */
  achievedRate: number;
  /** How far behind its schedule the generator sent, at worst (ms): large means the figure is the generator's. */
  maxSendLagMs: number;
  /** Failed requests by reason (status code, socket error, timeout). */
  failures: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
}

export interface OpenLoopOptions {
  rate?: number;
  seconds?: number;
  /** Names the run in a failure. */
  label: string;
}

/**
 * The open loop (`runOpenLoop`) run by bench/open-loop-client.ts in a process of its own; a failed request,
 * or too few answers for a p99, fails the bench as `label`.
 */
export async function openLoopSaves(
  base: string,
  students: Student[],
  { rate = OPEN_LOOP_RATE, seconds = OPEN_LOOP_SECONDS, label }: OpenLoopOptions,
): Promise<OpenLoopRun> {
  const dir = mkdtempSync(join(tmpdir(), 'pb-open-loop-'));
  try {
    const file = join(dir, 'students.json');
    writeFileSync(file, JSON.stringify(students));
    const client = spawn(
      process.execPath,
      [join(import.meta.dirname, 'open-loop-client.ts'), base, file, String(rate), String(seconds)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    client.stdout.setEncoding('utf8');
    client.stdout.on('data', (chunk: string) => (out += chunk));
    const code = await new Promise<number | null>((resolve, reject) => {
      client.once('error', reject);
      client.once('close', resolve);
    });
    if (code !== 0) throw new Error(`${label}: the open-loop client exited with ${code}`);
    const run = JSON.parse(out) as OpenLoopRun;
    if (run.failed > 0) {
      const why = Object.entries(run.failures)
        .map(([reason, count]) => `${count} × ${reason}`)
        .join(', ');
      recordFailure(label, `${run.failed} of ${run.sent} requests failed (${why})`);
    }
    requireP99Samples(label, run.latencies.length);
    return run;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * PUTs answers of `students` to `base` at `rate` a second for `seconds`: request i is due at start + i/rate
 * and goes to student i mod n (their questions in turn), so each student saves every n/rate seconds. Counts
 * failures without recording them: the caller does (`openLoopSaves`).
 */
export async function runOpenLoop(
  base: string,
  students: Student[],
  { rate, seconds }: { rate: number; seconds: number },
): Promise<OpenLoopRun> {
  const url = new URL(base);
  // A generous pool: a request never waits for a free connection unless 1,000 are already out.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1000, maxFreeSockets: 1000 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let failed = 0;
  let done = 0;
  let maxSendLagMs = 0;
  const failures = new Map<string, number>();
  const fail = (why: string) => {
    failed++;
    failures.set(why, (failures.get(why) ?? 0) + 1);
  };
  let lastAnswer = 0;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const answered = () => {
    if (++done === total) finish();
  };

  function send(i: number, due: number) {
    const s = students[i % students.length]!;
    const q = s.questions[Math.floor(i / students.length) % s.questions.length]!;
    const body = JSON.stringify({
      answer: anAnswer(q),
      flagged: false,
      answered_at: new Date().toISOString(),
    });
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'PUT',
        path: `/api/attempts/${s.attemptId}/answers/${q.id}`,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${s.token}`,
        },
        timeout: TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const now = performance.now();
          lastAnswer = now;
          if (res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 400)
            latencies.push(now - due);
          else fail(`${res.statusCode}`);
          answered();
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => {
      fail(error.message === 'timeout' ? 'timeout' : `socket error (${error.message})`);
      answered();
    });
    req.end(body);
  }

  const start = performance.now() + 50;
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Everything due by now goes out, each timed from its own due time.
      while (next < total && start + (next * 1000) / rate <= now) {
        const due = start + (next * 1000) / rate;
        maxSendLagMs = Math.max(maxSendLagMs, now - due);
        send(next++, due);
      }
      if (next < total) setTimeout(tick, Math.max(0, start + (next * 1000) / rate - performance.now()));
      else resolve();
    };
    setTimeout(tick, 50);
  });
  await finished;
  agent.destroy();

  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rate,
    seconds,
    attempts: students.length,
    latencies: sorted,
    sent: total,
    failed,
    achievedRate: latencies.length / ((Math.max(lastAnswer, start) - start) / 1000 || 1),
    maxSendLagMs,
    failures: Object.fromEntries(failures),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
}

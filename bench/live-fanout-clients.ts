// The live fan-out bench's clients, in a worker thread (an event loop of their own): every recipient holds
// the session's stream open, a few post the paced messages, and each delivery's latency is measured.
import { randomUUID } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { recordFailure, requireP99Samples } from './failures.ts';

export const MESSAGES = 50;
const WARM_UP = 5;
/** One message every this many ms: a busy class, not a flood (posts are rate limited per user too). */
export const PACE_MS = 100;

export interface Job {
  /** Stream url for recipient i (its token in the header). */
  streamUrl: string;
  postUrl: string;
  tokens: string[];
  posters: string[];
  bare: boolean;
}
export interface JobResult {
  latencies: number[];
  expected: number;
  connected: number;
}

async function runClients(job: Job): Promise<JobResult> {
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  const measuring = new Set<string>();
  let connected = 0;
  const sockets: IncomingMessage[] = [];
  await Promise.all(
    job.tokens.map(
      (token) =>
        new Promise<void>((resolve, reject) => {
          const req = request(
            job.streamUrl,
            { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
            (res) => {
              if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
              sockets.push(res);
              connected++;
              let buffer = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => {
                buffer += chunk;
                let cut: number;
                while ((cut = buffer.indexOf('\n\n')) >= 0) {
                  const block = buffer.slice(0, cut);
                  buffer = buffer.slice(cut + 2);
                  const key = /"body":"bench ([^"\s]+)"/.exec(block)?.[1];
                  const sent = key ? sentAt.get(key) : undefined;
                  if (key && sent !== undefined && measuring.has(key))
                    latencies.push(performance.now() - sent);
                }
              });
              resolve();
            },
          );
          req.on('error', reject);
          req.end();
        }),
    ),
  );
  // Every stream is attached (its replay written) before the first message.
  await new Promise((resolve) => setTimeout(resolve, 500));

  const post = (index: number, measure: boolean) =>
    new Promise<void>((resolve, reject) => {
      const key = `m${index}`;
      const body = JSON.stringify({ client_id: randomUUID(), body: `bench ${key}` });
      const req = request(
        job.postUrl,
        {
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${job.posters[index % job.posters.length]}`,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 201 || res.statusCode === 200
              ? resolve()
              : reject(new Error(`post answered ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
      if (measure) measuring.add(key);
      sentAt.set(key, performance.now());
      req.end(body);
    });
  for (let i = 0; i < WARM_UP; i++) await post(1000 + i, false);
  const posts: Promise<void>[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    posts.push(post(i, true));
    await new Promise((resolve) => setTimeout(resolve, PACE_MS));
  }
  await Promise.all(posts);
  // Stragglers: give every stream a moment to read its last events.
  const expected = MESSAGES * job.tokens.length;
  const until = performance.now() + 5000;
  while (latencies.length < expected && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 50));
  for (const socket of sockets) socket.destroy();
  return { latencies, expected, connected };
}

/**
 * The clients in a worker thread. A stream or post answered otherwise than 200/201 throws; a delivery that
 * never came (within 5 s of the last post) fails the bench (`label`).
 */
export async function inWorker(job: Job, label: string): Promise<JobResult> {
  const result = await new Promise<JobResult>((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once('message', (result: JobResult) => resolve(result));
    worker.once('error', (error) => reject(new Error(`${label}: ${error.message}`, { cause: error })));
  });
  if (result.latencies.length < result.expected)
    recordFailure(
      label,
      `${result.expected - result.latencies.length} of ${result.expected} deliveries missing`,
    );
  requireP99Samples(label, result.latencies.length);
  return result;
}

if (!isMainThread) parentPort!.postMessage(await runClients(workerData as Job));

// Live discussion fan-out: 500 students hold the event stream of one session open on one server (real
// HTTP, listening in this process), a few of them post 50 messages, paced; each message's delivery latency
// is measured at every recipient (from just before its POST is sent to the event parsed by the client). The
// same clients against a bare Node http server doing the same fan-out give the floor. The clients run in a
// worker thread (an event loop of their own). Prints p50/p99 and merges live_fanout_* figures into
// .tmp/bench/results.json. Run on its own: `node bench/live-fanout.ts`.
import { saveRunFigures } from './results.ts';
import type { Figure } from './api.ts';
import { percentile } from './learning.ts';
import { inWorker, MESSAGES, PACE_MS, type JobResult } from './live-fanout-clients.ts';
import { bareServer, ourServer, STUDENTS } from './live-fanout-servers.ts';

/** Posting students: 30 messages a minute each is the limit. */
const POSTERS = 5;

export interface LiveFanoutRun {
  figures: Record<string, Figure>;
  report: string;
}

export async function measureLiveFanout(): Promise<LiveFanoutRun> {
  const { base, id, tokens, close } = await ourServer();
  const bare = await bareServer();

  try {
    const ours = await inWorker(
      {
        streamUrl: `${base}/api/live-discussions/${id}/stream`,
        postUrl: `${base}/api/live-discussions/${id}/messages`,
        tokens,
        posters: tokens.slice(0, POSTERS),
        bare: false,
      },
      'live fan-out: /api/live-discussions/:id/stream',
    );
    const floor = await inWorker(
      {
        streamUrl: `${bare.url}/stream`,
        postUrl: `${bare.url}/post`,
        tokens,
        posters: tokens.slice(0, POSTERS),
        bare: true,
      },
      'live fan-out: bare Node SSE',
    );
    const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
    const p = (r: JobResult, q: number) => (r.latencies.length ? round(percentile(r.latencies, q)) : 0);
    const figures: Record<string, Figure> = {
      live_fanout_p50_ms: { value: p(ours, 50), unit: 'ms' },
      live_fanout_p99_ms: { value: p(ours, 99), unit: 'ms' },
      live_fanout_bare_p50_ms: { value: p(floor, 50), unit: 'ms' },
      live_fanout_bare_p99_ms: { value: p(floor, 99), unit: 'ms' },
      live_fanout_p99_ratio: {
        value: p(floor, 99) > 0 ? round(p(ours, 99) / p(floor, 99), 2) : 0,
        unit: 'ratio',
      },
    };
    const row = (label: string, r: JobResult) =>
      `${label.padEnd(46)} p50 ${p(r, 50).toFixed(1).padStart(7)} ms   p99 ${p(r, 99).toFixed(1).padStart(7)} ms   ${r.latencies.length}/${r.expected} deliveries, ${r.connected} streams`;
    const report = [
      `Live discussion fan-out (${STUDENTS} students on one session's stream, ${MESSAGES} messages, one every ${PACE_MS} ms; post to each recipient's parsed event)`,
      row('POST + GET /api/live-discussions/:id/stream', ours),
      row('bare Node http SSE, same fan-out', floor),
      `ours / bare p99: ${figures.live_fanout_p99_ratio!.value}`,
    ].join('\n');
    return { figures, report };
  } finally {
    await bare.close();
    await close();
  }
}

if (import.meta.main) {
  const { figures, report } = await measureLiveFanout();
  console.log(report);
  saveRunFigures(figures);
}

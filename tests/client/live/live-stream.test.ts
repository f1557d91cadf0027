import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  openLiveStream,
  type StreamEvent,
  type StreamState,
} from '../../../src/client/features/live/live-stream.ts';
import { mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';

// The stream client against the frames the server writes (live-streams.ts): a server that stops gracefully
// ends each stream with `event: reconnect`, and the stream must come back at once, not stay closed.

const message = (id: number) =>
  `id: ${id}\nevent: message\ndata: ${JSON.stringify({ id, body: `m${id}`, created_at: '2026-03-01T09:00:00.000Z' })}\n\n`;

/** A 200 event stream that sends `text` and then ends (or stays open, for `open`). */
function streamOf(text: string, open = false): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      if (!open) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function follow(respond: (request: SeenRequest, n: number) => Response) {
  let n = 0;
  const { requests } = mockFetch((request) => respond(request, n++));
  const states: StreamState[] = [];
  const events: StreamEvent[] = [];
  let lastId = 0;
  const stop = openLiveStream(3, {
    lastId: () => lastId,
    onEvent: (e) => {
      events.push(e);
      if (e.type === 'message') lastId = e.message.id;
    },
    onState: (s) => states.push(s),
    onOpen: () => {},
  });
  return { requests, states, events, stop };
}

describe('the live discussion stream', () => {
  it('comes back within the server’s hint after a reconnect event, resuming after the last message', async () => {
    // The spread of the reconnects: the latest moment the hint allows.
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const s = follow((_r, n) =>
      n === 0
        ? streamOf(`retry: 3000\n\n${message(41)}retry: 1000\nevent: reconnect\ndata: {"retry_ms":1000}\n\n`)
        : streamOf(`retry: 3000\n\n${message(42)}`, true),
    );
    await vi.waitFor(() => expect(s.requests).toHaveLength(2), { timeout: 1500 });
    expect(s.requests[1]?.url).toContain('after=41');
    expect(s.requests[1]?.headers.get('last-event-id')).toBe('41');
    await vi.waitFor(() =>
      expect(s.events.map((e) => e.type === 'message' && e.message.id)).toEqual([41, 42]),
    );
    expect(s.states).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    expect(s.states).not.toContain('closed');
    // The reconnect event itself is no message for the screen.
    expect(s.events).toHaveLength(2);
    s.stop();
  });

  it('reconnects sooner after the hint than after a dropped stream, which backs off', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const timeTo = async (first: string) => {
      const s = follow((_r, n) => (n === 0 ? streamOf(first) : streamOf('', true)));
      await vi.waitFor(() => expect(s.requests).toHaveLength(1));
      const t0 = Date.now();
      await vi.waitFor(() => expect(s.requests).toHaveLength(2), { timeout: 3000 });
      s.stop();
      return Date.now() - t0;
    };
    const hinted = await timeTo('event: reconnect\ndata: {"retry_ms":200}\n\n');
    const dropped = await timeTo(message(1));
    // Hint 200 ms × 0.5; a drop waits 1 s × (0.75 + 0.5 × 0.5).
    expect(hinted).toBeLessThan(400);
    expect(dropped).toBeGreaterThanOrEqual(900);
  });

  it('still stops for good on an end event', async () => {
    const s = follow(() => streamOf('event: end\ndata: {"state":"past"}\n\n'));
    await vi.waitFor(() => expect(s.states).toContain('closed'));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(s.requests).toHaveLength(1);
    s.stop();
  });
});

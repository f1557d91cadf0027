import { API_BASE } from '../../../shared/constants.ts';
import { LIVE_PATHS, type LiveMessage } from '../../../shared/contracts/live.ts';
import { currentToken } from '../../lib/http.ts';

export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'closed';

export type StreamEvent =
  | { type: 'message'; message: LiveMessage }
  | { type: 'deleted'; id: number }
  /** The thread is not open: not yet (come back at the opening) or no more. */
  | { type: 'end'; state: 'upcoming' | 'past' };

interface Handlers {
  /** The newest message id the screen holds: the stream resumes after it. */
  lastId: () => number;
  onEvent: (event: StreamEvent) => void;
  onState: (state: StreamState) => void;
  /** The stream came up (first time or again): a good moment to send what waits. */
  onOpen: () => void;
}

const MAX_BACKOFF_MS = 30_000;

/** What ended a stream: an `end` event (the thread is closed), a `reconnect` hint, or neither (dropped). */
type Ending = { kind: 'end' } | { kind: 'reconnect'; retryMs: number } | { kind: 'dropped' };

/**
 * A live discussion's server-sent events, read with fetch(): EventSource cannot send the bearer token. A
 * dropped stream comes back with backoff (1 s doubling to 30 s, with jitter; at once when the browser comes
 * back online), asking for what came after the newest message it has (Last-Event-ID and ?after=), so nothing
 * said meanwhile is missed. A server that is stopping ends its streams with a `reconnect` event: that is
 * no failure, so the stream comes back within the time it names (spread, so a class does not arrive at once),
 * with no backoff. Returns the function that stops it.
 */
export function openLiveStream(sessionId: number, h: Handlers): () => void {
  let stopped = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const wake = () => {
    if (stopped || controller) return;
    if (retry) clearTimeout(retry);
    retry = null;
    void connect();
  };
  const onOffline = () => {
    controller?.abort();
  };
  window.addEventListener('online', wake);
  window.addEventListener('offline', onOffline);

  function schedule(hintMs?: number): void {
    if (stopped) return;
    if (!navigator.onLine) {
      h.onState('offline');
      return;
    }
    h.onState('reconnecting');
    const delay =
      hintMs !== undefined
        ? hintMs * Math.random()
        : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures++) * (0.75 + Math.random() * 0.5);
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
  }

  async function connect(): Promise<void> {
    const current = new AbortController();
    controller = current;
    let ending: Ending = { kind: 'dropped' };
    try {
      const after = h.lastId();
      const token = currentToken();
      const response = await fetch(`${API_BASE}${LIVE_PATHS.stream(sessionId)}?after=${after}`, {
        headers: {
          accept: 'text/event-stream',
          'last-event-id': String(after),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        // Past the service worker's API cache: a stream is never stored.
        cache: 'no-store',
        signal: current.signal,
      });
      if (response.status === 401 || response.status === 403 || response.status === 404) {
        // Signed out, or the session is gone: retrying would not help.
        h.onState('closed');
        stopped = true;
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      failures = 0;
      h.onState('live');
      h.onOpen();
      ending = await readEvents(response.body, h.onEvent);
    } catch {
      // Dropped: below.
    } finally {
      if (controller === current) controller = null;
    }
    if (ending.kind === 'end') {
      stopped = true;
      h.onState('closed');
      return;
    }
    schedule(ending.kind === 'reconnect' ? ending.retryMs : undefined);
  }

  void connect();
  h.onState('connecting');
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    controller?.abort();
    window.removeEventListener('online', wake);
    window.removeEventListener('offline', onOffline);
  };
}

/** Reads event blocks until the stream ends; what ended it (the last `end` or `reconnect` event seen). */
async function readEvents(body: ReadableStream<Uint8Array>, emit: (e: StreamEvent) => void): Promise<Ending> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ending: Ending = { kind: 'dropped' };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return ending;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = parseBlock(block);
      if (!event) continue;
      if (event.type === 'reconnect') {
        ending = { kind: 'reconnect', retryMs: event.retryMs };
        continue;
      }
      if (event.type === 'end') ending = { kind: 'end' };
      emit(event);
    }
  }
}

/** The longest a `reconnect` hint may make us wait: a broken one must not keep the discussion away. */
const MAX_RECONNECT_HINT_MS = 10_000;

function parseBlock(block: string): StreamEvent | { type: 'reconnect'; retryMs: number } | null {
  let name = 'message';
  let data = '';
  for (const line of block.split('\n')) {
    // Comments (heartbeats) and the retry hint need nothing from us.
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data += data ? `\n${value}` : value;
  }
  if (!data) return null;
  try {
    const parsed = JSON.parse(data) as Record<string, unknown>;
    if (name === 'message') return { type: 'message', message: parsed as unknown as LiveMessage };
    if (name === 'deleted' && typeof parsed.id === 'number') return { type: 'deleted', id: parsed.id };
    if (name === 'end') return { type: 'end', state: parsed.state === 'upcoming' ? 'upcoming' : 'past' };
    if (name === 'reconnect') {
      const ms = typeof parsed.retry_ms === 'number' && parsed.retry_ms >= 0 ? parsed.retry_ms : 1000;
      return { type: 'reconnect', retryMs: Math.min(ms, MAX_RECONNECT_HINT_MS) };
    }
  } catch {
    // A broken event is skipped; the next resume fills any gap.
  }
  return null;
}

import { API_BASE } from '../../shared/constants.ts';
import { currentToken } from './http.ts';

export type EventStreamState = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'closed';

export interface EventStreamOptions {
  /** The path (under the API) and extra headers of each connect: a resume may ask for what came after. */
  request: () => { path: string; headers?: Record<string, string> };
  /** A named event and its JSON data (`reconnect` is handled here; an `end` event is passed on, then ends). */
  onEvent: (name: string, data: unknown) => void;
  /**
   * `closed` says why: `ended` (an `end` event: nothing more will come) or `refused` (401, 403 or 404:
   * signed out or no longer allowed; retrying would not help).
   */
  onState: (state: EventStreamState, why?: 'ended' | 'refused') => void;
  /** The stream is up (first time or again). */
  onOpen?: () => void;
  /** The stream counts as up at this event rather than at the response (the server's "I listen now"). */
  openOn?: string;
}

const MAX_BACKOFF_MS = 30_000;
/** The longest a `reconnect` hint may make us wait: a broken one must not keep the stream away. */
const MAX_RECONNECT_HINT_MS = 10_000;

/** What ended a stream: an `end` event, a `reconnect` hint, or neither (dropped). */
type Ending = { kind: 'end' } | { kind: 'reconnect'; retryMs: number } | { kind: 'dropped' };

/**
 * Server-sent events read with fetch(): EventSource cannot send the bearer token. A dropped stream comes back
 * with backoff (1 s doubling to 30 s, with jitter; at once when the browser comes back online). A server that
 * is stopping ends its streams with a `reconnect` event: that is no failure, so the stream comes back within
 * the time it names (spread, so a class does not arrive at once), with no backoff. Returns the function that
 * stops it.
 */
export function openEventStream(o: EventStreamOptions): () => void {
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
  const onOffline = () => controller?.abort();
  window.addEventListener('online', wake);
  window.addEventListener('offline', onOffline);

  function schedule(hintMs?: number): void {
    if (stopped) return;
    if (!navigator.onLine) {
      o.onState('offline');
      return;
    }
    o.onState('reconnecting');
    const delay =
      hintMs !== undefined
        ? hintMs * Math.random()
        : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures++) * (0.75 + Math.random() * 0.5);
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
  }

  function opened(): void {
    o.onState('live');
    o.onOpen?.();
  }

  async function connect(): Promise<void> {
    const current = new AbortController();
    controller = current;
    let ending: Ending = { kind: 'dropped' };
    try {
      const { path, headers } = o.request();
      const token = currentToken();
      const response = await fetch(`${API_BASE}${path}`, {
        headers: {
          accept: 'text/event-stream',
          ...headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        // Past the service worker's API cache: a stream is never stored.
        cache: 'no-store',
        signal: current.signal,
      });
      if (response.status === 401 || response.status === 403 || response.status === 404) {
        stopped = true;
        o.onState('closed', 'refused');
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      failures = 0;
      if (o.openOn === undefined) opened();
      ending = await readEvents(response.body, (name, data) => {
        if (name === o.openOn) opened();
        else o.onEvent(name, data);
      });
    } catch {
      // Dropped: below.
    } finally {
      if (controller === current) controller = null;
    }
    if (stopped) return;
    if (ending.kind === 'end') {
      stopped = true;
      o.onState('closed', 'ended');
      return;
    }
    schedule(ending.kind === 'reconnect' ? ending.retryMs : undefined);
  }

  void connect();
  o.onState('connecting');
  return () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    controller?.abort();
    window.removeEventListener('online', wake);
    window.removeEventListener('offline', onOffline);
  };
}

/** Reads event blocks until the stream ends; what ended it (the last `end` or `reconnect` event seen). */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  emit: (name: string, data: unknown) => void,
): Promise<Ending> {
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
      const [name, data] = event;
      if (name === 'reconnect') {
        const ms = (data as { retry_ms?: unknown } | null)?.retry_ms;
        ending = {
          kind: 'reconnect',
          retryMs: Math.min(typeof ms === 'number' && ms >= 0 ? ms : 1000, MAX_RECONNECT_HINT_MS),
        };
        continue;
      }
      if (name === 'end') ending = { kind: 'end' };
      emit(name, data);
    }
  }
}

/** One event block: its name and JSON data; comments (heartbeats), `retry:` hints and broken data are skipped. */
function parseBlock(block: string): [string, unknown] | null {
  let name = 'message';
  let text = '';
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') text += text ? `\n${value}` : value;
  }
  if (!text) return null;
  try {
    return [name, JSON.parse(text)];
  } catch {
    // A broken event is skipped; the next resume fills any gap.
    return null;
  }
}

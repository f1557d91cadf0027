import { API_BASE } from '../../../shared/constants.ts';
import { EXAM_LIVE_PATHS, type ExamLiveRowsEvent } from '../../../shared/contracts/exam-live.ts';
import { currentToken } from '../../lib/http.ts';

/** `closed`: refused (signed out, no longer allowed) or the assessment is over; `ended` says which. */
export type ExamStreamState = 'connecting' | 'live' | 'reconnecting' | 'offline' | 'closed';

interface Handlers {
  /** The stream listens now: read the whole view (events of a gap are not replayed). */
  onReady: () => void;
  onRows: (event: ExamLiveRowsEvent) => void;
  onState: (state: ExamStreamState, why?: 'ended' | 'refused') => void;
}

const MAX_BACKOFF_MS = 30_000;
const MAX_RECONNECT_HINT_MS = 10_000;

type Ending = { kind: 'end' } | { kind: 'reconnect'; retryMs: number } | { kind: 'dropped' };

/**
 * The live view's server-sent events, read with fetch() (EventSource cannot send the bearer token). A dropped
 * stream comes back with backoff (1 s doubling to 30 s, with jitter; at once when the browser is online
 * again); a `reconnect` hint (the server stopping) within the time it names. Returns the function that stops it.
 */
export function openExamLiveStream(assessmentId: number, h: Handlers): () => void {
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
      const token = currentToken();
      const response = await fetch(`${API_BASE}${EXAM_LIVE_PATHS.stream(assessmentId)}`, {
        headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        cache: 'no-store',
        signal: current.signal,
      });
      if ([401, 403, 404].includes(response.status)) {
        stopped = true;
        h.onState('closed', 'refused');
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      failures = 0;
      ending = await readEvents(response.body, (name, data) => {
        if (name === 'ready') {
          h.onState('live');
          h.onReady();
        } else if (name === 'rows') h.onRows(data as ExamLiveRowsEvent);
      });
    } catch {
      // Dropped: below.
    } finally {
      if (controller === current) controller = null;
    }
    if (stopped) return;
    if (ending.kind === 'end') {
      stopped = true;
      h.onState('closed', 'ended');
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
      let name = 'message';
      let text = '';
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const v = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') name = v;
        else if (field === 'data') text += text ? `\n${v}` : v;
      }
      if (!text) continue;
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        continue;
      }
      if (name === 'end') ending = { kind: 'end' };
      else if (name === 'reconnect') {
        const ms = (data as { retry_ms?: unknown }).retry_ms;
        ending = {
          kind: 'reconnect',
          retryMs: Math.min(typeof ms === 'number' && ms >= 0 ? ms : 1000, MAX_RECONNECT_HINT_MS),
        };
      } else emit(name, data);
    }
  }
}

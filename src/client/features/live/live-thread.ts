import type { LiveDetail, LiveMessage } from '../../../shared/contracts/live.ts';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { removeLiveMessage, sendLiveMessage } from './live.api.ts';
import { openLiveStream, type StreamState } from './live-stream.ts';

/** A message on screen: the server's, or one of ours on its way. */
export interface ThreadMessage extends LiveMessage {
  /** sent: on the server; sending: in flight; waiting: for the connection; failed: refused (see error). */
  status: 'sent' | 'sending' | 'waiting' | 'failed';
  error?: string;
}

export interface ThreadView {
  messages: ThreadMessage[];
  connection: StreamState;
  /** The thread stopped (not open yet, or over): why, for the screen to say. */
  closedBecause: 'upcoming' | 'past' | null;
}

interface Queued {
  client_id: string;
  body: string;
  created_at: string;
}

/** Retry what waits this often while connected (a 429 or a blip that did not drop the stream). */
const RETRY_MS = 5000;

// sessionStorage: survives a reload and a dropped connection, not the tab (nor the next person on a shared
// computer).
const outboxKey = (userId: number, sessionId: number) => `pathbuilder.live-outbox.${userId}.${sessionId}`;

function readOutbox(key: string): Queued[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as Queued[]) : [];
  } catch {
    return [];
  }
}

export function newClientId(): string {
  return crypto.randomUUID();
}

/**
 * One live discussion's thread on screen: the history, the live stream, and what the student writes, shown
 * at once (optimistic) and sent with its own id, so a resend is never posted twice. What cannot be sent yet
 * waits in sessionStorage and goes when the connection is back; nothing typed is lost to a drop or a reload.
 */
export function createLiveThread(detail: LiveDetail, userId: number) {
  const sessionId = detail.session.id;
  const key = outboxKey(userId, sessionId);
  const confirmed = new Map<number, ThreadMessage>();
  for (const m of detail.messages) confirmed.set(m.id, { ...m, status: 'sent' });
  const pending = new Map<string, ThreadMessage>();
  for (const q of readOutbox(key)) pending.set(q.client_id, ownDraft(q, 'waiting'));
  let connection: StreamState = 'connecting';
  let closedBecause: ThreadView['closedBecause'] = null;
  let view: ThreadView = build();
  const listeners = new Set<() => void>();
  let stop: (() => void) | null = null;
  let retry: ReturnType<typeof setInterval> | null = null;
  const inFlight = new Set<string>();

  function ownDraft(q: Queued, status: ThreadMessage['status']): ThreadMessage {
    return {
      id: 0,
      client_id: q.client_id,
      author_id: userId,
      author_name: null,
      author_is_staff: false,
      body: q.body,
      deleted: false,
      created_at: q.created_at,
      status,
    };
  }

  function build(): ThreadView {
    const sent = [...confirmed.values()].sort((a, b) => a.id - b.id);
    const mine = [...pending.values()].sort((a, b) => a.created_at.localeCompare(b.created_at));
    return { messages: [...sent, ...mine], connection, closedBecause };
  }
  function changed(): void {
    view = build();
    listeners.forEach((l) => l());
  }
  function saveOutbox(): void {
    const queued = [...pending.values()]
      .filter((m) => m.status !== 'failed')
      .map((m) => ({ client_id: m.client_id, body: m.body ?? '', created_at: m.created_at }));
    if (queued.length) sessionStorage.setItem(key, JSON.stringify(queued));
    else sessionStorage.removeItem(key);
  }

  function accept(message: LiveMessage): void {
    // A removal seen first wins over a late copy of the message.
    const removed = confirmed.get(message.id)?.deleted === true;
    confirmed.set(
      message.id,
      removed ? { ...message, body: null, deleted: true, status: 'sent' } : { ...message, status: 'sent' },
    );
    if (pending.delete(message.client_id)) saveOutbox();
    changed();
  }

  async function deliver(m: ThreadMessage): Promise<void> {
    if (inFlight.has(m.client_id)) return;
    inFlight.add(m.client_id);
    pending.set(m.client_id, { ...m, status: 'sending', error: undefined });
    changed();
    try {
      accept(await sendLiveMessage(sessionId, m.client_id, m.body ?? ''));
    } catch (error) {
      const refused = error instanceof ApiError && error.status < 500 && error.status !== 429;
      if (pending.has(m.client_id))
        pending.set(m.client_id, {
          ...m,
          status: refused ? 'failed' : 'waiting',
          error: refused ? errorMessage(error) : undefined,
        });
      saveOutbox();
      changed();
    } finally {
      inFlight.delete(m.client_id);
    }
  }

  function flush(): void {
    if (!navigator.onLine) return;
    for (const m of pending.values()) if (m.status === 'waiting') void deliver(m);
  }

  const lastId = () => Math.max(0, ...[...confirmed.keys()]);

  function start(): void {
    stop = openLiveStream(sessionId, {
      lastId,
      onState: (state) => {
        connection = state;
        changed();
      },
      onOpen: flush,
      onEvent: (event) => {
        if (event.type === 'message') accept(event.message);
        else if (event.type === 'deleted') {
          const m = confirmed.get(event.id);
          if (m) confirmed.set(event.id, { ...m, body: null, deleted: true });
          changed();
        } else {
          closedBecause = event.state;
          changed();
        }
      },
    });
    retry = setInterval(flush, RETRY_MS);
    window.addEventListener('online', flush);
    flush();
  }
  function stopStream(): void {
    stop?.();
    stop = null;
    if (retry) clearInterval(retry);
    window.removeEventListener('online', flush);
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: (): ThreadView => view,

    start,
    stop: stopStream,

    /** Shows the message at once and sends it (or keeps it until the connection is back). */
    send(body: string): void {
      const q: Queued = { client_id: newClientId(), body, created_at: new Date().toISOString() };
      pending.set(q.client_id, ownDraft(q, 'waiting'));
      saveOutbox();
      changed();
      flush();
    },
    /** Forgets a refused message (its text was shown with the reason). */
    discard(clientId: string): void {
      pending.delete(clientId);
      saveOutbox();
      changed();
    },
    retry(clientId: string): void {
      const m = pending.get(clientId);
      if (m) void deliver(m);
    },
    async remove(messageId: number): Promise<void> {
      await removeLiveMessage(sessionId, messageId);
      const m = confirmed.get(messageId);
      if (m) confirmed.set(messageId, { ...m, body: null, deleted: true });
      changed();
    },
    /** Opens the stream again (the thread opened for questions since it said "not yet"). */
    restart(): void {
      stopStream();
      closedBecause = null;
      start();
    },
  };
}
export type LiveThread = ReturnType<typeof createLiveThread>;

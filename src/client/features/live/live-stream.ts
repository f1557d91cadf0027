import { LIVE_PATHS, type LiveMessage } from '../../../shared/contracts/live.ts';
import { type EventStreamState, openEventStream } from '../../lib/event-stream.ts';

export type StreamState = EventStreamState;

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

/**
 * A live discussion's server-sent events (lib/event-stream.ts: backoff, reconnect hints, offline). A resumed
 * stream asks for what came after the newest message it has (Last-Event-ID and ?after=), so nothing said
 * meanwhile is missed. Returns the function that stops it.
 */
export function openLiveStream(sessionId: number, h: Handlers): () => void {
  return openEventStream({
    request: () => {
      const after = h.lastId();
      return {
        path: `${LIVE_PATHS.stream(sessionId)}?after=${after}`,
        headers: { 'last-event-id': String(after) },
      };
    },
    onOpen: h.onOpen,
    onState: (state) => h.onState(state),
    onEvent: (name, data) => {
      const event = toEvent(name, data);
      if (event) h.onEvent(event);
    },
  });
}

function toEvent(name: string, data: unknown): StreamEvent | null {
  const parsed = (data ?? {}) as Record<string, unknown>;
  if (name === 'message') return { type: 'message', message: parsed as unknown as LiveMessage };
  if (name === 'deleted' && typeof parsed.id === 'number') return { type: 'deleted', id: parsed.id };
  if (name === 'end') return { type: 'end', state: parsed.state === 'upcoming' ? 'upcoming' : 'past' };
  return null;
}

import { EXAM_LIVE_PATHS, type ExamLiveRowsEvent } from '../../../shared/contracts/exam-live.ts';
import { type EventStreamState, openEventStream } from '../../lib/event-stream.ts';

/** `closed`: refused (signed out, no longer allowed) or the assessment is over; `ended` says which. */
export type ExamStreamState = EventStreamState;

interface Handlers {
  /** The stream listens now: read the whole view (events of a gap are not replayed). */
  onReady: () => void;
  onRows: (event: ExamLiveRowsEvent) => void;
  onState: (state: ExamStreamState, why?: 'ended' | 'refused') => void;
}

/**
 * The live view's server-sent events (lib/event-stream.ts: backoff, reconnect hints, offline). The stream
 * counts as live at the server's `ready`, when it listens; the screen then reads the whole view (events of a
 * gap are not replayed). Returns the function that stops it.
 */
export function openExamLiveStream(assessmentId: number, h: Handlers): () => void {
  return openEventStream({
    request: () => ({ path: EXAM_LIVE_PATHS.stream(assessmentId) }),
    openOn: 'ready',
    onOpen: h.onReady,
    onState: h.onState,
    onEvent: (name, data) => {
      if (name === 'rows') h.onRows(data as ExamLiveRowsEvent);
    },
  });
}

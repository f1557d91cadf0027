import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExamLiveResponse, ExamLiveRow } from '../../../shared/contracts/exam-live.ts';
import { isAbortError } from '../../lib/http.ts';
import { fetchExamLive } from './exam-live.api.ts';
import { openExamLiveStream, type ExamStreamState } from './exam-live-stream.ts';

export interface ExamLiveState {
  assessment: ExamLiveResponse['assessment'] | null;
  rows: ExamLiveRow[];
  /** Server time minus device time, from the last read (time left is counted on the server's clock). */
  clockOffsetMs: number;
  /** When (device time) the rows were last known current: the last read or event while the stream was live. */
  asOf: number | null;
  stream: ExamStreamState;
  /** When (device time) the stream stopped being live: the rows are as they were then. Null while live. */
  staleSince: number | null;
  /** Why a closed stream closed. */
  closedWhy: 'ended' | 'refused' | null;
  error: unknown;
  loading: boolean;
}

/**
 * The live view: read whole once the stream listens (and after each reconnect, since events of a gap are not
 * replayed), then kept current by the stream's changed rows. A row the stream brought that is newer than a
 * read still on its way is kept over that read's.
 */
export function useExamLive(assessmentId: number) {
  const [state, setState] = useState<ExamLiveState>({
    assessment: null,
    rows: [],
    clockOffsetMs: 0,
    asOf: null,
    stream: 'connecting',
    staleSince: null,
    closedWhy: null,
    error: null,
    loading: true,
  });
  /** Per student, the server time of the newest row the stream gave. */
  const streamed = useRef(new Map<number, string>());
  const reading = useRef<AbortController | null>(null);

  const read = useCallback(async () => {
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;
    const sentAt = Date.now();
    try {
      const view = await fetchExamLive(assessmentId, controller.signal);
      const receivedAt = Date.now();
      const offset = Date.parse(view.server_time) - (sentAt + receivedAt) / 2;
      setState((old) => {
        const byUser = new Map(old.rows.map((r) => [r.user_id, r]));
        const rows = view.rows.map((r) => {
          const newer = streamed.current.get(r.user_id);
          return newer && newer > view.server_time ? (byUser.get(r.user_id) ?? r) : r;
        });
        return {
          ...old,
          assessment: view.assessment,
          rows,
          clockOffsetMs: Math.round(offset),
          asOf: receivedAt,
          error: null,
          loading: false,
        };
      });
    } catch (error) {
      if (isAbortError(error)) return;
      setState((old) => ({ ...old, error, loading: false }));
    }
  }, [assessmentId]);

  useEffect(() => {
    // Read at once (the page has something to show), and again each time the stream is ready.
    void read();
    const stop = openExamLiveStream(assessmentId, {
      onReady: () => void read(),
      onRows: (event) => {
        for (const r of event.rows) streamed.current.set(r.user_id, event.server_time);
        const changed = new Map(event.rows.map((r) => [r.user_id, r]));
        setState((old) => {
          const rows = old.rows.map((r) => changed.get(r.user_id) ?? r);
          // A student not listed before (new to the school since the read).
          for (const r of event.rows) if (!old.rows.some((o) => o.user_id === r.user_id)) rows.push(r);
          return { ...old, rows, asOf: Date.now() };
        });
      },
      onState: (stream, why) =>
        setState((old) => ({
          ...old,
          stream,
          closedWhy: stream === 'closed' ? (why ?? null) : null,
          staleSince:
            stream === 'live' ? null : (old.staleSince ?? (old.stream === 'live' ? Date.now() : null)),
        })),
    });
    return () => {
      stop();
      reading.current?.abort();
    };
  }, [assessmentId, read]);

  return { ...state, reload: read };
}

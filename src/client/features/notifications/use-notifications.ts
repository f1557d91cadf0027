import { useCallback, useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { useLoad, useUnmountSignal } from '../../lib/use-async.ts';
import { loadNotifications, markAsSeen, useNotificationList } from './notifications.store.ts';

/** The notification list of the screen, and marking as seen; every call is cancelled at unmount. */
export function useNotifications() {
  const load = useCallback((signal: AbortSignal) => loadNotifications({}, signal), []);
  const { loading, error, reload, updatedAt } = useLoad(load);
  const list = useNotificationList();
  const signal = useUnmountSignal();
  const [marking, setMarking] = useState(false);
  const [markError, setMarkError] = useState<string | null>(null);

  const mark = useCallback(
    async (ids: number[]) => {
      setMarking(true);
      setMarkError(null);
      try {
        await markAsSeen(ids, signal());
      } catch (failure) {
        if (!signal().aborted) setMarkError(errorMessage(failure));
      } finally {
        if (!signal().aborted) setMarking(false);
      }
    },
    [signal],
  );

  return { list, loading, error, reload, updatedAt, mark, marking, markError };
}

import { useEffect, useState } from 'react';
import { isAbortError } from '../../lib/http.ts';
import { fetchNotifications } from './notifications.api.ts';
import { loadUnseenCount } from './notifications.store.ts';

export interface NewNotificationsState {
  /** Both reads answered (or failed): the dashboard may show, and the line will not move it later. */
  settled: boolean;
  /** The newest unseen notification's title, if any could be read. */
  newest: string | null;
}

/**
 * What the top of the dashboard says is new: the unseen count (into the store, spec section 3) and the newest
 * unseen title, read side by side. The dashboard waits for both, as for its other reads: a line arriving after
 * the page is drawn would push everything under the reader down (a layout shift), and so would its title
 * wrapping onto a second line. A failed read leaves the count as it was and the title out (spec section 8).
 */
export function useNewNotifications(userId: number): NewNotificationsState {
  const [state, setState] = useState<NewNotificationsState>({ settled: false, newest: null });
  useEffect(() => {
    const controller = new AbortController();
    const newest = fetchNotifications(userId, { seen: '0', limit: 1 }, controller.signal).then(
      (list) => list[0]?.title ?? null,
      (error: unknown) => {
        if (!isAbortError(error)) console.error(error);
        return null;
      },
    );
    void Promise.all([loadUnseenCount(controller.signal), newest]).then(([, title]) => {
      if (!controller.signal.aborted) setState({ settled: true, newest: title });
    });
    return () => controller.abort();
  }, [userId]);
  return state;
}

import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { isAbortError } from '../../../lib/http.ts';
import { PATHS } from '../../../shell/paths.ts';
import { useAuth } from '../../../shell/session.ts';
import { fetchNotifications } from '../notifications.api.ts';
import { useUnseenCount } from '../notifications.store.ts';
import '../notifications.css';

/**
 * The top of a student's dashboard when something is new: how many, and the newest one's title, as one link
 * to /notifications. Students have no bell (spec 6), so a reply to their support ticket must show here.
 */
export function NewNotifications() {
  const userId = useAuth().user?.id ?? null;
  const unseen = useUnseenCount();
  const [newest, setNewest] = useState<string | null>(null);
  // The count: the dashboard's notifications card (beside this) asks for it once.
  useEffect(() => {
    if (userId === null || unseen === 0) return;
    const controller = new AbortController();
    // The newest unseen one's title; without it (offline) the count alone still leads there.
    fetchNotifications(userId, { seen: '0', limit: 1 }, controller.signal)
      .then((list) => setNewest(list[0]?.title ?? null))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setNewest(null);
      });
    return () => controller.abort();
  }, [userId, unseen]);
  if (unseen === 0) return null;
  return (
    <section className="new-notifications" aria-label="New notifications">
      <Link className="new-notifications__link" to={PATHS.notifications}>
        <span className="new-notifications__count">
          {unseen} new {unseen === 1 ? 'notification' : 'notifications'}
        </span>
        {newest && <span className="new-notifications__title">{newest}</span>}
        <span className="new-notifications__arrow" aria-hidden="true">
          ›
        </span>
      </Link>
    </section>
  );
}

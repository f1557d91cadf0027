import { Link } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { useUnseenCount } from '../notifications.store.ts';
import '../notifications.css';

/**
 * The top of a student's dashboard when something is new: how many, and the newest one's title, as one link
 * to /notifications. Students have no bell (spec 6), so a reply to their support ticket must show here. The
 * count and title come from useNewNotifications, which the dashboard waits for.
 */
export function NewNotifications({ newest }: { newest: string | null }) {
  const unseen = useUnseenCount();
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

import { useId } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { useUnseenCount } from '../notifications.store.ts';

/**
 * The student's way to their notifications: the spec gives students neither the bell nor a menu entry, so
 * the dashboard says how many are new and links to /notifications. The dashboard reads the count
 * (useNewNotifications) before it shows.
 */
export function NotificationsCard() {
  const id = useId();
  const unseen = useUnseenCount();
  return (
    <section className="card dashboard__section" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        Notifications
      </h2>
      <p>
        {unseen === 0
          ? 'No new notifications.'
          : `You have ${unseen} new ${unseen === 1 ? 'notification' : 'notifications'}.`}
      </p>
      {/* Secondary: the new ones are announced at the top; the first card holds the page's one main action. */}
      <Link className="button button--secondary" to={PATHS.notifications}>
        See your notifications
      </Link>
    </section>
  );
}

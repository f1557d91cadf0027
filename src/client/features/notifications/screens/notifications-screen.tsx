import { Link } from 'react-router-dom';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import '../notifications.css';
import { EmptyState } from '../../../components/empty-state.tsx';
import type { Notification } from '../../../../shared/contracts/notifications.ts';
import { useNotifications } from '../use-notifications.ts';
import { PageTitle } from '../../../shell/page-title.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

export default function NotificationsScreen() {
  const { list, loading, error, updatedAt, mark, marking, markError } = useNotifications();
  usePageReady({ loading, error });
  const unseenIds = list
    .filter((notification) => notification.seen === 0)
    .map((notification) => notification.id);

  return (
    <div className="screen notifications-screen">
      <header className="screen-header">
        <PageTitle>Notifications</PageTitle>
        <button
          type="button"
          className="button button--secondary"
          disabled={marking || unseenIds.length === 0}
          onClick={() => void mark(unseenIds)}
        >
          Mark all as seen
        </button>
      </header>
      <OfflineStamp updatedAt={updatedAt} />
      {markError && (
        <div className="form-message form-message--error" role="alert">
          {markError}
        </div>
      )}
      {!loading && list.length === 0 ? (
        <EmptyState
          title="No notifications"
          text="You are all caught up. New notifications will appear here."
        />
      ) : (
        <ul className="notification-list">
          {list.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              disabled={marking}
              onMark={() => void mark([notification.id])}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function NotificationItem({
  notification,
  disabled,
  onMark,
}: {
  notification: Notification;
  disabled: boolean;
  onMark: () => void;
}) {
  const unseen = notification.seen === 0;
  const link = notification.link;
  // In-app paths go through the router; only http(s) may leave the app (never javascript: and the like).
  const internal = link !== null && link.startsWith('/') && !link.startsWith('//');
  const external = link !== null && /^https?:\/\//i.test(link);
  return (
    <li className={`card notification${unseen ? ' notification--unseen' : ''}`}>
      <div className="notification__body">
        <h2 className="notification__title">
          {unseen && <span className="badge badge--info">New</span>} {notification.title}
        </h2>
        <p className="notification__text">{notification.body}</p>
        <p className="notification__meta">
          <time dateTime={notification.created_at}>{formatDate(notification.created_at)}</time>
          {internal && <Link to={link}>Open</Link>}
          {external && (
            <a href={link} target="_blank" rel="noreferrer noopener">
              Open
            </a>
          )}
        </p>
      </div>
      {unseen && (
        <button type="button" className="button button--small" disabled={disabled} onClick={onMark}>
          Mark as seen
        </button>
      )}
    </li>
  );
}

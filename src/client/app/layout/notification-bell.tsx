import { useNavigate } from 'react-router-dom';
import { useNotificationPolling, useUnseenCount } from '../../features/notifications/notifications.store.ts';
import { PATHS } from '../../shell/paths.ts';
import { BellIcon } from './icons.tsx';

/** Spec 9: the count, "9+" from 10 on, nothing at 0. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count >= 10 ? '9+' : String(count);
}

/** Admins only (spec 6); mounting it starts the unseen-count polling. */
export function NotificationBell() {
  useNotificationPolling();
  const count = useUnseenCount();
  const navigate = useNavigate();
  const badge = badgeText(count);
  return (
    <button
      type="button"
      className="icon-button bell"
      // The badge's count is part of the name (WCAG 2.5.3): what is seen on the button is what it is called.
      aria-label={badge ? `Notifications, ${badge} unseen` : 'Notifications'}
      onClick={() => void navigate(PATHS.notifications)}
    >
      <BellIcon />
      {badge && (
        <span className="bell__badge" data-testid="notification-badge">
          {badge}
        </span>
      )}
    </button>
  );
}

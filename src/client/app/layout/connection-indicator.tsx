import { Link } from 'react-router-dom';
import { useAuth } from '../../shell/session.ts';
import { useConnection } from '../../lib/use-outbox.ts';
import { PATHS, savedOnDevicePath } from '../../shell/paths.ts';
import './connection-indicator.css';

/** Visible text and its longer form (tooltip) for the three states; kept short for a 390 px top bar. */
export function connectionText(
  online: boolean,
  pending: number,
): { label: string; more: string; title: string } {
  const answers = `${pending} ${pending === 1 ? 'answer' : 'answers'}`;
  if (!online) {
    return pending > 0
      ? {
          label: 'Offline',
          more: ` · ${pending} waiting`,
          title: `Offline. ${answers} ${pending === 1 ? 'is' : 'are'} kept on this device and will be sent when you are back online.`,
        }
      : { label: 'Offline', more: '', title: 'Offline. Screens you have opened before still work.' };
  }
  if (pending > 0) return { label: 'Syncing…', more: '', title: `Sending ${answers} to the server.` };
  return { label: 'Online', more: '', title: 'Online. Everything is synced.' };
}

/**
 * The top bar's online/offline state, for every screen (DESIGN.md section 5). Online and synced it is a
 * quiet dot; offline or with answers still to send it says so, and leads to Settings: to what waits, or
 * offline with nothing waiting, to what is saved on this device.
 */
export function ConnectionIndicator() {
  const { user } = useAuth();
  const { online, pending } = useConnection(user?.id ?? null);
  const state = !online ? 'offline' : pending.length > 0 ? 'syncing' : 'online';
  const { label, more, title } = connectionText(online, pending.length);
  const content = (
    <>
      <span className="connection__dot" aria-hidden="true" />
      <span className={state === 'online' ? 'visually-hidden' : 'connection__label'}>{label}</span>
      {more && <span className="connection__more">{more}</span>}
    </>
  );
  return (
    <span className={`connection connection--${state}`} role="status" title={title}>
      {pending.length > 0 || !online ? (
        // Offline with nothing waiting: to what this device keeps, which opens without a connection.
        <Link
          className="connection__link"
          to={pending.length > 0 ? `${PATHS.settings}#waiting-to-sync` : savedOnDevicePath}
        >
          {content}
        </Link>
      ) : (
        content
      )}
    </span>
  );
}

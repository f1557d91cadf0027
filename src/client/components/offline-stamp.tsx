import { useOnline } from '../lib/use-online.ts';
import './offline-stamp.css';

const pad = (n: number) => String(n).padStart(2, '0');
// Made on first use, not when the module loads: a formatter's first construction is slow on a phone, and
// the stamp shows only offline.
let dayFormat: Intl.DateTimeFormat | undefined;

/** "10:42" today, "21 Nov 10:42" before: local time, 24-hour, so a glance tells how old the data is. */
export function formatUpdatedAt(updatedAt: number, now: number = Date.now()): string {
  const at = new Date(updatedAt);
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return at.toDateString() === new Date(now).toDateString()
    ? time
    : `${(dayFormat ??= new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' })).format(at)} ${time}`;
}

export function offlineStampText(updatedAt: number | undefined, now: number = Date.now()): string {
  return updatedAt === undefined ? 'Offline' : `Offline, last updated ${formatUpdatedAt(updatedAt, now)}`;
}

export function refreshingStampText(updatedAt: number | undefined, now: number = Date.now()): string {
  return updatedAt === undefined
    ? 'Refreshing'
    : `Refreshing, last updated ${formatUpdatedAt(updatedAt, now)}`;
}

/**
 * Offline, or when the data on screen is a copy saved earlier (the network failed although the browser
 * says online): says how old the data is. `updatedAt` and `saved` come from the screen's LoadState.
 * `refreshing`: the data is what this device held, shown while the server's answer is on its way.
 */
export function OfflineStamp({
  updatedAt,
  saved = false,
  refreshing = false,
}: {
  updatedAt: number | undefined;
  saved?: boolean;
  refreshing?: boolean;
}) {
  const online = useOnline();
  if (online && !saved && !refreshing) return null;
  return (
    <p className="offline-stamp" role="status">
      {online && !saved ? refreshingStampText(updatedAt) : offlineStampText(updatedAt)}
    </p>
  );
}

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

/** What the stamp says once the server's answer has replaced a held copy on screen. */
export const REFRESHED_STAMP_TEXT = 'Up to date';

/**
 * Offline, or when the data on screen is a copy saved earlier (the network failed although the browser
 * says online): says how old the data is. `updatedAt` and `saved` come from the screen's LoadState.
 * `refreshing`: the data is what this device held, shown while the server's answer is on its way.
 * `refreshed`: the server's answer has just replaced such a copy: the line stays where it was, saying so,
 * so the page does not jump under the student's thumb when the stamp would go.
 */
export function OfflineStamp({
  updatedAt,
  saved = false,
  refreshing = false,
  refreshed = false,
}: {
  updatedAt: number | undefined;
  saved?: boolean;
  refreshing?: boolean;
  refreshed?: boolean;
}) {
  const online = useOnline();
  if (online && !saved && !refreshing) {
    if (!refreshed) return null;
    return (
      <p className="offline-stamp offline-stamp--fresh" role="status">
        {REFRESHED_STAMP_TEXT}
      </p>
    );
  }
  return (
    <p className="offline-stamp" role="status">
      {online && !saved ? refreshingStampText(updatedAt) : offlineStampText(updatedAt)}
    </p>
  );
}

// What the stamp over a screen says about the age of its data (src/client/components/offline-stamp.tsx).
// Plain text with no React: the service worker writes the same words into the dashboard it paints before
// any script has run (sw/painted-dashboard.ts), so they read exactly as the screen will.

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

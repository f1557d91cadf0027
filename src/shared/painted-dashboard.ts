// The student dashboard as it was last painted for the signed-in student, kept on the device so the next
// start of the installed app shows it while the HTML is parsed, before any script has run (issue 28, the
// warm visit). The page writes it (src/client/lib/painted-dashboard.ts) from what React rendered for that
// student, marked as a held copy; the service worker puts it into #root of the app's index.html when it
// answers a navigation to / (sw/painted-dashboard.ts). React then renders the same held dashboard in its
// place, and the server's answer replaces that as before.

/** Its own Cache Storage cache: deleting it whole (sign-out, a dropped session) leaves nothing behind. */
export const PAINTED_CACHE_NAME = 'pathbuilder-painted-dashboard';
/** The one entry in that cache (a same-origin URL nothing serves). */
export const PAINTED_PATH = '/__painted/dashboard';
/** Where the held stamp's words go: written when the page is served, so its time reads as of then. */
export const STAMP_MARK = '<!--held-stamp-->';
/** On #root when it carries a painted dashboard: the id of the student it was painted for. */
export const PAINTED_USER_ATTRIBUTE = 'data-painted-user';

export interface PaintedDashboard {
  userId: number;
  /** When the server produced the data on it (the held copy's updatedAt). */
  updatedAt: number | null;
  /** #root's inner HTML, with STAMP_MARK inside the held stamp. */
  html: string;
}

export function isPaintedDashboard(value: unknown): value is PaintedDashboard {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.userId === 'number' &&
    (v.updatedAt === null || typeof v.updatedAt === 'number') &&
    typeof v.html === 'string' &&
    v.html.includes(STAMP_MARK)
  );
}

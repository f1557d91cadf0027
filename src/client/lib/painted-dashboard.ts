import {
  PAINTED_CACHE_NAME,
  PAINTED_PATH,
  PAINTED_USER_ATTRIBUTE,
  STAMP_MARK,
} from '../../shared/painted-dashboard.ts';
import type { PaintedDashboard } from '../../shared/painted-dashboard.ts';

// The page's side of the painted dashboard (src/shared/painted-dashboard.ts): what React rendered for the
// signed-in student, kept for the service worker to paint at the next start, marked as a held copy.

/** What is never kept: dialogs, toasts and offers float over the page and are the moment's, not the data's. */
const TRANSIENT = '[role="dialog"], [role="alertdialog"], .Toastify, .install-prompt, [data-transient]';

/**
 * `root`'s inner HTML as the held dashboard will render it at the next start: the stamp over the dashboard
 * (absent, or "Up to date" for the server's answer) becomes the held copy's, its words left to the worker
 * (STAMP_MARK). Null when `root` does not hold the student dashboard.
 */
export function paintedHtml(root: HTMLElement): string | null {
  const copy = root.cloneNode(true) as HTMLElement;
  const screen = copy.querySelector('.screen.dashboard');
  const columns = screen?.querySelector(':scope > .dashboard__columns');
  if (!screen || !columns) return null;
  for (const node of copy.querySelectorAll(TRANSIENT)) node.remove();
  // The page as shown once ready (shell/page-load.tsx): its own effect may not have marked it so yet.
  for (const node of copy.querySelectorAll('.content > .loading')) node.remove();
  const page = screen.closest('.page');
  if (page) page.setAttribute('data-status', 'loaded');
  for (const stamp of screen.querySelectorAll(':scope > .offline-stamp')) stamp.remove();
  const stamp = copy.ownerDocument.createElement('p');
  stamp.className = 'offline-stamp';
  stamp.setAttribute('role', 'status');
  stamp.append(copy.ownerDocument.createComment(STAMP_MARK.slice(4, -3)));
  screen.insertBefore(stamp, columns);
  const html = copy.innerHTML;
  return html.includes(STAMP_MARK) ? html : null;
}

function cacheStorage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

const paintedUrl = () => new URL(PAINTED_PATH, window.location.origin).href;

// Counts the drops: a copy whose keeping began before a drop (sign-out, a 401) never outlives it.
let drops = 0;

/** Keeps `painted` for the next start (the worker reads it); failures cost only that start's speed. */
export async function keepPaintedDashboard(painted: PaintedDashboard): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  const dropsBefore = drops;
  try {
    const cache = await storage.open(PAINTED_CACHE_NAME);
    await cache.put(
      paintedUrl(),
      new Response(JSON.stringify(painted), { headers: { 'Content-Type': 'application/json' } }),
    );
    // Dropped meanwhile: the session it was painted for is gone, so the copy goes too.
    if (drops !== dropsBefore) await storage.delete(PAINTED_CACHE_NAME);
  } catch {
    // Storage refused or full: the next start paints as before.
  }
}

/** Removes the kept dashboard (sign-in, sign-out, a dropped session): nobody is painted it any more. */
export async function dropPaintedDashboard(): Promise<void> {
  drops += 1;
  const storage = cacheStorage();
  if (!storage) return;
  try {
    await storage.delete(PAINTED_CACHE_NAME);
  } catch {
    // Nothing more to do: the worker finds no copy it can read, or the old one for the same session.
  }
}

/**
 * At start: whether `root` carries a dashboard the worker painted for `userId` (the signed-in user). One
 * painted for anyone else, or with no session, is taken off the page at once and dropped from the device.
 */
export function adoptPaintedDashboard(root: HTMLElement, userId: number | null): boolean {
  const painted = root.getAttribute(PAINTED_USER_ATTRIBUTE);
  if (painted === null) return false;
  root.removeAttribute(PAINTED_USER_ATTRIBUTE);
  if (userId !== null && painted === String(userId)) return true;
  root.replaceChildren();
  void dropPaintedDashboard();
  return false;
}

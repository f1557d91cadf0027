import { whenFirstPageShown } from '../shell/page-load.tsx';

/**
 * Runs `task` once the page has loaded and the main thread is idle (at the latest `timeoutMs` after the
 * load), so start-up work that the first screen does not need never competes with it.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    } else {
      window.setTimeout(task, 1);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}

/** A first page that never settles (a request hanging on classroom Wi-Fi) holds start-up work no longer. */
export const FIRST_PAGE_WAIT_MS = 10_000;

/**
 * Runs `task` when idle after the first page is shown (its form usable, its data painted), or
 * FIRST_PAGE_WAIT_MS after the load at the latest: the service worker's precache, the outbox and the rest
 * then never take the network or the main thread from the first screen.
 */
export function afterFirstPage(task: () => void, waitMs = FIRST_PAGE_WAIT_MS): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // After the next frame is painted (a frame callback, then a task): the first page's own paint, and the
    // render that follows the first commit (a hydrated form's enabled button), go first. A hidden tab paints
    // no frames: there, a task of its own.
    const next = () => window.setTimeout(() => whenIdle(task), 0);
    if (document.visibilityState === 'hidden' || typeof window.requestAnimationFrame !== 'function') next();
    else window.requestAnimationFrame(() => afterPaintShown(next));
  };
  void whenFirstPageShown().then(start);
  whenIdle(() => window.setTimeout(start, waitMs));
}

/** The longest wait for the browser to report the first page's paint as shown (see afterPaintShown). */
export const PAINT_SHOWN_WAIT_MS = 300;

/**
 * Calls `next` once the frame being painted is on the screen: when the browser reports its largest paint
 * (a `largest-contentful-paint` entry, the first page's largest text), or PAINT_SHOWN_WAIT_MS at the latest
 * (a frame with no new largest paint, a browser without the entry). A request started in the same frame, a
 * few milliseconds before the paint is shown, is one Lighthouse counts as needed for that paint.
 */
function afterPaintShown(next: () => void): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const go = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    next();
  };
  if (
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    observer = new PerformanceObserver(go);
    observer.observe({ type: 'largest-contentful-paint' });
  }
  window.setTimeout(go, PAINT_SHOWN_WAIT_MS);
}

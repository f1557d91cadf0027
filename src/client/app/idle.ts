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

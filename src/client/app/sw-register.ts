import { showToast } from '../components/toast.tsx';

export const UPDATE_MESSAGE = 'A new version is available —';

/**
 * Production only: a dev server has no /sw.js, and a worker caching dev modules would hide edits.
 * A waiting worker means a new deployment (DESIGN.md 5); the user decides when to switch, because
 * reloading mid-quiz unasked would be worse than running the old version a little longer.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Loaded only here, so the first screen does not wait for code it needs after start-up.
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { type: 'module' });
  wb.addEventListener('waiting', () => {
    showToast({
      message: UPDATE_MESSAGE,
      type: 'info',
      duration: false,
      action: {
        label: 'Reload',
        onClick: () => {
          // Reload once the new worker controls the page, so the reload is served by it.
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
      },
    });
  });
  try {
    await wb.register();
  } catch (error) {
    console.error('Service worker registration failed.', error);
  }
}

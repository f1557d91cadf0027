/** Asks the service worker to drop its cached API answers (sw/messages.ts); resolves when done, or after 2 s. */
export function clearServiceWorkerApiCache(): Promise<void> {
  const worker = typeof navigator === 'undefined' ? null : (navigator.serviceWorker?.controller ?? null);
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 2000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type: 'CLEAR_API_CACHE' }, [channel.port2]);
  });
}

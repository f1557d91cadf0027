import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { readItem, writeItem } from '../lib/storage.ts';
import './install-prompt.css';

/** Chrome's and Android's event (not in TypeScript's DOM types): the browser's own install dialog, deferred. */
interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Remembered on this device: once dismissed (or installed from here), the prompt stays away. */
export const INSTALL_DISMISSED_KEY = 'pathbuilder.install-prompt-dismissed';
/** Remembered on this device: the student has gone past the first screen they were shown. */
export const INSTALL_ENGAGED_KEY = 'pathbuilder.install-engaged';

// The screen the app first showed in this page's life: moving on from it is using the app.
let firstPath: string | null = null;

/**
 * Whether the student has used the app: opened a second screen, now or on an earlier start on this device.
 * Until then nothing is offered: the first screen a student ever sees is theirs to read, not a request to
 * install (the browser offers installation within a second of a first visit, once the worker is ready).
 */
function useEngaged(): boolean {
  const { pathname } = useLocation();
  // Set once (the same on every render of this page's life).
  firstPath ??= pathname;
  const engaged = pathname !== firstPath || readItem('local', INSTALL_ENGAGED_KEY) !== null;
  useEffect(() => {
    if (engaged) writeItem('local', INSTALL_ENGAGED_KEY, '1');
  }, [engaged]);
  return engaged;
}

// The browser may offer installation before React has drawn anything: the event is kept from the start.
let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    // Without this, Chrome shows its own mini bar at a moment of its choosing.
    e.preventDefault();
    deferred = e as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    writeItem('local', INSTALL_DISMISSED_KEY, 'installed');
    changed();
  });
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Already running as the installed app (Android, desktop) or from the iOS home screen. */
function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as { standalone?: boolean }).standalone === true
  );
}

/** Safari on an iPhone or iPad, which installs only through Share → Add to Home Screen (no event). */
function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
}

/**
 * "Install Pathbuilder": a small, dismissible line above the page. On Chrome and Android it appears when the
 * browser offers installation (`beforeinstallprompt`) and opens the browser's own dialog; on iOS Safari it
 * says how (Share, then Add to Home Screen). Only once the student has used the app (useEngaged); never
 * inside the installed app, and never again on this device once dismissed.
 */
export function InstallPrompt() {
  const id = useId();
  const engaged = useEngaged();
  const event = useSyncExternalStore(
    subscribe,
    () => deferred,
    () => null,
  );
  const [dismissed, setDismissed] = useState(() => readItem('local', INSTALL_DISMISSED_KEY) !== null);
  const [standalone, setStandalone] = useState(isStandalone);
  const [ios] = useState(isIosSafari);
  useEffect(() => {
    const query = window.matchMedia?.('(display-mode: standalone)');
    const update = () => setStandalone(isStandalone());
    query?.addEventListener('change', update);
    return () => query?.removeEventListener('change', update);
  }, []);

  if (dismissed || standalone || !engaged || (!event && !ios)) return null;
  const dismiss = () => {
    writeItem('local', INSTALL_DISMISSED_KEY, 'dismissed');
    setDismissed(true);
  };
  const install = async () => {
    if (!event) return;
    await event.prompt();
    const { outcome } = await event.userChoice;
    // The browser's event serves once: whatever the answer, this offer is spent.
    deferred = null;
    changed();
    if (outcome === 'accepted') dismiss();
  };
  return (
    <section className="install-prompt" aria-labelledby={`${id}-title`}>
      <p className="install-prompt__text">
        <strong id={`${id}-title`}>Install Pathbuilder</strong>{' '}
        {event
          ? 'on this device: it opens from your home screen and works offline.'
          : 'on this device: tap Share, then “Add to Home Screen”.'}
      </p>
      <div className="install-prompt__actions">
        {event && (
          <button type="button" className="button" onClick={() => void install()}>
            Install
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={dismiss}>
          Not now
        </button>
      </div>
    </section>
  );
}

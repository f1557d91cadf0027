import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatUpdatedAt } from '../../../components/offline-stamp.tsx';
import { showToast } from '../../../components/toast.tsx';
import type { SavedOfflineItem } from '../../../lib/offline-content.ts';
import {
  formatBytes,
  listOffline,
  offlineErrorMessage,
  onOfflineChange,
  removeOffline,
  storageEstimate,
} from '../../../lib/offline-content.ts';
import { SAVED_ON_DEVICE_ID } from '../../../shell/paths.ts';
import './offline-content-card.css';

const KIND_LABEL: Record<SavedOfflineItem['kind'], string> = {
  file: 'File',
  lecture: 'Lecture',
  video: 'Video',
};

interface Shown {
  items: SavedOfflineItem[];
  estimate: { usage: number; quota: number } | null;
}

/**
 * Settings → Saved on this device (issue 8 item 5, issue 24 item 4): what this device keeps for the signed-in
 * user ("Make available offline"), how much room it takes and how much the browser allows, with Open and
 * Remove for each item. A section of Settings, not a route of its own: the spec's route list has none, and
 * Settings already gathers what this device keeps (Waiting to sync) and opens offline.
 */
export function OfflineContentCard() {
  const id = SAVED_ON_DEVICE_ID;
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const [shown, setShown] = useState<Shown | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const load = () =>
      Promise.all([listOffline(), storageEstimate()]).then(
        ([items, estimate]) => current && setShown({ items, estimate }),
        () => current && setShown({ items: [], estimate: null }),
      );
    void load();
    const stop = onOfflineChange(() => void load());
    return () => {
      current = false;
      stop();
    };
  }, []);

  const onRemove = async (item: SavedOfflineItem) => {
    setRemoving(item.key);
    try {
      await removeOffline(item.key);
      showToast({ message: `“${item.title}” is no longer kept on this device.`, type: 'success' });
    } catch (error) {
      showToast({ title: 'Not removed', message: offlineErrorMessage(error), type: 'error' });
    } finally {
      setRemoving(null);
    }
  };

  // Opened from the offline notice (…/settings#saved-on-this-device): the list, not the password form.
  const ready = shown !== null;
  useEffect(() => {
    if (ready && hash === `#${SAVED_ON_DEVICE_ID}`) section.current?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);

  const total = shown?.items.reduce((sum, item) => sum + item.bytes, 0) ?? 0;
  return (
    <section ref={section} id={id} className="card offline-content" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Saved on this device
      </h2>
      {shown === null ? (
        <p>Loading...</p>
      ) : shown.items.length === 0 ? (
        <p className="offline-content__empty">
          Nothing is saved on this device yet. Choose “Make available offline” on a lecture, video or file to
          open it without a connection.
        </p>
      ) : (
        <>
          <p className="offline-content__total">
            Using {formatBytes(total)}
            {shown.estimate && ` of about ${formatBytes(shown.estimate.quota)} available on this device`}.
          </p>
          <ul className="offline-content__list" aria-label="Saved for offline use">
            {shown.items.map((item) => (
              <li key={item.key} className="offline-content__item">
                <div className="offline-content__what">
                  <strong>{item.title}</strong>
                  <span className="field__hint">
                    {KIND_LABEL[item.kind]} · {formatBytes(item.bytes)} · saved{' '}
                    <time dateTime={item.saved_at}>{formatUpdatedAt(Date.parse(item.saved_at))}</time>
                  </span>
                </div>
                <div className="offline-content__actions">
                  <Link
                    className="button button--secondary button--small"
                    to={item.openPath}
                    aria-label={`Open ${item.title}`}
                  >
                    Open
                  </Link>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={removing === item.key}
                    aria-label={`Remove ${item.title}`}
                    onClick={() => void onRemove(item)}
                  >
                    {removing === item.key ? 'Removing…' : 'Remove'}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

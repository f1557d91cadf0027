import type { OfflineItem } from '../lib/offline-content.ts';
import { formatBytes } from '../lib/offline-content.ts';
import { useOfflineItem } from '../lib/use-offline-item.ts';
import './available-offline-button.css';

/**
 * Issue 8 item 5: keeps a lecture, video or file on this device. "Make available offline" → "Saving… 3.2 MB"
 * → "Available offline · 12.4 MB" with Remove. Settings lists everything saved (offline-content-card.tsx).
 */
export function AvailableOfflineButton({ item }: { item: OfflineItem }) {
  const { saved, bytes, busy, error, save, remove } = useOfflineItem(item.key);
  const size = bytes === null ? '' : ` · ${formatBytes(bytes)}`;
  return (
    <div className="offline-button">
      {saved && !busy ? (
        <>
          <p className="offline-button__state" role="status">
            <span aria-hidden="true">✓ </span>Available offline{size}
          </p>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`Remove the offline copy of ${item.title}`}
            onClick={() => void remove()}
          >
            Remove
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void save(item)}
        >
          {busy ? (bytes === null ? 'Removing…' : `Saving… ${formatBytes(bytes)}`) : 'Make available offline'}
        </button>
      )}
      {error && (
        <p className="offline-button__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

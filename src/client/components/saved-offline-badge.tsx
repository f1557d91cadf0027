import './available-offline-button.css';

/**
 * Marks an item of a list that the student keeps on this device ("Make available offline"): it opens with
 * no connection. Settings → Saved on this device lists them all.
 */
export function SavedOfflineBadge({ saved }: { saved: boolean }) {
  if (!saved) return null;
  return (
    <span className="badge badge--success saved-offline-badge">
      <span aria-hidden="true">✓ </span>Available offline
    </span>
  );
}

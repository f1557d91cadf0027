import { useOnline } from '../lib/use-online.ts';
import { offlineStampText, REFRESHED_STAMP_TEXT, refreshingStampText } from '../../shared/stamp-text.ts';
import './offline-stamp.css';

export {
  formatUpdatedAt,
  offlineStampText,
  refreshingStampText,
  REFRESHED_STAMP_TEXT,
} from '../../shared/stamp-text.ts';

/**
 * Offline, or when the data on screen is a copy saved earlier (the network failed although the browser
 * says online): says how old the data is. `updatedAt` and `saved` come from the screen's LoadState.
 * `refreshing`: the data is what this device held, shown while the server's answer is on its way.
 * `refreshed`: the server's answer has just replaced such a copy: the line stays where it was, saying so,
 * so the page does not jump under the student's thumb when the stamp would go.
 */
export function OfflineStamp({
  updatedAt,
  saved = false,
  refreshing = false,
  refreshed = false,
}: {
  updatedAt: number | undefined;
  saved?: boolean;
  refreshing?: boolean;
  refreshed?: boolean;
}) {
  const online = useOnline();
  if (online && !saved && !refreshing) {
    if (!refreshed) return null;
    return (
      <p className="offline-stamp offline-stamp--fresh" role="status">
        {REFRESHED_STAMP_TEXT}
      </p>
    );
  }
  return (
    <p className="offline-stamp" role="status">
      {online && !saved ? refreshingStampText(updatedAt) : offlineStampText(updatedAt)}
    </p>
  );
}

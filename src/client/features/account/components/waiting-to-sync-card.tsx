import { formatUpdatedAt } from '../../../components/offline-stamp.tsx';
import { useWaitingToSync } from '../use-waiting-to-sync.ts';

/**
 * Settings' list of what this device has not delivered yet (DESIGN.md section 5): which quiz, which
 * question, since when, and a Retry that sends them now. It empties itself as the answers reach the server.
 */
export function WaitingToSyncCard() {
  const { online, items, retrying, outcome, retry } = useWaitingToSync();
  return (
    <section className="card waiting-sync" id="waiting-to-sync" aria-labelledby="waiting-sync-title">
      <h2 id="waiting-sync-title" className="card__title">
        Waiting to sync
      </h2>
      {items.length === 0 ? (
        <p className="waiting-sync__empty">
          Everything is synced. Answers you give without a connection are kept on this device and listed here
          until they reach the server.
        </p>
      ) : (
        <>
          <p className="field__hint">
            {online
              ? 'These are kept safely on this device and are being sent to the server.'
              : 'You’re offline. These are kept safely on this device and will be sent when you’re back online.'}
          </p>
          <ul className="waiting-sync__list" aria-label="Waiting to sync">
            {items.map((item) => (
              <li key={item.key} className="waiting-sync__item">
                <strong>{item.what}</strong>
                <span className="field__hint">
                  {item.detail} · since{' '}
                  <time dateTime={new Date(item.since).toISOString()}>{formatUpdatedAt(item.since)}</time>
                </span>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button--secondary"
            disabled={retrying}
            onClick={() => void retry()}
          >
            {retrying ? 'Sending…' : 'Retry'}
          </button>
        </>
      )}
      <p className="waiting-sync__outcome" role="status">
        {outcome === 'waiting' && items.length > 0
          ? 'The server could not be reached. We’ll keep trying, and nothing is lost.'
          : outcome === 'sent' && items.length === 0
            ? 'All sent.'
            : ''}
      </p>
    </section>
  );
}

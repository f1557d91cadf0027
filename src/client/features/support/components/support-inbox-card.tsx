import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { ListBody } from '../../../components/list-kit/index.ts';
import { useLoad } from '../../../lib/use-async.ts';
import { fetchTickets } from '../support.api.ts';
import { formatWhen } from '../support-format.ts';
import './support-inbox-card.css';

const SHOWN = 5;

/**
 * The staff's support inbox as the Admin Dashboard shows it: how many requests wait for an answer and the
 * latest of them, each a link to its conversation on Support (the spec's one place for tickets).
 */
export function SupportInboxCard() {
  const load = useCallback(
    (signal: AbortSignal) => fetchTickets({ status: 'open', perPage: SHOWN }, signal),
    [],
  );
  const open = useLoad(load);
  return (
    <section className="card support-inbox-card" aria-labelledby="support-inbox-card-title">
      <h2 id="support-inbox-card-title" className="card__title">
        Support inbox
      </h2>
      <ListBody load={open} loading="inline" errors="message">
        {({ data, total }) => (
          <>
            <p>
              {total === 0
                ? 'No requests are waiting for an answer.'
                : `${total} ${total === 1 ? 'request is' : 'requests are'} waiting for an answer.`}
            </p>
            {data.length > 0 && (
              <ul className="support-inbox-card__list">
                {data.map((t) => (
                  <li key={t.id}>
                    <Link to={`${PATHS.support}?ticket=${t.id}`}>{t.subject}</Link>{' '}
                    <span className="support-inbox-card__when">
                      {t.user_name} · {formatWhen(t.updated_at)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </ListBody>
      <Link className="button button--secondary" to={PATHS.support}>
        Open the support inbox
      </Link>
    </section>
  );
}

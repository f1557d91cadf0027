import { Loading } from '../../../components/loading.tsx';
import { AUDIT_ACTION_LABELS } from '../../../../shared/contracts/user-roles.ts';
import { errorMessage } from '../../../lib/http.ts';
import type { LoadState } from '../../../lib/use-async.ts';
import type { AuditPage } from '../roles.api.ts';
import { AUDIT_PER_PAGE } from '../use-roles.ts';

/** Who changed whose roles, what and when: newest first, a page at a time. */
export function AuditLogTable({
  log,
  page,
  onPage,
}: {
  log: LoadState<AuditPage>;
  page: number;
  onPage: (page: number) => void;
}) {
  const data = log.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / AUDIT_PER_PAGE)) : 1;
  return (
    <section className="card" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      {log.error !== null && !data ? (
        <div className="form-message form-message--error" role="alert">
          <p>{errorMessage(log.error)}</p>
          <button type="button" className="button button--small" onClick={log.reload}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <Loading variant="centered" />
      ) : data.data.length === 0 ? (
        <p className="roles__muted">No role has been changed yet.</p>
      ) : (
        <>
          <div className="roles__table-wrap">
            <table className="roles__table">
              <caption className="visually-hidden">Audit log</caption>
              <thead>
                <tr>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">For</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((e) => (
                  <tr key={e.id}>
                    <td>{e.actor_name}</td>
                    <td>
                      {AUDIT_ACTION_LABELS[e.action]}
                      <div className="roles__muted">
                        {e.before} → {e.after}
                      </div>
                    </td>
                    <td>{e.target_name}</td>
                    <td>
                      <time dateTime={e.created_at}>{new Date(e.created_at).toLocaleString()}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav className="roles__pager" aria-label="Pages of the audit log">
              <button
                type="button"
                className="button button--small button--secondary"
                disabled={page <= 1}
                onClick={() => onPage(page - 1)}
              >
                Newer
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="button button--small button--secondary"
                disabled={page >= pages}
                onClick={() => onPage(page + 1)}
              >
                Older
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

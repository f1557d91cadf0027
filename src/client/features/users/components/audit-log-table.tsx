import { DataTable, StepPagedList } from '../../../components/list-kit/index.ts';
import type { Column } from '../../../components/list-kit/index.ts';
import { AUDIT_ACTION_LABELS } from '../../../../shared/contracts/user-roles.ts';
import type { LoadState } from '../../../lib/use-async.ts';
import type { AuditPage } from '../roles.api.ts';
import { AUDIT_PER_PAGE } from '../use-roles.ts';

const COLUMNS: Array<Column<AuditPage['data'][number]>> = [
  { key: 'who', header: 'Who', cell: (e) => e.actor_name },
  {
    key: 'what',
    header: 'What',
    cell: (e) => (
      <>
        {AUDIT_ACTION_LABELS[e.action]}
        <div className="roles__muted">
          {e.before} → {e.after}
        </div>
      </>
    ),
  },
  { key: 'for', header: 'For', cell: (e) => e.target_name },
  {
    key: 'when',
    header: 'When',
    cell: (e) => <time dateTime={e.created_at}>{new Date(e.created_at).toLocaleString()}</time>,
  },
];

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
  return (
    <section className="card" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <StepPagedList
        load={log}
        page={page}
        perPage={AUDIT_PER_PAGE}
        pager={{
          ariaLabel: 'Pages of the audit log',
          className: 'roles__pager',
          previous: 'Newer',
          next: 'Older',
        }}
        onPage={onPage}
        empty={<p className="roles__muted">No role has been changed yet.</p>}
      >
        {(rows) => (
          <DataTable
            columns={COLUMNS}
            rows={rows}
            rowKey={(e) => e.id}
            caption="Audit log"
            className="roles__table"
            wrap={{ className: 'roles__table-wrap' }}
          />
        )}
      </StepPagedList>
    </section>
  );
}

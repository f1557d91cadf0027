import { EmptyState } from '../../../components/empty-state.tsx';
import { ListBody } from '../../../components/list-kit/index.ts';
import { showToast } from '../../../components/toast.tsx';
import type { SchoolRequest } from '../../../../shared/contracts/school-requests.ts';
import { errorMessage } from '../../../lib/http.ts';
import type { LoadState } from '../../../lib/use-async.ts';
import { useAction } from '../../../lib/use-async.ts';
import { approveSchoolRequest, denySchoolRequest } from '../schools.api.ts';
import type { SchoolRequestPage } from '../schools.api.ts';
import { SCHOOL_REQUESTS_SHOWN } from '../use-school-requests.ts';

/** The queue of students asking to join (the caller's schools; an admin's: every school). */
export function SchoolRequestsSection({ requests }: { requests: LoadState<SchoolRequestPage> }) {
  return (
    <section className="card" aria-labelledby="school-requests-title">
      <h2 id="school-requests-title">Requests to join</h2>
      <p className="school-requests__muted">
        Students choose a school when they register or on their Account page, and join it only when its staff
        approve. Until then they see none of its quizzes and exams.
      </p>
      <ListBody
        load={requests}
        isEmpty={(data) => data.data.length === 0}
        empty={<EmptyState title="No requests waiting" text="Nobody is waiting to join your schools." />}
      >
        {(data) => <RequestTable requests={data.data} total={data.total} onDecided={requests.reload} />}
      </ListBody>
    </section>
  );
}

function RequestTable({
  requests,
  total,
  onDecided,
}: {
  requests: SchoolRequest[];
  total: number;
  onDecided: () => void;
}) {
  return (
    <div className="school-requests__table-wrap">
      <table className="school-requests__table">
        <caption className="visually-hidden">Requests to join</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Asks to join</th>
            <th scope="col">Now in</th>
            <th scope="col">Asked</th>
            <th scope="col">Decision</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((r) => (
            <RequestRow key={r.id} request={r} onDecided={onDecided} />
          ))}
        </tbody>
      </table>
      {total > requests.length && (
        <p className="school-requests__muted">
          Showing the newest {SCHOOL_REQUESTS_SHOWN} of {total} requests; decide these to see the rest.
        </p>
      )}
    </div>
  );
}

function RequestRow({ request, onDecided }: { request: SchoolRequest; onDecided: () => void }) {
  const approve = useAction(approveSchoolRequest);
  const deny = useAction(denySchoolRequest);
  const pending = approve.pending || deny.pending;
  const decide = async (verdict: 'approve' | 'deny') => {
    const result = verdict === 'approve' ? await approve.run(request.id) : await deny.run(request.id);
    if (result.ok) {
      showToast({
        message:
          verdict === 'approve'
            ? `${request.full_name} is now a student of ${request.school_name}.`
            : `${request.full_name}'s request to join ${request.school_name} was declined.`,
        type: 'success',
      });
    } else {
      showToast({ message: errorMessage(result.error), type: 'error' });
    }
    // Also after a failure: a 409 means someone else decided it meanwhile.
    onDecided();
  };
  return (
    <tr>
      <td>
        {request.full_name}
        <div className="school-requests__muted">{request.email}</div>
      </td>
      <td>{request.school_name}</td>
      <td>{request.current_school_name ?? 'No school yet'}</td>
      <td>{new Date(request.created_at).toLocaleString()}</td>
      <td>
        <div className="school-requests__actions">
          <button
            type="button"
            className="button button--small"
            disabled={pending}
            aria-label={`Approve ${request.full_name}`}
            onClick={() => void decide('approve')}
          >
            Approve
          </button>
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={pending}
            aria-label={`Deny ${request.full_name}`}
            onClick={() => void decide('deny')}
          >
            Deny
          </button>
        </div>
      </td>
    </tr>
  );
}

import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import type { NeedsAttention as Attention } from '../../../../shared/contracts/needs-attention.ts';
import { LoadError } from '../../../components/list-kit/index.ts';
import { Loading } from '../../../components/loading.tsx';
import { whenText } from '../../../lib/dates.ts';
import { useLoad } from '../../../lib/use-async.ts';
import { PATHS } from '../../../shell/paths.ts';
import './needs-attention.css';
import { fetchNeedsAttention } from '../needs-attention.api.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Needs attention" on the staff dashboard: who waits for a yes, who has gone quiet, which topics are hard.
 * Each part links to where it is dealt with. Its own section with its own request, so the dashboard's numbers
 * show even if this fails.
 */
export function NeedsAttention() {
  const load = useCallback((signal: AbortSignal) => fetchNeedsAttention(signal), []);
  const state = useLoad(load);
  return (
    <section className="card needs-attention" aria-labelledby="needs-attention-title">
      <h2 id="needs-attention-title" className="card__title">
        Needs attention
      </h2>
      {state.error && !state.data ? (
        <LoadError error={state.error} onRetry={state.reload} />
      ) : !state.data ? (
        <Loading />
      ) : (
        <div className="needs-attention__parts">
          <JoinRequests part={state.data.join_requests} />
          <Quiet part={state.data.inactive} />
          <WeakTopics topics={state.data.weak_topics} />
        </div>
      )}
    </section>
  );
}

function JoinRequests({ part }: { part: Attention['join_requests'] }) {
  return (
    <section aria-labelledby="attention-requests" className="needs-attention__part">
      <h3 id="attention-requests">
        {part.total === 0
          ? 'No requests to join'
          : plural(part.total, 'request to join waits', 'requests to join wait')}
      </h3>
      {part.latest.length > 0 && (
        <ul>
          {part.latest.map((r) => (
            <li key={r.id}>
              {r.full_name}{' '}
              <span className="needs-attention__muted">
                · {r.school_name} · {whenText(r.created_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {part.total > 0 && (
        <Link className="needs-attention__go" to={PATHS.adminSchools}>
          Approve or decline in Manage Schools
        </Link>
      )}
    </section>
  );
}

function Quiet({ part }: { part: Attention['inactive'] }) {
  return (
    <section aria-labelledby="attention-quiet" className="needs-attention__part">
      <h3 id="attention-quiet">
        {part.total === 0
          ? `Every student active in the last ${part.days} days`
          : `${plural(part.total, 'student', 'students')} not active for ${part.days} days`}
      </h3>
      {part.students.length > 0 && (
        <ul>
          {part.students.map((s) => (
            <li key={s.user_id}>
              <Link to={PATHS.adminLearningProfile(s.user_id)}>{s.full_name}</Link>{' '}
              <span className="needs-attention__muted">
                · {s.last_active_at ? `last active ${whenText(s.last_active_at)}` : 'never active'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {part.total > 0 && (
        <Link className="needs-attention__go" to={`${PATHS.adminReports}?tab=inactive`}>
          See all in Reports
        </Link>
      )}
    </section>
  );
}

function WeakTopics({ topics }: { topics: Attention['weak_topics'] }) {
  return (
    <section aria-labelledby="attention-topics" className="needs-attention__part">
      <h3 id="attention-topics">{topics.length === 0 ? 'No weak topics yet' : 'Weakest topics'}</h3>
      {topics.length > 0 && (
        <ul>
          {topics.map((t) => (
            <li key={t.micro_topic_id}>
              {t.name}{' '}
              <span className="needs-attention__muted">
                · {t.not_mastered} of {plural(t.students, 'student', 'students')} not there yet
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link className="needs-attention__go" to={`${PATHS.adminReports}?tab=rankings`}>
        See progress in Reports
      </Link>
    </section>
  );
}

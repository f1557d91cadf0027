import { Link } from 'react-router-dom';
import type { Dashboard } from '../../../../shared/contracts/reports.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { BarChart } from '../../../components/bar-chart.tsx';
import { LoadError } from '../../../components/list-kit/index.ts';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { SupportInboxCard } from '../../support/index.ts';
import { dayText, whenText } from '../../../lib/dates.ts';
import { NeedsAttention } from '../components/needs-attention.tsx';
import { useAdminDashboard } from '../use-admin-dashboard.ts';
import '../admin.css';
import { PageTitle } from '../../../shell/page-title.tsx';

const pct = (n: number | null) => (n === null ? '—' : `${n}%`);

/** Admin Dashboard: the numbers of every school (a teacher: of their schools), in one request. */
export default function AdminDashboardScreen() {
  const { user } = useAuth();
  const isAdmin = roleOf(user) === 'admin';
  const state = useAdminDashboard();
  usePageReady({ loading: state.loading && !state.data, error: state.data ? null : state.error });
  if (state.error && !state.data)
    return <LoadError error={state.error} onRetry={state.reload} className="card" />;
  if (!state.data) return null;
  const d = state.data;
  return (
    <div className="screen admin-dashboard">
      <PageTitle>Admin Dashboard</PageTitle>
      <p className="admin-dashboard__muted">
        {isAdmin ? 'Every school.' : 'The students of your schools.'}{' '}
        <Link to={PATHS.adminReports}>Reports</Link> has rankings, item analysis and who has gone quiet.
      </p>
      <NeedsAttention />
      <dl className="admin-dashboard__stats">
        <Stat label="Students" value={String(d.counts.students)} />
        <Stat label="Active in the last 7 days" value={String(d.counts.active_this_week)} />
        <Stat label="Attempts submitted" value={String(d.counts.attempts)} />
        <Stat label="Average score" value={pct(d.counts.average_score)} />
      </dl>
      <section className="card" aria-labelledby="dash-activity">
        <h2 id="dash-activity" className="card__title">
          Attempts submitted, last 30 days
        </h2>
        <BarChart
          title="Attempts submitted per day"
          unit="attempts"
          data={d.activity.map((a) => ({ label: dayText(a.day), value: a.attempts }))}
        />
      </section>
      <div className="admin-dashboard__grid">
        <Schools schools={d.schools} />
        <Recent recent={d.recent} />
      </div>
      {/* Staff answer support requests; the inbox itself is on Support, the spec's place for tickets. */}
      <SupportInboxCard />
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="admin-dashboard__stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Schools({ schools }: { schools: Dashboard['schools'] }) {
  return (
    <section className="card" aria-labelledby="dash-schools">
      <h2 id="dash-schools" className="card__title">
        Schools
      </h2>
      {schools.length === 0 ? (
        <p className="admin-dashboard__muted">No schools yet.</p>
      ) : (
        <div
          className="admin-dashboard__scroll"
          tabIndex={0}
          role="region"
          aria-label="Schools (scrolls sideways)"
        >
          <table className="admin-dashboard__table">
            <thead>
              <tr>
                <th scope="col">School</th>
                <th scope="col" className="num">
                  Students
                </th>
                <th scope="col" className="num">
                  Quizzes and exams
                </th>
                <th scope="col" className="num">
                  Average score
                </th>
              </tr>
            </thead>
            <tbody>
              {schools.map((s) => (
                <tr key={s.id}>
                  <th scope="row">{s.name}</th>
                  <td className="num">{s.students}</td>
                  <td className="num">{s.attempts}</td>
                  <td className="num">{pct(s.average_score)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Recent({ recent }: { recent: Dashboard['recent'] }) {
  return (
    <section className="card" aria-labelledby="dash-recent">
      <h2 id="dash-recent" className="card__title">
        Recent attempts
      </h2>
      {recent.length === 0 ? (
        <p className="admin-dashboard__muted">No attempts submitted yet.</p>
      ) : (
        <ul className="admin-dashboard__recent">
          {recent.map((r) => (
            <li key={r.id}>
              <span>
                <Link to={PATHS.adminLearningProfile(r.user_id)}>
                  <strong>{r.student}</strong>
                </Link>{' '}
                · <Link to={PATHS.quizAnalysis(r.id)}>{r.title}</Link>
                <span className="admin-dashboard__muted"> ({r.kind})</span>
              </span>
              <span>
                {pct(r.percent)} · <time dateTime={r.submitted_at}>{whenText(r.submitted_at)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '../../../../shared/contracts/auth.ts';
import type { MyAssessment } from '../../../../shared/contracts/assessments.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CardSection } from '../../../components/card-section.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { roleOf } from '../../../shell/session.ts';
import { LearningCard } from '../../learning/index.ts';
import { NotificationsCard } from '../../notifications/index.ts';
import { formatDate } from '../../../lib/format.ts';
// The list's face before the quiz's: the list's stylesheet comes first in the dashboard's CSS.
import { AssessmentActions } from '../../quizzes/index.ts';
import type { Progress, StudentAssessment } from '../../quiz/index.ts';
import { KIND_NAMES, stateDetail } from '../../quiz/index.ts';
import { useNow } from '../../../lib/use-now.ts';
import { dashboardView } from '../dashboard-view.ts';
import { useDashboard } from '../use-dashboard.ts';
import '../../../components/styles/quizzes.css';
import '../../../components/styles/quiz.css';
import '../dashboard.css';
import { PageTitle } from '../../../shell/page-title.tsx';
import {
  AnnouncementCards,
  CurrentAnnouncements,
  useCurrentAnnouncements,
} from '../../announcements/index.ts';

export type DashboardScreenProps = { user: User | null };

const kindLabel = (kind: MyAssessment['kind']) =>
  KIND_NAMES[kind].one[0]!.toUpperCase() + KIND_NAMES[kind].one.slice(1);

/** Assessments as rows: the kind and `detail` under the title, then `actions` (by default the list's own). */
function AssessmentRows({
  items,
  detail,
  actions = (item) => <AssessmentActions item={item} />,
}: {
  items: readonly StudentAssessment[];
  detail: (item: StudentAssessment) => string;
  actions?: (item: StudentAssessment) => ReactNode;
}) {
  return (
    <ul className="assessment-list">
      {items.map((item) => (
        <li key={item.id} className="assessment dashboard__row">
          <div className="assessment__body">
            <h3 className="assessment__title">{item.title}</h3>
            <p className="assessment__state">
              <span className="badge badge--info">{kindLabel(item.kind)}</span> {detail(item)}
            </p>
          </div>
          {actions(item)}
        </li>
      ))}
    </ul>
  );
}

/** The latest result of one assessment in a line: the score and pass, or for the diagnostic only when. */
function resultLine(item: StudentAssessment): string {
  if (item.submit_waiting) return 'Submitted on this device, waiting to sync';
  const when = item.last_submitted_at ? formatDate(item.last_submitted_at) : '';
  if (item.kind === 'diagnostic') return when ? `Taken ${when}` : 'Taken';
  const pass = item.last_passed === null ? null : item.last_passed ? 'Passed' : 'Not passed';
  return [item.last_percent !== null ? `${item.last_percent}%` : null, pass, when]
    .filter(Boolean)
    .join(' · ');
}

/** A result's actions: the diagnostic's results have a screen of their own. */
function resultActions(item: StudentAssessment): ReactNode {
  if (item.kind !== 'diagnostic') return <AssessmentActions item={item} />;
  return (
    <div className="assessment__actions">
      <Link className="button button--secondary" to={PATHS.diagnosticResults}>
        Review
      </Link>
    </div>
  );
}

function ProgressRow({ label, progress }: { label: { one: string; many: string }; progress: Progress }) {
  const share = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <li className="progress-row">
      <p className="progress-row__text">
        <strong>
          {progress.done} of {progress.total} {progress.total === 1 ? label.one : label.many} done
        </strong>
        {progress.passed > 0 && <> · {progress.passed} passed</>}
      </p>
      {/* The words above say it all; the bar is the same figure at a glance. */}
      <div className="progress-row__bar" aria-hidden="true">
        <span style={{ width: `${share}%` }} />
      </div>
    </li>
  );
}

function ProgressCard({ quizzes, exams }: { quizzes: Progress; exams: Progress }) {
  const done = [quizzes, exams].filter((p) => p.average !== null);
  const count = done.reduce((n, p) => n + p.done, 0);
  const average =
    done.length > 0
      ? Math.round(done.reduce((sum, p) => sum + (p.average ?? 0) * p.done, 0) / Math.max(1, count))
      : null;
  return (
    <CardSection className="dashboard__section" title="Your progress">
      <ul className="progress-rows">
        <ProgressRow label={KIND_NAMES.quiz} progress={quizzes} />
        {exams.total > 0 && <ProgressRow label={KIND_NAMES.exam} progress={exams} />}
      </ul>
      {average !== null && (
        <p className="progress-card__average">
          Average score <strong>{average}%</strong> (your best attempt at each)
        </p>
      )}
    </CardSection>
  );
}

/**
 * A student's dashboard. The announcements come first on the page, so the rest waits until they have loaded
 * (or failed): arriving after the lists, they would push everything on screen down.
 */
function StudentHome({ userId }: { userId: number }) {
  const announcements = useCurrentAnnouncements(userId);
  return (
    <>
      {announcements.settled && (
        <AnnouncementCards visible={announcements.visible} dismiss={announcements.dismiss} />
      )}
      <StudentDashboard held={!announcements.settled} />
      <NotificationsCard />
    </>
  );
}

function StudentDashboard({ held }: { held: boolean }) {
  const { data, loading, error, updatedAt } = useDashboard(true);
  const now = useNow();
  usePageReady({ loading: (loading && !data) || (held && !error), error });
  if (!data || held) return null;
  const view = dashboardView(data);
  const nothing = view.inProgress.length === 0 && view.upcoming.length === 0 && view.latest.length === 0;
  if (nothing) {
    return (
      <>
        <OfflineStamp updatedAt={updatedAt} />
        <EmptyState
          title="Nothing to do right now"
          text="New quizzes and exams from your teachers appear here. In the meantime, practise in Test Yourself."
        >
          <Link className="button" to={PATHS.testYourself}>
            Test Yourself
          </Link>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <OfflineStamp updatedAt={updatedAt} />
      <ProgressCard quizzes={view.progress.quizzes} exams={view.progress.exams} />
      <LearningCard />
      {view.inProgress.length > 0 && (
        <CardSection className="dashboard__section" title="In progress">
          <AssessmentRows items={view.inProgress} detail={(item) => stateDetail(item, now)} />
        </CardSection>
      )}
      {view.upcoming.length > 0 && (
        <CardSection className="dashboard__section" title="Upcoming">
          <AssessmentRows items={view.upcoming} detail={(item) => stateDetail(item, now)} />
          <p className="result__links">
            <Link to={PATHS.quizzes}>All quizzes</Link>
            <Link to={PATHS.exams}>All exams</Link>
          </p>
        </CardSection>
      )}
      {view.latest.length > 0 && (
        <CardSection className="dashboard__section" title="Latest results">
          <AssessmentRows items={view.latest} detail={resultLine} actions={resultActions} />
        </CardSection>
      )}
    </>
  );
}

const READY = { loading: false, error: null };

function Ready() {
  usePageReady(READY);
  return null;
}

export default function DashboardScreen({ user }: DashboardScreenProps) {
  const student = roleOf(user) === 'student';
  return (
    <div className="screen dashboard">
      <PageTitle>{user ? `Welcome, ${user.full_name}` : 'Welcome'}</PageTitle>
      {user && !student && <CurrentAnnouncements />}
      {student && user?.taken_diagnostics === 0 && (
        <section className="card card--accent" aria-labelledby="diagnostic-cta">
          <h2 id="diagnostic-cta">Start with the diagnostic</h2>
          <p>
            A short diagnostic test finds out what you already know. Once it is done, your quizzes, exams,
            lectures, videos and the rest of the menu open up.
          </p>
          <Link className="button" to={PATHS.start}>
            Take the diagnostic
          </Link>
        </section>
      )}
      {student && user?.taken_diagnostics === 1 && <StudentHome userId={user.id} />}
      {!(student && user?.taken_diagnostics === 1) && <Ready />}
      {user && !student && (
        <EmptyState
          title="The back office"
          text="Users, schools, the knowledge graph, questions and assessments are managed in the admin area."
        >
          <Link className="button" to={PATHS.admin}>
            Go to the admin dashboard
          </Link>
        </EmptyState>
      )}
    </div>
  );
}

import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '../../../../shared/contracts/auth.ts';
import type { MyAssessment } from '../../../../shared/contracts/assessments.ts';
import type { AttemptResult } from '../../../../shared/contracts/attempts.ts';
import { usePageReady } from '../../../app/page-load.tsx';
import { PATHS } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { roleOf } from '../../auth/auth.store.ts';
import { NotificationsCard } from '../../notifications/components/notifications-card.tsx';
import { formatDate } from '../../quiz/format.ts';
import { KIND_NAMES, stateDetail } from '../../quizzes/assessment-state.ts';
import { AssessmentActions } from '../../quizzes/components/assessment-list.tsx';
import { useDashboard } from '../use-dashboard.ts';
import '../../quizzes/quizzes.css';
import '../../quiz/quiz.css';

export type DashboardScreenProps = { user: User | null };

const UPCOMING_SHOWN = 5;
const kindLabel = (kind: MyAssessment['kind'] | AttemptResult['kind']) =>
  kind === 'practice'
    ? 'Test Yourself'
    : KIND_NAMES[kind].one[0].toUpperCase() + KIND_NAMES[kind].one.slice(1);

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card dashboard__section" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function AssessmentRows({ items }: { items: readonly MyAssessment[] }) {
  return (
    <ul className="assessment-list">
      {items.map((item) => (
        <li key={item.id} className="assessment dashboard__row">
          <div className="assessment__body">
            <h3 className="assessment__title">{item.title}</h3>
            <p className="assessment__state">
              <span className="badge badge--info">{kindLabel(item.kind)}</span> {stateDetail(item)}
            </p>
          </div>
          <AssessmentActions item={item} />
        </li>
      ))}
    </ul>
  );
}

function ResultRows({ results }: { results: readonly AttemptResult[] }) {
  return (
    <ul className="assessment-list">
      {results.map((result) => (
        <li key={result.attempt_id} className="assessment dashboard__row">
          <div className="assessment__body">
            <h3 className="assessment__title">{result.title}</h3>
            <p className="assessment__state">
              <span className="badge badge--info">{kindLabel(result.kind)}</span> {result.percent}% (
              {result.score} of {result.max_score}) on {formatDate(result.submitted_at)}
              {result.passed !== null && result.kind !== 'diagnostic' && (
                <> · {result.passed ? 'Passed' : 'Not passed'}</>
              )}
            </p>
          </div>
          <Link className="button button--secondary" to={PATHS.quizResult(result.attempt_id)}>
            Review result
          </Link>
        </li>
      ))}
    </ul>
  );
}

function StudentDashboard() {
  const { data, loading, error } = useDashboard(true);
  usePageReady({ loading: loading && !data, error });
  if (!data) return null;
  const nothing = data.inProgress.length === 0 && data.upcoming.length === 0 && data.latest.length === 0;
  if (nothing) {
    return (
      <EmptyState
        title="Nothing to do right now"
        text="New quizzes and exams from your teachers appear here. In the meantime, practise in Test Yourself."
      >
        <Link className="button" to={PATHS.testYourself}>
          Test Yourself
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      {data.inProgress.length > 0 && (
        <Section title="In progress">
          <AssessmentRows items={data.inProgress} />
        </Section>
      )}
      {data.upcoming.length > 0 && (
        <Section title="Upcoming">
          <AssessmentRows items={data.upcoming.slice(0, UPCOMING_SHOWN)} />
          <p className="result__links">
            <Link to={PATHS.quizzes}>All quizzes</Link>
            <Link to={PATHS.exams}>All exams</Link>
          </p>
        </Section>
      )}
      {data.latest.length > 0 && (
        <Section title="Latest results">
          <ResultRows results={data.latest} />
        </Section>
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
      <h1 className="page-title">{user ? `Welcome, ${user.full_name}` : 'Welcome'}</h1>
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
      {student && user?.taken_diagnostics === 1 && (
        <>
          <StudentDashboard />
          <NotificationsCard />
        </>
      )}
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

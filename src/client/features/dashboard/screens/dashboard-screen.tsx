import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '../../../../shared/contracts/auth.ts';
import { PATHS } from '../../../app/paths.ts';
import { usePageLoad } from '../../../app/page-load.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';

export type DashboardScreenProps = { user: User | null };

export default function DashboardScreen({ user }: DashboardScreenProps) {
  const { reportLoaded } = usePageLoad();
  useEffect(() => reportLoaded(), [reportLoaded]);
  return (
    <div className="dashboard">
      <h2 className="page-title">{user ? `Welcome, ${user.full_name}` : 'Welcome'}</h2>
      {user?.taken_diagnostics === 0 && (
        <section className="card card--accent" aria-labelledby="diagnostic-cta">
          <h3 id="diagnostic-cta">Start with the diagnostic</h3>
          <p>
            A short diagnostic test finds out what you already know. Once it is done, your quizzes, exams,
            lectures, videos and the rest of the menu open up.
          </p>
          <Link className="button" to={PATHS.start}>
            Take the diagnostic
          </Link>
        </section>
      )}
      <EmptyState
        title="Your dashboard is on its way."
        text="Your progress, upcoming quizzes and recent activity will appear here in a later release."
      />
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '../../../../shared/contracts/auth.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { CardSection } from '../../../components/card-section.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { isRememberedSession, roleOf } from '../../../shell/session.ts';
import { dropPaintedDashboard, keepPaintedDashboard, paintedHtml } from '../../../lib/painted-dashboard.ts';
import { LearningCard } from '../../learning/index.ts';
import { NewNotifications, NotificationsCard, useNewNotifications } from '../../notifications/index.ts';
import { AssessmentRows, resultActions, resultLine } from '../components/assessment-rows.tsx';
import { NextStepCard } from '../components/next-step-card.tsx';
import { ProgressCard } from '../components/progress-card.tsx';
import { stateDetail } from '../../quiz/index.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { holdDashboard, useHeldDashboard } from '../held-dashboard.ts';
import type { DashboardData } from '../dashboard-data.ts';
import type { CurrentAnnouncement } from '../../../../shared/contracts/announcements.ts';
import type { LearningSummary } from '../../../../shared/contracts/learning.ts';
import { dashboardView } from '../dashboard-view.ts';
import { nextStep } from '../next-step.ts';
import { useDashboard, useLearningSummary } from '../use-dashboard.ts';
import '../../../components/styles/quizzes.css';
import '../../../components/styles/quiz.css';
import '../dashboard.css';
import { PageTitle } from '../../../shell/page-title.tsx';
import { AnnouncementCards, useCurrentAnnouncements } from '../../announcements/index.ts';

export type DashboardScreenProps = { user: User | null };

type HomeProps = {
  data: DashboardData;
  summary: LearningSummary | null;
  announcements: readonly CurrentAnnouncement[];
  dismiss: (id: number) => void;
  newest: string | null;
  /** The stamp over the page: nothing for the server's answer, how old it is for anything else. */
  stamp: ReactNode;
};

function Home({ data, summary, announcements, dismiss, newest, stamp }: HomeProps) {
  const now = useNow();
  const view = dashboardView(data);
  const next = nextStep(view, data.quizzes, summary);
  const moreInProgress = view.inProgress.filter((item) => next.kind !== 'continue' || item !== next.item);
  return (
    <>
      <NewNotifications newest={newest} />
      {stamp}
      <div className="dashboard__columns">
        <div className="dashboard__lead">
          <NextStepCard next={next} now={now} />
        </div>
        <div className="dashboard__side">
          <AnnouncementCards visible={announcements} dismiss={dismiss} />
          {summary && <LearningCard data={summary} />}
          <ProgressCard quizzes={view.progress.quizzes} exams={view.progress.exams} />
          <NotificationsCard />
        </div>
        <div className="dashboard__work">
          {moreInProgress.length > 0 && (
            <CardSection className="dashboard__section" title="In progress">
              <AssessmentRows items={moreInProgress} detail={(item) => stateDetail(item, now)} />
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
        </div>
      </div>
    </>
  );
}

/**
 * A student's dashboard. New notifications first, then one card with the next step; the rest follows in two
 * columns from 768 px (the work on the left, announcements and where the student stands on the right).
 * Nothing of the server's answer shows until the announcements and the learning summary are in (or failed):
 * arriving later, they would push the page, or change the first card's button, under the student's thumb.
 * Meanwhile, what the dashboard showed last time on this device (held-dashboard.ts) shows at once, marked as
 * refreshing with its time, never as new; offline or when the reads fail, it stays, marked as saved earlier.
 */
function StudentHome({ userId }: { userId: number }) {
  const announcements = useCurrentAnnouncements(userId);
  const learning = useLearningSummary(true);
  const news = useNewNotifications(userId);
  const { data, loading, error, updatedAt } = useDashboard(true);
  const kept = useHeldDashboard(userId);
  const heldBack = !announcements.settled || !learning.settled || !news.settled;
  const fresh = data !== undefined && !heldBack;
  const held = fresh ? null : kept.held;
  const online = useOnline();
  // Once the held copy has been on screen, its stamp's line stays when the answer replaces it ("Up to date").
  const [heldShown, setHeldShown] = useState(false);
  if (held !== null && !heldShown) setHeldShown(true);
  // What the server answered is kept for the next start: only the network's answer, online.
  useEffect(() => {
    if (!fresh || !data || !online || data.updatedAt === undefined) return;
    const kept = {
      data,
      summary: learning.summary,
      announcements: [...announcements.visible],
      newest: news.newest,
    };
    // What React rendered, as the held copy will render at the next start (marked as held), for the service
    // worker to paint before any script runs; only for a session the device remembers. Kept first, so a
    // held copy on the device always has its painted page beside it.
    const root = document.getElementById('root');
    const html = root && isRememberedSession() ? paintedHtml(root) : null;
    const painted = html
      ? keepPaintedDashboard({ userId, updatedAt: data.updatedAt, html })
      : dropPaintedDashboard();
    void painted.then(() => holdDashboard(userId, kept));
    // Once per answer: the answer's lists change identity with every load.
  }, [fresh, data, online, userId]); // eslint-disable-line react-hooks/exhaustive-deps
  usePageReady({
    loading: held === null && ((loading && !data) || (heldBack && !error) || (!kept.settled && !data)),
    error: held === null ? error : null,
  });
  if (fresh) {
    return (
      <Home
        data={data}
        summary={learning.summary}
        announcements={announcements.visible}
        dismiss={announcements.dismiss}
        newest={news.newest}
        stamp={<OfflineStamp updatedAt={updatedAt} refreshed={heldShown} />}
      />
    );
  }
  if (!held) return null;
  // The reads failed (offline, unreachable): what the device holds stays, saved earlier; else it refreshes.
  const failed = error !== null && error !== undefined;
  return (
    <Home
      data={held.data}
      summary={held.summary}
      announcements={held.announcements}
      dismiss={announcements.dismiss}
      // The line over the dashboard as it was, so the answer's does not push the page down when it comes.
      newest={held.newest ?? null}
      stamp={<OfflineStamp updatedAt={held.data.updatedAt} saved={failed} refreshing={!failed} />}
    />
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
    </div>
  );
}

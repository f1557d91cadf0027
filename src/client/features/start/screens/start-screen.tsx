import { Link, useNavigate } from 'react-router-dom';
import type { MyAssessment } from '../../../../shared/contracts/assessments.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useAuth } from '../../../shell/session.ts';
import { questionCountText, startConfirmText, timeLimitText } from '../../quiz/index.ts';
import { useMyAssessments } from '../../quizzes/index.ts';
import '../../../components/styles/quizzes.css';
import { PageTitle } from '../../../shell/page-title.tsx';

/** The diagnostic to offer: the one in progress, else one that can be started, else the last one taken. */
function pick(list: readonly MyAssessment[]): MyAssessment | undefined {
  return list.find((d) => d.state === 'in_progress') ?? list.find((d) => d.can_start) ?? list[0];
}

export default function StartScreen() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { data, loading, error } = useMyAssessments('diagnostic');
  usePageReady({ loading: loading && !data, error });
  if (!data) return null;
  const diagnostic = pick(data);
  const taken = user?.taken_diagnostics === 1 || diagnostic?.state === 'submitted';

  const begin = async (item: MyAssessment) => {
    if (item.state !== 'in_progress' && item.time_limit_minutes !== null) {
      if (!(await confirmDialog(startConfirmText(item)))) return;
    }
    navigate(PATHS.quiz(item.id));
  };

  return (
    <div className="screen start">
      <PageTitle>Start with the diagnostic</PageTitle>
      <p>
        The diagnostic is a short test across every subject of the programme. It finds out what you already
        know, so your learning starts in the right place. There is no pass or fail: answer as well as you can.
        Once you submit it, your quizzes, exams, lectures, videos and the rest of the menu open up.
      </p>
      {!diagnostic && (
        <EmptyState
          title="No diagnostic is available yet"
          text="Your school has not published a diagnostic yet. Please check again later."
        />
      )}
      {diagnostic && (
        <section className="card card--accent" aria-labelledby="diagnostic-title">
          <h2 id="diagnostic-title" className="card__title">
            {diagnostic.title}
          </h2>
          {diagnostic.description && <p>{diagnostic.description}</p>}
          <ul className="assessment__facts">
            <li>{questionCountText(diagnostic)}</li>
            <li>{timeLimitText(diagnostic)}</li>
          </ul>
          <p>Your answers are saved as you go, even without internet; you can leave and come back.</p>
          {taken && diagnostic.state !== 'in_progress' ? (
            <>
              <p>You have taken the diagnostic.</p>
              <Link className="button" to={PATHS.diagnosticResults}>
                See your diagnostic results
              </Link>
            </>
          ) : diagnostic.state === 'in_progress' || diagnostic.can_start ? (
            <button type="button" className="button" onClick={() => void begin(diagnostic)}>
              {diagnostic.state === 'in_progress' ? 'Resume the diagnostic' : 'Start the diagnostic'}
            </button>
          ) : (
            <p>This diagnostic cannot be started at the moment.</p>
          )}
        </section>
      )}
    </div>
  );
}

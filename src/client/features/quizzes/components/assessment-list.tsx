import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { AssessmentKind, MyAssessment } from '../../../../shared/contracts/assessments.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { useOnline } from '../../../lib/use-online.ts';
// Before the quiz feature's face: its stylesheet follows this one.
import '../../../components/styles/quizzes.css';
import {
  actionsFor,
  attemptsText,
  KIND_NAMES,
  sortForStudent,
  StartButton,
  stateDetail,
  stateLabel,
  timeLimitText,
} from '../../quiz/index.ts';
import type { ListAction, StudentAssessment } from '../../quiz/index.ts';
import { useMyAssessments } from '../use-my-assessments.ts';
import { useNow } from '../../../lib/use-now.ts';
import { PageTitle } from '../../../shell/page-title.tsx';

const BADGES: Record<MyAssessment['state'], string> = {
  not_started: 'badge--info',
  in_progress: 'badge--warning',
  submitted: 'badge--success',
  scheduled: 'badge--neutral',
  closed: 'badge--neutral',
};

function Action({ item, action }: { item: MyAssessment; action: ListAction }) {
  switch (action.kind) {
    case 'review':
      return (
        <Link className="button button--secondary" to={PATHS.quizResult(action.attemptId)}>
          {action.label}
        </Link>
      );
    case 'start':
      return <StartButton item={item} label={action.label} />;
    default:
      return (
        <Link className="button" to={PATHS.quiz(item.id)}>
          {action.label}
        </Link>
      );
  }
}

/**
 * Continue, Start or Retake, and Review, as the assessment's state allows; offline, only what works
 * without the server, with a word on what waits for the connection.
 */
export function AssessmentActions({ item }: { item: StudentAssessment }) {
  const online = useOnline();
  const { actions, note } = actionsFor(item, { online });
  if (actions.length === 0 && !note) return null;
  return (
    <div className="assessment__actions">
      {note && <span className="assessment__note">{note}</span>}
      {actions.map((action) => (
        <Action key={action.kind} item={item} action={action} />
      ))}
    </div>
  );
}

function AssessmentItem({ item, now }: { item: StudentAssessment; now: number }) {
  const titleId = useId();
  return (
    <li className="card assessment" aria-labelledby={titleId}>
      <div className="assessment__body">
        <h2 id={titleId} className="assessment__title">
          {item.title}
        </h2>
        <p className="assessment__state">
          <span className={`badge ${BADGES[item.state]}`}>{stateLabel(item)}</span> {stateDetail(item, now)}
        </p>
        {item.description && <p className="assessment__description">{item.description}</p>}
        <ul className="assessment__facts">
          <li>
            {item.question_count} {item.question_count === 1 ? 'question' : 'questions'}
          </li>
          <li>{timeLimitText(item)}</li>
          {item.kind !== 'diagnostic' && <li>Pass mark {item.pass_mark}%</li>}
          <li>{attemptsText(item)}</li>
        </ul>
      </div>
      <AssessmentActions item={item} />
    </li>
  );
}

/** The /quizzes and /exams screens: every assessment of the kind with its state and the right action. */
export function AssessmentList({ kind, title }: { kind: AssessmentKind; title: string }) {
  const { data, loading, error, updatedAt } = useMyAssessments(kind);
  const now = useNow();
  usePageReady({ loading: loading && !data, error });
  const names = KIND_NAMES[kind];
  const items = sortForStudent(data ?? []);
  return (
    <div className="screen assessments">
      <PageTitle>{title}</PageTitle>
      {data && <OfflineStamp updatedAt={updatedAt} />}
      {data && items.length === 0 ? (
        <EmptyState
          title={`No ${names.many} yet`}
          text={`When your teacher publishes ${names.one === 'exam' ? 'an exam' : `a ${names.one}`} for your school, it appears here.`}
        />
      ) : (
        <ul className="assessment-list" aria-label={title}>
          {items.map((item) => (
            <AssessmentItem key={item.id} item={item} now={now} />
          ))}
        </ul>
      )}
    </div>
  );
}

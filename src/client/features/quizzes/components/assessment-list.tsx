import { useId } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { AssessmentKind, MyAssessment } from '../../../../shared/contracts/assessments.ts';
import { usePageReady } from '../../../app/page-load.tsx';
import { PATHS } from '../../../app/paths.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import {
  actionsFor,
  attemptsText,
  KIND_NAMES,
  sortForStudent,
  startConfirmText,
  stateDetail,
  stateLabel,
  timeLimitText,
} from '../assessment-state.ts';
import type { ListAction } from '../assessment-state.ts';
import { useMyAssessments } from '../use-my-assessments.ts';
import '../quizzes.css';

const BADGES: Record<MyAssessment['state'], string> = {
  not_started: 'badge--info',
  in_progress: 'badge--warning',
  submitted: 'badge--success',
  scheduled: 'badge--neutral',
  closed: 'badge--neutral',
};

function Action({ item, action }: { item: MyAssessment; action: ListAction }) {
  const navigate = useNavigate();
  if (action.kind === 'review') {
    return (
      <Link className="button button--secondary" to={PATHS.quizResult(action.attemptId)}>
        {action.label}
      </Link>
    );
  }
  if (action.kind === 'start' && action.timed) {
    // A timed start is a commitment: the clock runs from the first second, so the student confirms it.
    const start = async () => {
      if (await confirmDialog(startConfirmText(item))) navigate(PATHS.quiz(item.id));
    };
    return (
      <button type="button" className="button" onClick={() => void start()}>
        {action.label}
      </button>
    );
  }
  return (
    <Link className="button" to={PATHS.quiz(item.id)}>
      {action.label}
    </Link>
  );
}

/** Resume, Start or Review result, as the assessment's state allows (nothing for a closed one never taken). */
export function AssessmentActions({ item }: { item: MyAssessment }) {
  const actions = actionsFor(item);
  if (actions.length === 0) return null;
  return (
    <div className="assessment__actions">
      {actions.map((action) => (
        <Action key={action.kind} item={item} action={action} />
      ))}
    </div>
  );
}

function AssessmentItem({ item }: { item: MyAssessment }) {
  const titleId = useId();
  return (
    <li className="card assessment" aria-labelledby={titleId}>
      <div className="assessment__body">
        <h2 id={titleId} className="assessment__title">
          {item.title}
        </h2>
        <p className="assessment__state">
          <span className={`badge ${BADGES[item.state]}`}>{stateLabel(item)}</span> {stateDetail(item)}
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
  const { data, loading, error } = useMyAssessments(kind);
  usePageReady({ loading: loading && !data, error });
  const names = KIND_NAMES[kind];
  const items = sortForStudent(data ?? []);
  return (
    <div className="screen assessments">
      <h1 className="page-title">{title}</h1>
      {data && items.length === 0 ? (
        <EmptyState
          title={`No ${names.many} yet`}
          text={`When your teacher publishes ${names.one === 'exam' ? 'an exam' : `a ${names.one}`} for your school, it appears here.`}
        />
      ) : (
        <ul className="assessment-list" aria-label={title}>
          {items.map((item) => (
            <AssessmentItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

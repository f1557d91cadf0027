import { Link } from 'react-router-dom';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import type { Assessment } from '../../../../shared/contracts/assessments.ts';
import '../assessments.css';
import { ASSESSMENTS_PER_PAGE, useAssessmentPage } from '../use-assessments.ts';
import { windowText } from '../assessment-window.ts';
import { AdminsOnly } from '../../../shell/admins-only.tsx';
import { roleOf, useAuth } from '../../../shell/session.ts';
import '../../../components/styles/back-office.css';
import { DataTable, SearchedList, useListSearch } from '../../../components/list-kit/index.ts';
import type { Column } from '../../../components/list-kit/index.ts';
import { ASSESSMENT_NOUN, assessmentPath } from '../assessment-kind.ts';
import type { AssessmentKind } from '../assessment-kind.ts';
import { PageTitle } from '../../../shell/page-title.tsx';
import { PATHS } from '../../../shell/paths.ts';

export type AssessmentsScreenProps = { kind: AssessmentKind };

export default function AssessmentsScreen({ kind }: AssessmentsScreenProps) {
  const { user } = useAuth();
  if (kind === 'diagnostic' && roleOf(user) !== 'admin')
    return <AdminsOnly text="Only admins manage diagnostics." />;
  // Keyed: moving between /admin/quizzes and /admin/exams starts a fresh list.
  return <AssessmentList key={kind} kind={kind} />;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function AssessmentList({ kind }: AssessmentsScreenProps) {
  const noun = ASSESSMENT_NOUN[kind];
  const search = useListSearch();
  const list = useAssessmentPage(kind, search.page, search.query);
  usePageReady({ loading: list.loading && !list.data, error: list.error });

  return (
    <div className="screen bo-wide assessments-screen">
      <div className="screen__header">
        <PageTitle>Manage {capital(noun.many)}</PageTitle>
        <Link className="button" to={assessmentPath(kind)}>
          New {noun.one}
        </Link>
      </div>
      <OfflineStamp updatedAt={list.updatedAt} />
      <SearchedList
        label={capital(noun.many)}
        noun={noun}
        search={search}
        load={list}
        perPage={ASSESSMENTS_PER_PAGE}
        searchClassName="assessments-screen__search"
      >
        {(rows) => <AssessmentTable kind={kind} items={rows} />}
      </SearchedList>
    </div>
  );
}

const attemptsText = (allowed: number | null) =>
  allowed === null ? 'unlimited attempts' : `${allowed} attempt${allowed === 1 ? '' : 's'}`;

function columns(kind: AssessmentKind): Array<Column<Assessment>> {
  return [
    {
      key: 'title',
      header: 'Title',
      cell: (a) => (
        <>
          <Link to={assessmentPath(kind, a.id)}>{a.title}</Link>
          <div className="bo-table__muted">
            {a.time_limit_minutes ? `${a.time_limit_minutes} min` : 'Untimed'} · pass {a.pass_mark}% ·{' '}
            {attemptsText(a.attempts_allowed)}
          </div>
        </>
      ),
    },
    {
      key: 'state',
      header: 'State',
      cell: (a) =>
        a.published ? (
          <span className="badge badge--success">Published</span>
        ) : (
          <span className="badge badge--warning">Draft</span>
        ),
    },
    { key: 'window', header: 'Window', cell: (a) => windowText(a.opens_at, a.closes_at) },
    {
      key: 'questions',
      header: 'Questions',
      cell: (a) => (
        <>
          {a.question_count}
          <div className="bo-table__muted">{a.selection === 'fixed' ? 'fixed' : 'random draw'}</div>
        </>
      ),
    },
    { key: 'attempts', header: 'Attempts', cell: (a) => a.attempt_count },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      // Teachers see what their students take; they change only what is aimed solely at their schools.
      cell: (a) => (
        <>
          <Link
            className="button button--small button--secondary"
            to={assessmentPath(kind, a.id)}
            aria-label={`${a.can_edit ? 'Edit' : 'View'} ${a.title}`}
          >
            {a.can_edit ? 'Edit' : 'View'}
          </Link>
          {kind !== 'diagnostic' && (
            <Link
              className="button button--small button--secondary"
              to={PATHS.adminAssessmentLive(a.id)}
              aria-label={`Live view of ${a.title}`}
            >
              Live view
            </Link>
          )}
          {!a.can_edit && <div className="bo-table__muted">Read-only</div>}
        </>
      ),
    },
  ];
}

function AssessmentTable({ kind, items }: { kind: AssessmentKind; items: Assessment[] }) {
  return (
    <DataTable
      columns={columns(kind)}
      rows={items}
      rowKey={(a) => a.id}
      caption={capital(ASSESSMENT_NOUN[kind].many)}
      className="bo-table"
      wrap={{ className: 'bo-table-wrap' }}
    />
  );
}

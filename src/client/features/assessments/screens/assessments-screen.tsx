import { useState } from 'react';
import { Link } from 'react-router-dom';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { Loading } from '../../../components/loading.tsx';
import type { Assessment } from '../../../../shared/contracts/assessments.ts';
import '../assessments.css';
import { ASSESSMENTS_PER_PAGE, useAssessmentPage } from '../use-assessments.ts';
import { windowText } from '../assessment-window.ts';
import { roleOf, useAuth } from '../../../shell/session.ts';
import '../../questions/back-office.css';
import { Pager } from '../../questions/components/question-table.tsx';
import { useDebounced } from '../../questions/use-questions.ts';
import { ASSESSMENT_NOUN, assessmentPath } from '../assessment-kind.ts';
import type { AssessmentKind } from '../assessment-kind.ts';
import { PageTitle } from '../../../shell/page-title.tsx';

export type AssessmentsScreenProps = { kind: AssessmentKind };

export default function AssessmentsScreen({ kind }: AssessmentsScreenProps) {
  const { user } = useAuth();
  if (kind === 'diagnostic' && roleOf(user) !== 'admin') return <AdminsOnly />;
  // Keyed: moving between /admin/quizzes and /admin/exams starts a fresh list.
  return <AssessmentList key={kind} kind={kind} />;
}

function AdminsOnly() {
  usePageReady({ loading: false, error: null });
  return <EmptyState title="Admins only" text="Only admins manage diagnostics." />;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function AssessmentList({ kind }: AssessmentsScreenProps) {
  const noun = ASSESSMENT_NOUN[kind];
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search.trim());
  const list = useAssessmentPage(kind, page, query);
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
      <section className="card" aria-label={capital(noun.many)}>
        <div className="assessments-screen__search">
          <TextField
            label={`Search ${noun.many}`}
            name="search"
            type="search"
            value={search}
            onChange={(v) => {
              setSearch(v);
              setPage(1);
            }}
          />
        </div>
        {!list.data ? (
          <Loading variant="centered" />
        ) : list.data.data.length === 0 ? (
          <EmptyState
            title={`No ${noun.many} found`}
            text={query ? `No ${noun.one} matches “${query}”.` : `Create the first ${noun.one}.`}
          />
        ) : (
          <>
            <AssessmentTable kind={kind} items={list.data.data} />
            <Pager
              page={list.data.page}
              perPage={ASSESSMENTS_PER_PAGE}
              total={list.data.total}
              label={capital(noun.many)}
              onPage={setPage}
            />
          </>
        )}
      </section>
    </div>
  );
}

function AssessmentTable({ kind, items }: { kind: AssessmentKind; items: Assessment[] }) {
  return (
    <div className="bo-table-wrap">
      <table className="bo-table">
        <caption className="visually-hidden">{capital(ASSESSMENT_NOUN[kind].many)}</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">State</th>
            <th scope="col">Window</th>
            <th scope="col">Questions</th>
            <th scope="col">Attempts</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((a) => (
            <tr key={a.id}>
              <td>
                <Link to={assessmentPath(kind, a.id)}>{a.title}</Link>
                <div className="bo-table__muted">
                  {a.time_limit_minutes ? `${a.time_limit_minutes} min` : 'Untimed'} · pass {a.pass_mark}% ·{' '}
                  {a.attempts_allowed === null
                    ? 'unlimited attempts'
                    : `${a.attempts_allowed} attempt${a.attempts_allowed === 1 ? '' : 's'}`}
                </div>
              </td>
              <td>
                {a.published ? (
                  <span className="badge badge--success">Published</span>
                ) : (
                  <span className="badge badge--warning">Draft</span>
                )}
              </td>
              <td>{windowText(a.opens_at, a.closes_at)}</td>
              <td>
                {a.question_count}
                <div className="bo-table__muted">{a.selection === 'fixed' ? 'fixed' : 'random draw'}</div>
              </td>
              <td>{a.attempt_count}</td>
              <td>
                {/* Teachers see what their students take; they change only what is aimed solely at their schools. */}
                <Link
                  className="button button--small button--secondary"
                  to={assessmentPath(kind, a.id)}
                  aria-label={`${a.can_edit ? 'Edit' : 'View'} ${a.title}`}
                >
                  {a.can_edit ? 'Edit' : 'View'}
                </Link>
                {!a.can_edit && <div className="bo-table__muted">Read-only</div>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useEffect, useState } from 'react';
import type { RecordStudent } from '../../../../shared/contracts/profile-record.ts';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { CardSection } from '../../../components/card-section.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { RankingBoard } from '../components/ranking-board.tsx';
import { RecordTable } from '../components/record-table.tsx';
import { formatDay, totalsText } from '../record-format.ts';
import { useProfileRecord } from '../use-profile-record.ts';
import '../profile-record.css';
import { PageTitle } from '../../../shell/page-title.tsx';

/** The student's own record: who they are and every attempt, printable as it stands. */
export default function ProfileRecordScreen() {
  const state = useProfileRecord();
  const { record, attempts, hasMore } = state;
  usePageReady({ loading: state.loading && !record, error: record ? null : state.error });
  const [preparing, setPreparing] = useState(false);
  // Counts the Print clicks that are ready: the effect runs once their rows are on screen, so the paper
  // holds the whole record.
  const [printRequests, setPrintRequests] = useState(0);
  useEffect(() => {
    if (printRequests > 0) window.print();
  }, [printRequests]);
  const print = async () => {
    setPreparing(true);
    const ok = !hasMore || (await state.loadMore(true));
    setPreparing(false);
    if (ok) setPrintRequests((n) => n + 1);
  };

  if (!record) return null;
  return (
    <div className="screen profile-record">
      <header className="screen-header">
        <PageTitle>Profile Record</PageTitle>
        <button
          type="button"
          className="button button--secondary profile-record__print"
          onClick={() => void print()}
          disabled={preparing}
        >
          {preparing ? 'Preparing...' : 'Print'}
        </button>
      </header>
      <OfflineStamp updatedAt={state.updatedAt} />
      <p className="profile-record__printed">
        Printed on {formatDay(new Date().toISOString())} from Pathbuilder.
      </p>

      <Details student={record.student} />
      <RankingBoard />

      <CardSection titleId="record-attempts-title" title="Attempts">
        <p className="profile-record__muted">{totalsText(record.totals)}</p>
        {attempts.length === 0 ? (
          <EmptyState
            title="No attempts yet"
            text="Quizzes, exams, the diagnostic and Test Yourself practices appear here once you start them."
          />
        ) : (
          <RecordTable attempts={attempts} />
        )}
        {hasMore && (
          <div className="profile-record__more">
            <p className="profile-record__muted">
              Showing the newest {attempts.length} of {record.meta.total} attempts.
            </p>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={state.loadingMore}
              onClick={() => void state.loadMore()}
            >
              {state.loadingMore ? 'Loading...' : 'Show older attempts'}
            </button>
          </div>
        )}
        {state.moreError !== null && (
          <p className="form-message form-message--error" role="alert">
            {errorMessage(state.moreError)}
          </p>
        )}
      </CardSection>
    </div>
  );
}

function Details({ student }: { student: RecordStudent }) {
  const facts: Array<[string, string]> = [
    ['Name', student.full_name],
    ['E-mail', student.email],
    ['School', student.school_name ?? 'No school yet'],
    ['Location', student.location_name ?? 'Not given'],
    ['Member since', formatDay(student.member_since)],
    ['Diagnostic', student.taken_diagnostic ? 'Taken' : 'Not taken yet'],
  ];
  return (
    <CardSection titleId="record-details-title" title="Personal details">
      <dl className="profile-record__facts">
        {facts.map(([term, value]) => (
          <div key={term} className="profile-record__fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </CardSection>
  );
}

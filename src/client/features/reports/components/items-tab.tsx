import { useState } from 'react';
import { REPORT_PATHS } from '../../../../shared/contracts/reports.ts';
import { ITEM_COLUMNS } from '../../../../shared/report-tables.ts';
import { Loading } from '../../../components/loading.tsx';
import { useItemAnalysis, useReportAssessments } from '../use-reports.ts';
import { ReportBody, ReportError, ReportTable } from './report-table.tsx';

const attemptsText = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;

/** Per assessment, per question: how hard, how well it separates students, which options were chosen. */
export function ItemsTab({ schoolId }: { schoolId: number | undefined }) {
  const list = useReportAssessments(true);
  const [chosen, setChosen] = useState<number | null>(null);
  const id = chosen ?? list.data?.data[0]?.id ?? null;
  const items = useItemAnalysis(id, schoolId);

  if (list.error) return <ReportError error={list.error} onRetry={list.reload} />;
  if (!list.data) return <Loading variant="centered" />;
  if (!list.data.data.length)
    return <p className="reports-note">Item analysis appears once students have submitted an assessment.</p>;
  return (
    <>
      <div className="reports-controls">
        <label>
          Assessment
          <select value={id ?? ''} onChange={(e) => setChosen(Number(e.target.value))}>
            {list.data.data.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title} ({a.kind}, {attemptsText(a.attempts)})
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="reports-legend" aria-label="How to read this table">
        <li>% correct: how many of the attempts got the question right (left blank counts as wrong).</li>
        <li>
          Separates strong from weak students: whether students who did well overall got this question right
          more often than those who did not. &ldquo;Well&rdquo; is what a good question does;
          &ldquo;Hardly&rdquo; or &ldquo;Backwards&rdquo; means it tells them apart poorly or the wrong way
          round.
        </li>
        <li>
          Verdict: Good; Too hard (fewer than 1 in 5 right); Too easy (almost everyone right); Unclear (strong
          and weak students did about the same); Check key (a wrong option beat the right one, or weaker
          students did better: the answer key or the wording may be wrong).
        </li>
      </ul>
      <ReportBody load={items}>
        {(data) => (
          <ReportTable
            title={`Item analysis: ${data.assessment.title} (${attemptsText(data.assessment.attempts)})`}
            columns={ITEM_COLUMNS}
            rows={data.data}
            rowKey={(r) => r.question_id}
            highlight={(r) => r.flags.length > 0}
            empty="This assessment has no questions."
            csv={{
              path: REPORT_PATHS.itemsCsv(id!),
              query: { school_id: schoolId },
              name: 'item-analysis',
              filter: { of: data.assessment.title },
            }}
            className="report--items"
          />
        )}
      </ReportBody>
    </>
  );
}

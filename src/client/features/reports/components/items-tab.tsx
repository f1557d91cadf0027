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
      <ul className="reports-legend">
        <li>Facility: the share of attempts that got the question right (blank counts as wrong).</li>
        <li>
          Discrimination: the point-biserial correlation between the question and the attempt&apos;s score;
          near 0 or negative means it does not separate stronger from weaker students.
        </li>
        <li>
          Flagged: facility below 0.20 or above 0.95, discrimination below 0.10, or a wrong option chosen more
          often than the key.
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
              file: `item-analysis-${id}.csv`,
            }}
          />
        )}
      </ReportBody>
    </>
  );
}

import { useState } from 'react';
import { REPORT_PATHS } from '../../../../shared/contracts/reports.ts';
import { ACTIVITY_COLUMNS } from '../../../../shared/report-tables.ts';
import { BarChart } from '../../../components/bar-chart.tsx';
import { useActivity } from '../use-reports.ts';
import { ReportBody, ReportTable } from './report-table.tsx';

const RANGES = [7, 30, 90] as const;

/** What students did each day: active students, attempts, questions, accuracy and minutes. */
export function ActivityTab({ schoolId }: { schoolId: number | undefined }) {
  const [days, setDays] = useState<number>(30);
  const activity = useActivity(days, schoolId);
  return (
    <>
      <div className="reports-controls">
        <label>
          Period
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {RANGES.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      <ReportBody load={activity}>
        {(data) => (
          <>
            <section className="card" aria-label="Active students per day">
              <h2 className="card__title">Active students per day</h2>
              <BarChart
                title="Active students per day"
                unit="students"
                data={[...data.data].reverse().map((d) => ({ label: d.day, value: d.active_students }))}
              />
            </section>
            <ReportTable
              title="Activity per day"
              columns={ACTIVITY_COLUMNS}
              rows={data.data}
              rowKey={(r) => r.day}
              empty="No activity in this period."
              csv={{
                path: REPORT_PATHS.activityCsv,
                query: { days, school_id: schoolId },
                file: `activity-${days}-days.csv`,
              }}
            />
          </>
        )}
      </ReportBody>
    </>
  );
}

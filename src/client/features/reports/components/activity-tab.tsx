import { useState } from 'react';
import { REPORT_PATHS, type Activity } from '../../../../shared/contracts/reports.ts';
import { dayText } from '../../../lib/dates.ts';
import { ACTIVITY_COLUMNS } from '../../../../shared/report-tables.ts';
import { BarChart } from '../../../components/bar-chart.tsx';
import { useActivity } from '../use-reports.ts';
import { ReportBody, ReportTable } from './report-table.tsx';

const RANGES = [7, 30, 90] as const;

const students = (n: number) => `${n} student${n === 1 ? '' : 's'}`;

/**
 * The period in one sentence whose numbers add up: a student active on three days is one student here, and
 * the rest are the Inactive students tab's list for the same number of days.
 */
function periodText(t: Activity['totals'], days: number): string {
  return `${t.active} of ${students(t.students)} active in the last ${days} days; ${t.inactive} not active (see Inactive students).`;
}

/** The chart's own words: the busiest day, never a sum of students over days. */
function chartSummary(rows: Activity['data']): string {
  const peak = rows.reduce<Activity['data'][number] | null>(
    (best, d) => (!best || d.active_students > best.active_students ? d : best),
    null,
  );
  return peak && peak.active_students > 0
    ? `Active students per day: the busiest was ${dayText(peak.day)} with ${students(peak.active_students)}.`
    : 'Active students per day: no one was active in this period.';
}

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
              <p className="reports-note" data-testid="activity-totals">
                {periodText(data.totals, days)}
              </p>
              <BarChart
                title="Active students per day"
                unit="students"
                summary={chartSummary(data.data)}
                data={[...data.data]
                  .reverse()
                  .map((d) => ({ label: dayText(d.day), value: d.active_students }))}
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
                name: 'activity',
                filter: { last: `${days}-days` },
              }}
            />
          </>
        )}
      </ReportBody>
    </>
  );
}

import { useState } from 'react';
import { REPORT_PATHS } from '../../../../shared/contracts/reports.ts';
import { inactiveColumns } from '../../../../shared/report-tables.ts';
import { localZone } from '../../../lib/dates.ts';
import { PATHS } from '../../../shell/paths.ts';
import { useInactive } from '../use-reports.ts';
import { ReportBody, ReportTable } from './report-table.tsx';

const PER_PAGE = 25;
const CHOICES = [7, 14, 30, 60, 90] as const;

/** Students who have not started anything for N days, those never active first. */
export function InactiveTab({ schoolId }: { schoolId: number | undefined }) {
  const [days, setDays] = useState<number>(14);
  // Another period or school starts again at page 1.
  const filterKey = `${days}|${schoolId ?? ''}`;
  const [paged, setPaged] = useState({ key: filterKey, page: 1 });
  const page = paged.key === filterKey ? paged.page : 1;
  const setPage = (p: number) => setPaged({ key: filterKey, page: p });
  const query = { page, per_page: PER_PAGE, days, school_id: schoolId };
  const list = useInactive(query);
  return (
    <>
      <div className="reports-controls">
        <label>
          Inactive for at least
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {CHOICES.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      <ReportBody load={list}>
        {(data) => (
          <ReportTable
            title={`Students inactive for ${days} days or more`}
            columns={inactiveColumns(localZone())}
            rows={data.data}
            rowKey={(r) => r.user_id}
            empty="Every student has been active in this period."
            csv={{
              path: REPORT_PATHS.inactiveCsv,
              query,
              name: 'inactive-students',
              filter: { for: `${days}-days` },
            }}
            links={{ Student: (r) => PATHS.adminLearningProfile(r.user_id) }}
            pager={{
              label: 'Inactive students',
              page: data.meta.page,
              total: data.meta.total,
              perPage: PER_PAGE,
              onPage: setPage,
            }}
          />
        )}
      </ReportBody>
    </>
  );
}

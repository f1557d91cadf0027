import { useState } from 'react';
import { REPORT_PATHS } from '../../../../shared/contracts/reports.ts';
import type { RankingSort, SchoolRank } from '../../../../shared/contracts/reports.ts';
import { SCHOOL_RANK_COLUMNS, STUDENT_RANK_COLUMNS } from '../../../../shared/report-tables.ts';
import { PATHS } from '../../../shell/paths.ts';
import { useDebounced } from '../../../components/list-kit/index.ts';
import { useSchoolRanking, useStudentRanking } from '../use-reports.ts';
import { ReportBody, ReportTable } from './report-table.tsx';

const PER_PAGE = 25;

/** Students and schools ranked by average score or by progress (topics mastered). */
export function RankingsTab({ schoolId }: { schoolId: number | undefined }) {
  const [sort, setSort] = useState<RankingSort>('score');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim());
  // A new order, search or school starts again at page 1.
  const filterKey = `${sort}|${search}|${schoolId ?? ''}`;
  const [paged, setPaged] = useState({ key: filterKey, page: 1 });
  const page = paged.key === filterKey ? paged.page : 1;
  const setPage = (p: number) => setPaged({ key: filterKey, page: p });
  const query = { page, per_page: PER_PAGE, sort, search: search || undefined, school_id: schoolId };
  const students = useStudentRanking(query);
  const schools = useSchoolRanking(sort);
  const by = sort === 'score' ? 'average score' : 'progress';

  return (
    <>
      <div className="reports-controls">
        <label>
          Rank by
          <select value={sort} onChange={(e) => setSort(e.target.value as RankingSort)}>
            <option value="score">Average score</option>
            <option value="progress">Progress</option>
          </select>
        </label>
        <label>
          Search students
          <input type="search" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
        </label>
      </div>
      <p className="reports-note">
        Scores are the mean of submitted quizzes and exams; progress is the share of topics mastered. Students
        who chose not to appear in rankings are left out.
      </p>
      <ReportBody load={students}>
        {(data) => (
          <ReportTable
            title={`Students by ${by}`}
            columns={STUDENT_RANK_COLUMNS}
            rows={data.data}
            rowKey={(r) => r.user_id}
            empty={search ? 'No student matches this search.' : 'No students to rank yet.'}
            csv={{
              path: REPORT_PATHS.studentsCsv,
              query,
              name: 'student-ranking',
              filter: { by: sort, search: search || undefined },
            }}
            links={{ Student: (r) => PATHS.adminLearningProfile(r.user_id) }}
            pager={{
              label: 'Student ranking',
              page: data.meta.page,
              total: data.meta.total,
              perPage: PER_PAGE,
              onPage: setPage,
            }}
          />
        )}
      </ReportBody>
      <ReportBody load={schools}>
        {(data) => (
          <ReportTable<SchoolRank>
            title={`Schools by ${by}`}
            columns={SCHOOL_RANK_COLUMNS}
            rows={data.data}
            rowKey={(r) => r.school_id}
            empty="No schools yet."
            csv={{
              path: REPORT_PATHS.schoolsCsv,
              query: { sort },
              name: 'school-ranking',
              filter: { by: sort },
            }}
          />
        )}
      </ReportBody>
    </>
  );
}

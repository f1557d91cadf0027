import { Link } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { DataTable, SearchForm, StepPagedList } from '../../../components/list-kit/index.ts';
import type { Column } from '../../../components/list-kit/index.ts';
import type { LoadState } from '../../../lib/use-async.ts';
import type { SchoolPage } from '../schools.api.ts';
import { SCHOOLS_PER_PAGE } from '../use-schools.ts';

const COLUMNS: Array<Column<SchoolPage['data'][number]>> = [
  { key: 'name', header: 'School', cell: (s) => <Link to={PATHS.adminSchool(s.id)}>{s.name}</Link> },
  { key: 'location', header: 'Location', cell: (s) => s.location_name },
  { key: 'students', header: 'Students', cell: (s) => s.student_count },
  { key: 'teachers', header: 'Teachers', cell: (s) => s.teacher_count },
];

/** The schools, searchable and paged; each name opens the school (an admin edits it, a teacher reads it). */
export function SchoolList({
  schools,
  search,
  page,
  isAdmin,
  onSearch,
  onPage,
}: {
  schools: LoadState<SchoolPage>;
  search: string;
  page: number;
  isAdmin: boolean;
  onSearch: (search: string) => void;
  onPage: (page: number) => void;
}) {
  return (
    <section className="card" aria-labelledby="schools-list-title">
      <div className="schools-list__head">
        <h2 id="schools-list-title">{isAdmin ? 'Schools' : 'Your schools'}</h2>
        {isAdmin && (
          <Link className="button button--small" to={PATHS.adminSchool()}>
            Add school
          </Link>
        )}
      </div>
      <SearchForm
        id="schools-search"
        className="schools-list__search"
        label="Search schools"
        placeholder="Search schools by name"
        initial={search}
        onSearch={onSearch}
      />
      <StepPagedList
        load={schools}
        page={page}
        perPage={SCHOOLS_PER_PAGE}
        pager={{
          ariaLabel: 'Pages of schools',
          className: 'schools-list__pager',
          note: (total) => ` · ${total} schools`,
        }}
        onPage={onPage}
        empty={
          <EmptyState
            title={search ? 'No school matches' : 'No schools yet'}
            text={
              search
                ? `No school's name contains "${search}".`
                : isAdmin
                  ? 'Add the first school with Add school.'
                  : 'You do not teach at any school yet. An admin assigns teachers to schools.'
            }
          />
        }
      >
        {(rows) => (
          <DataTable
            columns={COLUMNS}
            rows={rows}
            rowKey={(s) => s.id}
            caption="Schools"
            className="school-requests__table"
            wrap={{ className: 'school-requests__table-wrap' }}
          />
        )}
      </StepPagedList>
    </section>
  );
}

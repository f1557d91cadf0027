import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Loading } from '../../../components/loading.tsx';
import { errorMessage } from '../../../lib/http.ts';
import type { LoadState } from '../../../lib/use-async.ts';
import type { SchoolPage } from '../schools.api.ts';
import { SCHOOLS_PER_PAGE } from '../use-schools.ts';

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
  const [draft, setDraft] = useState(search);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim());
  };
  const data = schools.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / SCHOOLS_PER_PAGE)) : 1;

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
      <form className="schools-list__search" role="search" onSubmit={submit}>
        <label className="visually-hidden" htmlFor="schools-search">
          Search schools
        </label>
        <input
          id="schools-search"
          className="field__input"
          type="search"
          placeholder="Search schools by name"
          value={draft}
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </form>
      {schools.error !== null && !data ? (
        <div className="form-message form-message--error" role="alert">
          <p>{errorMessage(schools.error)}</p>
          <button type="button" className="button button--small" onClick={schools.reload}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <Loading variant="centered" />
      ) : data.data.length === 0 ? (
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
      ) : (
        <>
          <div className="school-requests__table-wrap">
            <table className="school-requests__table">
              <caption className="visually-hidden">Schools</caption>
              <thead>
                <tr>
                  <th scope="col">School</th>
                  <th scope="col">Location</th>
                  <th scope="col">Students</th>
                  <th scope="col">Teachers</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <Link to={PATHS.adminSchool(s.id)}>{s.name}</Link>
                    </td>
                    <td>{s.location_name}</td>
                    <td>{s.student_count}</td>
                    <td>{s.teacher_count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav className="schools-list__pager" aria-label="Pages of schools">
              <button
                type="button"
                className="button button--small button--secondary"
                disabled={page <= 1}
                onClick={() => onPage(page - 1)}
              >
                Previous
              </button>
              <span>
                Page {page} of {pages} · {data.total} schools
              </span>
              <button
                type="button"
                className="button button--small button--secondary"
                disabled={page >= pages}
                onClick={() => onPage(page + 1)}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

import { useSearchParams } from 'react-router-dom';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PageTitle } from '../../../shell/page-title.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { FolderList, ResourceList } from '../components/resource-list.tsx';
import { ListBody, SearchForm } from '../../../components/list-kit/index.ts';
import { useFolders, useResources } from '../use-resources.ts';
import '../resources.css';

const oldest = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);

/**
 * Resources: the folders of reading material the student's school (or every school) gets, and a search over
 * every file in them by title, description or file name. `?search=` keeps the search in the address, so Back
 * returns to the results.
 */
export default function ResourcesScreen() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  const folders = useFolders();
  const results = useResources({ search });
  usePageReady({ loading: folders.loading && !folders.data, error: folders.data ? null : folders.error });
  const top = (folders.data ?? []).filter((f) => f.parent_id === null);

  return (
    <div className="screen resources">
      <PageTitle>Resources</PageTitle>
      <OfflineStamp
        updatedAt={search ? oldest(folders.updatedAt, results.updatedAt) : folders.updatedAt}
        saved={folders.saved || (search !== '' && results.saved)}
      />
      <section className="card">
        <SearchForm
          className="resources__search"
          field={{ name: 'resource-search' }}
          label="Search files"
          initial={search}
          onSearch={(text) => setParams(text ? { search: text } : {})}
        />
      </section>
      {search ? (
        <section className="card" aria-labelledby="resource-results">
          <h2 id="resource-results" className="card__title">
            Files matching “{search}”
          </h2>
          <ListBody
            load={results}
            errors="message"
            loading="inline"
            isEmpty={(data) => data.data.length === 0}
            empty={<EmptyState title="No files found" text="Try another word, or browse the folders." />}
          >
            {(data) => <ResourceList resources={data.data} label="Search results" withFolder />}
          </ListBody>
        </section>
      ) : null}
      <section className="card" aria-labelledby="resource-folders">
        <h2 id="resource-folders" className="card__title">
          Folders
        </h2>
        <ListBody
          load={folders}
          loading="inline"
          isEmpty={() => top.length === 0}
          empty={
            <EmptyState
              title="No resources yet"
              text="Reading material and files shared by your teachers will be gathered here."
            />
          }
        >
          {() => <FolderList folders={top} label="Folders" />}
        </ListBody>
      </section>
    </div>
  );
}

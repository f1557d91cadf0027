import { Link, useSearchParams } from 'react-router-dom';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PageTitle } from '../../../shell/page-title.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { ChooseInResources, FolderList, ResourceList } from '../components/resource-list.tsx';
import { ListBody, SearchForm } from '../../../components/list-kit/index.ts';
import { folderPath, useFolders, useResources } from '../use-resources.ts';
import '../resources.css';

function idParam(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** One folder (`?folder=`): its sub folders and files (name, type, size, date), with a search inside it. */
export default function FilesScreen() {
  const [params, setParams] = useSearchParams();
  const folderId = idParam(params.get('folder'));
  const search = params.get('search')?.trim() ?? '';
  const folders = useFolders();
  const files = useResources({ folder: folderId, search });
  usePageReady({
    loading: folderId !== undefined && files.loading && !files.data,
    error: files.data ? null : files.error,
  });

  const all = folders.data ?? [];
  const folder = files.data?.folder;
  const trail = folderId === undefined ? [] : folderPath(all, folderId);
  const children = all.filter((f) => folderId !== undefined && f.parent_id === folderId);

  if (folderId === undefined)
    return (
      <div className="screen resources">
        <PageTitle>Files</PageTitle>
        <ChooseInResources what="folder" />
      </div>
    );

  return (
    <div className="screen resources">
      <PageTitle>{folder?.name ?? 'Files'}</PageTitle>
      <OfflineStamp updatedAt={files.updatedAt} saved={files.saved} />
      <nav aria-label="Folders">
        <ol className="resources__crumbs">
          <li>
            <Link to={PATHS.resources}>Resources</Link>
          </li>
          {trail.slice(0, -1).map((f) => (
            <li key={f.id}>
              <Link to={`${PATHS.files}?folder=${f.id}`}>{f.name}</Link>
            </li>
          ))}
        </ol>
      </nav>
      <section className="card">
        <SearchForm
          key={folderId}
          className="resources__search"
          field={{ name: 'resource-search' }}
          label="Search this folder"
          initial={search}
          onSearch={(text) =>
            setParams(text ? { folder: String(folderId), search: text } : { folder: String(folderId) })
          }
        />
      </section>
      {children.length > 0 && !search && (
        <section className="card" aria-labelledby="sub-folders">
          <h2 id="sub-folders" className="card__title">
            Folders
          </h2>
          <FolderList folders={children} label="Folders in this folder" />
        </section>
      )}
      <section className="card" aria-labelledby="folder-files">
        <h2 id="folder-files" className="card__title">
          {search ? `Files matching “${search}”` : 'Files'}
        </h2>
        <ListBody
          load={files}
          loading="inline"
          isEmpty={(data) => data.data.length === 0}
          empty={
            <EmptyState
              title={search ? 'No files found' : 'No files here yet'}
              text={search ? 'Try another word.' : 'Files added to this folder will be listed here.'}
            />
          }
        >
          {(data) => <ResourceList resources={data.data} label="Files" />}
        </ListBody>
      </section>
    </div>
  );
}

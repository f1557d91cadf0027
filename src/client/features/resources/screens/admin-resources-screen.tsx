import { useMemo, useState } from 'react';
import type { ResourceFolder } from '../../../../shared/contracts/resources.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PageTitle } from '../../../shell/page-title.tsx';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Loading } from '../../../components/loading.tsx';
import { showToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { useKnowledgeGraph } from '../../knowledge-graph/index.ts';
import { topicOptions } from '../../../components/topic-options.ts';
import { FolderForm } from '../components/folder-form.tsx';
import { ResourceRow } from '../components/resource-row.tsx';
import { ListBody, SearchForm } from '../../../components/list-kit/index.ts';
import { UploadForm } from '../components/upload-form.tsx';
import { deleteFolder } from '../resources.api.ts';
import { useSchoolChoices } from '../../schools/index.ts';
import { useFolders, useResources } from '../use-resources.ts';
import '../resources.css';

/** Folders in tree order, each with its depth (for indenting). */
function inTreeOrder(folders: readonly ResourceFolder[]): Array<{ folder: ResourceFolder; depth: number }> {
  const ids = new Set(folders.map((f) => f.id));
  const out: Array<{ folder: ResourceFolder; depth: number }> = [];
  const walk = (parent: number | null, depth: number) => {
    for (const f of folders)
      if (
        f.parent_id === parent ||
        (depth === 0 && parent === null && f.parent_id !== null && !ids.has(f.parent_id))
      ) {
        if (out.some((o) => o.folder.id === f.id)) continue;
        out.push({ folder: f, depth });
        if (depth < 20) walk(f.id, depth + 1);
      }
  };
  walk(null, 0);
  return out;
}

type FolderEdit = { mode: 'new' } | { mode: 'edit'; folder: ResourceFolder } | null;

/**
 * Manage Resources: folders (create, rename, move, aim at schools, delete), and in the chosen folder its files:
 * upload with a progress bar, edit title / description / topics, delete (asking again when the file is used
 * elsewhere). Teachers change the folders of their own schools; others they see but cannot change.
 */
export default function AdminResourcesScreen() {
  const { user } = useAuth();
  const isAdmin = roleOf(user) === 'admin';
  const folders = useFolders(true);
  const schools = useSchoolChoices(isAdmin);
  const graph = useKnowledgeGraph();
  const [selected, setSelected] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [edit, setEdit] = useState<FolderEdit>(null);
  const files = useResources({ folder: selected ?? undefined, search }, true);
  usePageReady({ loading: folders.loading && !folders.data, error: folders.data ? null : folders.error });

  const topics = useMemo(() => topicOptions(graph.data).microTopics, [graph.data]);
  const tree = useMemo(() => inTreeOrder(folders.data ?? []), [folders.data]);
  const current = folders.data?.find((f) => f.id === selected) ?? null;

  const removeFolder = async (folder: ResourceFolder) => {
    const text =
      folder.file_count > 0
        ? `Delete the folder “${folder.name}” with its ${folder.file_count} file(s) and any folders inside it?`
        : `Delete the folder “${folder.name}” and any folders inside it?`;
    if (!(await confirmDialog(text))) return;
    try {
      await deleteFolder(folder.id);
      showToast({ message: `“${folder.name}” was deleted.`, type: 'success' });
      if (selected === folder.id) setSelected(null);
      folders.reload();
    } catch (error) {
      showToast({ message: errorMessage(error), type: 'error' });
    }
  };

  if (!folders.data)
    return folders.error !== null ? (
      <div className="screen">
        <PageTitle>Manage Resources</PageTitle>
        <p className="form-message form-message--error" role="alert">
          {errorMessage(folders.error)}
        </p>
      </div>
    ) : (
      <Loading />
    );

  return (
    <div className="screen resources admin-resources">
      <PageTitle>Manage Resources</PageTitle>
      <section className="card" aria-labelledby="admin-folders">
        <h2 id="admin-folders" className="card__title">
          Folders
        </h2>
        {!isAdmin && (
          <p className="resources__muted">
            You can change the folders you made and those for your own schools; the others are shown as your
            students see them.
          </p>
        )}
        {tree.length === 0 ? (
          <EmptyState title="No folders yet" text="Create a folder, then upload files into it." />
        ) : (
          <ul className="admin-resources__folders">
            {tree.map(({ folder, depth }) => (
              <li
                key={folder.id}
                className="admin-resources__folder"
                style={{ paddingLeft: `${depth * 1.25}rem` }}
              >
                <button
                  type="button"
                  className={`button button--small admin-resources__folder-button${selected === folder.id ? '' : ' button--secondary'}`}
                  aria-pressed={selected === folder.id}
                  onClick={() => {
                    setSelected(folder.id);
                    setSearch('');
                    setEdit(null);
                  }}
                >
                  {folder.name} ({folder.file_count})
                </button>
                {folder.can_edit && (
                  <>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={`Rename ${folder.name}`}
                      onClick={() => setEdit({ mode: 'edit', folder })}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={`Delete ${folder.name}`}
                      onClick={() => void removeFolder(folder)}
                    >
                      Delete
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {edit ? (
          <FolderForm
            key={edit.mode === 'edit' ? edit.folder.id : 'new'}
            folder={edit.mode === 'edit' ? edit.folder : undefined}
            parentId={edit.mode === 'new' ? selected : null}
            folders={folders.data}
            schools={schools.data ?? []}
            isAdmin={isAdmin}
            onSaved={(saved) => {
              setEdit(null);
              setSelected(saved.id);
              folders.reload();
            }}
            onCancel={() => setEdit(null)}
          />
        ) : (
          <button type="button" className="button" onClick={() => setEdit({ mode: 'new' })}>
            {current ? `New folder in “${current.name}”` : 'New folder'}
          </button>
        )}
      </section>

      {current && (
        <>
          {current.can_edit && (
            <section className="card" aria-labelledby="admin-upload">
              <h2 id="admin-upload" className="card__title">
                Add a file to “{current.name}”
              </h2>
              <UploadForm
                folderId={current.id}
                topics={topics}
                onAdded={() => {
                  files.reload();
                  folders.reload();
                }}
              />
            </section>
          )}
          <section className="card" aria-labelledby="admin-files">
            <h2 id="admin-files" className="card__title">
              Files in “{current.name}”
            </h2>
            <SearchForm
              key={current.id}
              className="resources__search"
              field={{ name: 'resource-search' }}
              label="Search this folder"
              initial={search}
              onSearch={setSearch}
            />
            <ListBody
              load={files}
              errors="message"
              loading="inline"
              isEmpty={(data) => data.data.length === 0}
              empty={
                <EmptyState
                  title={search ? 'No files found' : 'No files here yet'}
                  text={search ? 'Try another word.' : 'Upload a file above.'}
                />
              }
            >
              {(data) => (
                <ul className="resource-list" aria-label="Files">
                  {data.data.map((r) => (
                    <ResourceRow
                      key={r.id}
                      resource={r}
                      folders={folders.data ?? []}
                      topics={topics}
                      onChanged={() => {
                        files.reload();
                        folders.reload();
                      }}
                    />
                  ))}
                </ul>
              )}
            </ListBody>
          </section>
        </>
      )}
    </div>
  );
}

import { Link } from 'react-router-dom';
import type { Resource, ResourceFolder } from '../../../../shared/contracts/resources.ts';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SavedOfflineBadge } from '../../../components/saved-offline-badge.tsx';
import { offlineKeys } from '../../../lib/offline-content.ts';
import { useSavedOfflineKeys } from '../../../lib/use-offline-item.ts';
import { fileFacts, typeTag } from '../resource-format.ts';

/** Folders as large tap targets, each opening its list of files. */
export function FolderList({ folders, label }: { folders: readonly ResourceFolder[]; label: string }) {
  return (
    <ul className="folder-list" aria-label={label}>
      {folders.map((f) => (
        <li key={f.id}>
          <Link className="folder-list__link" to={`${PATHS.files}?folder=${f.id}`}>
            <span className="folder-list__icon" aria-hidden="true">
              <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
                <path d="M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
              </svg>
            </span>
            <span>
              <span className="folder-list__name">{f.name}</span>
              <span className="resource-list__meta">
                {f.file_count === 1 ? '1 file' : `${f.file_count} files`}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Files with their name, type, size and date; `withFolder` adds the folder (search results). */
export function ResourceList({
  resources,
  label,
  withFolder = false,
}: {
  resources: readonly Resource[];
  label: string;
  withFolder?: boolean;
}) {
  const saved = useSavedOfflineKeys();
  return (
    <ul className="resource-list" aria-label={label}>
      {resources.map((r) => (
        <li key={r.id}>
          <Link className="resource-list__link" to={`${PATHS.fileView}?id=${r.id}`}>
            <span className="resource-list__icon" aria-hidden="true">
              {typeTag(r.file.mime)}
            </span>
            <span>
              <span className="resource-list__title">{r.title}</span>{' '}
              <SavedOfflineBadge saved={saved.has(offlineKeys.file(r.id))} />
              <span className="resource-list__meta">
                {r.file.name} · {fileFacts(r.file, r.created_at)}
                {withFolder && ` · in ${r.folder_name}`}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const NOTHING_CHOSEN = {
  file: { title: 'Choose a file', text: 'Open a file from Resources to see it here.' },
  folder: { title: 'Choose a folder', text: 'Open a folder from Resources to see its files.' },
} as const;

/** A screen opened without the file or folder it shows: back to Resources to choose one. */
export function ChooseInResources({ what }: { what: keyof typeof NOTHING_CHOSEN }) {
  return (
    <EmptyState {...NOTHING_CHOSEN[what]}>
      <Link className="button" to={PATHS.resources}>
        Go to Resources
      </Link>
    </EmptyState>
  );
}

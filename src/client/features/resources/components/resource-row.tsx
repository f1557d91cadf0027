import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Resource, ResourceFolder } from '../../../../shared/contracts/resources.ts';
import { PATHS } from '../../../shell/paths.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import type { DropdownOption } from '../../../components/dropdown.tsx';
import { Dropdown } from '../../../components/dropdown.tsx';
import { showToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { deleteResource, updateResource } from '../resources.api.ts';
import { fileFacts } from '../resource-format.ts';
import { ResourceFields } from './resource-fields.tsx';
import type { ResourceEntry } from './resource-fields.tsx';

/** One file in the back office: its facts, Edit (title, description, topics, folder) and Delete. */
export function ResourceRow({
  resource: r,
  folders,
  topics,
  onChanged,
}: {
  resource: Resource;
  folders: readonly ResourceFolder[];
  topics: readonly DropdownOption<number>[];
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!(await confirmDialog(`Delete “${r.title}”?`))) return;
    setBusy(true);
    try {
      const answer = await deleteResource(r.id, false);
      // Used elsewhere too: the server said where; ask again before it goes from there as well.
      if (answer && !(await confirmDialog(answer.inUse))) return;
      if (answer) await deleteResource(r.id, true);
      showToast({ message: `“${r.title}” was deleted.`, type: 'success' });
      onChanged();
    } catch (error) {
      showToast({ message: errorMessage(error), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="admin-resources__row">
      <div className="admin-resources__row-main">
        <Link to={`${PATHS.fileView}?id=${r.id}`} className="resource-list__title">
          {r.title}
        </Link>
        <span className="resource-list__meta">
          {r.file.name} · {fileFacts(r.file, r.created_at)}
        </span>
        {r.topics.length > 0 && (
          <span className="resource-list__meta">Topics: {r.topics.map((t) => t.name).join(', ')}</span>
        )}
      </div>
      {r.can_edit && (
        <div className="admin-resources__buttons">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-expanded={editing}
            aria-label={`Edit ${r.title}`}
            onClick={() => setEditing((e) => !e)}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`Delete ${r.title}`}
            disabled={busy}
            onClick={() => void remove()}
          >
            Delete
          </button>
        </div>
      )}
      {editing && (
        <ResourceEditor
          resource={r}
          folders={folders.filter((f) => f.can_edit)}
          topics={topics}
          onDone={(saved) => {
            setEditing(false);
            if (saved) onChanged();
          }}
        />
      )}
    </li>
  );
}

function ResourceEditor({
  resource: r,
  folders,
  topics,
  onDone,
}: {
  resource: Resource;
  folders: readonly ResourceFolder[];
  topics: readonly DropdownOption<number>[];
  onDone: (saved: boolean) => void;
}) {
  const [entry, setEntry] = useState<ResourceEntry>({
    title: r.title,
    description: r.description,
    topicIds: r.topics.map((t) => t.id),
  });
  const [folderId, setFolderId] = useState<number | null>(r.folder_id);
  const saving = useAction(updateResource);
  const errors = saving.fieldErrors;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await saving.run(r.id, {
      folder_id: folderId ?? r.folder_id,
      title: entry.title,
      description: entry.description,
      micro_topic_ids: entry.topicIds,
    });
    if (result.ok) {
      showToast({ message: 'The file was saved.', type: 'success' });
      onDone(true);
    }
  };
  return (
    <form className="admin-resources__editor card" onSubmit={submit} noValidate>
      <ResourceFields entry={entry} onChange={setEntry} topics={topics} errors={errors}>
        <Dropdown<number>
          label="Folder"
          name="folder_id"
          options={folders.map((f) => ({ value: f.id, label: f.name }))}
          value={folderId}
          onChange={setFolderId}
          required
          error={errors.folder_id?.[0]}
        />
      </ResourceFields>
      {saving.error !== null && Object.keys(errors).length === 0 && (
        <p className="form-message form-message--error" role="alert">
          {errorMessage(saving.error)}
        </p>
      )}
      <div className="admin-resources__buttons">
        <button type="submit" className="button" disabled={saving.pending}>
          Save
        </button>
        <button type="button" className="button button--secondary" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

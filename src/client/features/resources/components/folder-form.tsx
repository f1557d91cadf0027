import { useState } from 'react';
import type { FormEvent } from 'react';
import type { ResourceFolder } from '../../../../shared/contracts/resources.ts';
import { RESOURCE_LIMITS } from '../../../../shared/contracts/resources.ts';
import { Dropdown } from '../../../components/dropdown.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { useAction } from '../../../lib/use-async.ts';
import { errorMessage } from '../../../lib/http.ts';
import { saveFolder } from '../resources.api.ts';

/**
 * Creates a folder (`folder` absent) or renames / moves / re-aims one. No school chosen means every school
 * (admins only: a teacher aims a folder at one or more of their own schools).
 */
export function FolderForm({
  folder,
  parentId,
  folders,
  schools,
  isAdmin,
  onSaved,
  onCancel,
}: {
  folder?: ResourceFolder;
  parentId: number | null;
  folders: readonly ResourceFolder[];
  schools: ReadonlyArray<{ id: number; name: string }>;
  isAdmin: boolean;
  onSaved: (folder: ResourceFolder) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(folder?.name ?? '');
  const [parent, setParent] = useState<number | null>(folder ? folder.parent_id : parentId);
  const [schoolIds, setSchoolIds] = useState<number[]>(folder?.school_ids ?? []);
  const saving = useAction(saveFolder);
  const errors = saving.fieldErrors;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await saving.run(folder?.id ?? null, { name, parent_id: parent, school_ids: schoolIds });
    if (result.ok) {
      showToast({ message: folder ? 'The folder was saved.' : 'The folder was created.', type: 'success' });
      onSaved(result.value);
    }
  };
  // Not into itself (the server also refuses its own sub folders).
  const parents = folders.filter((f) => f.id !== folder?.id);
  return (
    <form className="resource-folder-form" onSubmit={submit} noValidate>
      <TextField
        label="Folder name"
        name="name"
        value={name}
        onChange={setName}
        maxLength={RESOURCE_LIMITS.folderName}
        required
        errors={errors.name}
      />
      <Dropdown<number>
        label="Inside folder"
        name="parent_id"
        placeholder="At the top"
        isClearable
        options={parents.map((f) => ({ value: f.id, label: f.name }))}
        value={parent}
        onChange={setParent}
        error={errors.parent_id?.[0]}
      />
      <Dropdown<number>
        multiple
        label={isAdmin ? 'For schools (none: every school)' : 'For schools'}
        name="school_ids"
        options={schools.map((s) => ({ value: s.id, label: s.name }))}
        value={schoolIds}
        onChange={setSchoolIds}
        required={!isAdmin}
        error={errors.school_ids?.[0]}
      />
      {saving.error !== null && Object.keys(errors).length === 0 && (
        <p className="form-message form-message--error" role="alert">
          {errorMessage(saving.error)}
        </p>
      )}
      <div className="admin-resources__buttons">
        <button type="submit" className="button" disabled={saving.pending}>
          {folder ? 'Save folder' : 'Create folder'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

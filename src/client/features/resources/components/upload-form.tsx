import { useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { FILE_KINDS, formatBytes, type FileKind } from '../../../../shared/contracts/files.ts';
import type { Resource } from '../../../../shared/contracts/resources.ts';
import type { DropdownOption } from '../../../components/dropdown.tsx';
import { showToast } from '../../../components/toast.tsx';
import { uploadFile } from '../../../lib/files.ts';
import { ApiError, errorMessage, isAbortError } from '../../../lib/http.ts';
import { createResource, discardUpload } from '../resources.api.ts';
import { ResourceFields } from './resource-fields.tsx';
import type { ResourceEntry } from './resource-fields.tsx';

/** Which limit an upload is checked against; the server decides the real type from the content. */
const kindOf = (file: File): FileKind => (file.type.startsWith('video/') ? 'video' : 'document');

const EMPTY: ResourceEntry = { title: '', description: '', topicIds: [] };

const ACCEPT = [...new Set([...FILE_KINDS.document.types, ...FILE_KINDS.video.types])].join(',');

/**
 * Adds a file to a folder: upload (a progress bar with the file name and percentage, and Cancel), then the
 * entry with its title, description and micro topics.
 */
export function UploadForm({
  folderId,
  topics,
  onAdded,
}: {
  folderId: number;
  topics: readonly DropdownOption<number>[];
  onAdded: (resource: Resource) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [entry, setEntry] = useState<ResourceEntry>(EMPTY);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setErrors({});
    setFailure(null);
    if (chosen && !entry.title) setEntry({ ...entry, title: chosen.name.replace(/\.[^.]{1,10}$/, '') });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    if (!file) return setErrors({ file: ['Choose a file to upload.'] });
    if (!entry.title.trim()) return setErrors({ title: ['Give the file a title.'] });
    const kind = kindOf(file);
    if (file.size > FILE_KINDS[kind].maxBytes)
      return setErrors({ file: [`The ${kind} may be at most ${formatBytes(FILE_KINDS[kind].maxBytes)}.`] });
    controller.current = new AbortController();
    setProgress(0);
    let uploaded: number | null = null;
    try {
      const stored = await uploadFile(file, kind, setProgress, controller.current.signal);
      uploaded = stored.id;
      const resource = await createResource({
        folder_id: folderId,
        file_id: stored.id,
        title: entry.title,
        description: entry.description,
        micro_topic_ids: entry.topicIds,
      });
      uploaded = null;
      showToast({ message: `“${resource.title}” was added.`, type: 'success' });
      setFile(null);
      setEntry(EMPTY);
      if (input.current) input.current.value = '';
      onAdded(resource);
    } catch (error) {
      if (isAbortError(error)) setFailure('The upload was cancelled.');
      else if (error instanceof ApiError && error.errors) setErrors(error.errors);
      else setFailure(errorMessage(error));
    } finally {
      // Uploaded but not added (the entry was refused): the file is not left behind unused.
      if (uploaded !== null) void discardUpload(uploaded).catch(() => undefined);
      setProgress(null);
      controller.current = null;
    }
  };

  const percent = progress === null ? 0 : Math.round(progress * 100);
  return (
    <form className="resource-upload" onSubmit={submit} noValidate>
      <div className={`field${errors.file?.length ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="resource-file">
          File (PDF, text, image, Word, Excel, PowerPoint up to 50 MB; MP4 or WebM video up to 500 MB)
        </label>
        <input
          ref={input}
          id="resource-file"
          className="field__input"
          type="file"
          accept={ACCEPT}
          onChange={choose}
          aria-describedby={errors.file?.length ? 'resource-file-errors' : undefined}
          disabled={progress !== null}
        />
        {errors.file?.length ? (
          <div role="alert">
            <ul id="resource-file-errors" className="field__errors">
              {errors.file.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <ResourceFields entry={entry} onChange={setEntry} topics={topics} errors={errors} />
      {progress !== null && file && (
        <div className="resource-upload__progress">
          <label htmlFor="resource-upload-progress">
            Uploading {file.name}: {percent}%
          </label>
          <progress id="resource-upload-progress" max={100} value={percent}>
            {percent}%
          </progress>
        </div>
      )}
      {failure && (
        <p className="form-message form-message--error" role="alert">
          {failure}
        </p>
      )}
      {(errors.folder_id ?? errors.file_id) && (
        <p className="form-message form-message--error" role="alert">
          {(errors.folder_id ?? errors.file_id)?.[0]}
        </p>
      )}
      <div className="admin-resources__buttons">
        <button type="submit" className="button" disabled={progress !== null}>
          Upload
        </button>
        {progress !== null && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => controller.current?.abort()}
          >
            Cancel upload
          </button>
        )}
      </div>
    </form>
  );
}

import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { FILE_KINDS, formatBytes } from '../../../../shared/contracts/files.ts';
import { FileImage } from '../../../components/file-image.tsx';
import { uploadFile } from '../../../lib/files.ts';
import { ApiError, errorMessage } from '../../../lib/http.ts';

const IMAGE = FILE_KINDS.image;

/**
 * Optional picture for the question: streamed to the file store at once (with its progress shown) and kept
 * as the `/api/files/ID` the server answers with. The server decides the type from the bytes; the checks
 * here only save a pointless upload.
 */
export function ImageField({
  value,
  onChange,
  errors,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  errors?: string[];
}) {
  const id = useId();
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [problem, setProblem] = useState<string[]>([]);
  const cancel = useRef<AbortController | null>(null);
  const shown = [...problem, ...(errors ?? [])];

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setProblem([]);
    if (!(IMAGE.types as readonly string[]).includes(file.type)) {
      setProblem([IMAGE.refused]);
      input.value = '';
      return;
    }
    if (file.size > IMAGE.maxBytes) {
      setProblem([`The image may be at most ${formatBytes(IMAGE.maxBytes)}.`]);
      input.value = '';
      return;
    }
    const controller = new AbortController();
    cancel.current = controller;
    setProgress({ name: file.name, fraction: 0 });
    try {
      const stored = await uploadFile(
        file,
        'image',
        (fraction) => setProgress({ name: file.name, fraction }),
        controller.signal,
      );
      onChange(stored.url);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        const messages = error instanceof ApiError && error.errors ? Object.values(error.errors).flat() : [];
        setProblem(messages.length ? messages : [errorMessage(error)]);
      }
    } finally {
      cancel.current = null;
      setProgress(null);
      input.value = '';
    }
  };

  return (
    <div className={`field${shown.length ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        Image (optional)
      </label>
      {value && (
        <div className="image-field__current">
          <FileImage src={value} alt="The question's image" className="image-field__image" />
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => onChange(null)}
          >
            Remove image
          </button>
        </div>
      )}
      <input
        id={id}
        type="file"
        accept={IMAGE.types.join(',')}
        disabled={progress !== null}
        onChange={onFile}
        aria-describedby={shown.length ? `${id}-errors` : undefined}
      />
      {progress !== null && (
        <div className="image-field__upload" role="status">
          <label>
            Uploading {progress.name}: {Math.round(progress.fraction * 100)}%
            <progress max={1} value={progress.fraction} />
          </label>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => cancel.current?.abort()}
          >
            Cancel
          </button>
        </div>
      )}
      {shown.length > 0 && (
        <div role="alert">
          <ul id={`${id}-errors`} className="field__errors">
            {shown.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

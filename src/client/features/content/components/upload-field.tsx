import { useId, useRef, useState } from 'react';
import { FILE_KINDS, formatBytes } from '../../../../shared/contracts/files.ts';
import type { FileKind, StoredFile } from '../../../../shared/contracts/files.ts';
import { uploadFile } from '../../../lib/files.ts';
import { errorMessage } from '../../../lib/http.ts';

type Uploading = { name: string; fraction: number };

/**
 * A file input that uploads what is chosen straight away, with a visible progress bar (file name and %),
 * and hands the stored file (and the chosen one, to read more from it) to the form.
 */
export function UploadField({
  label,
  kind,
  accept,
  hint,
  errors,
  multiple = false,
  onUploaded,
}: {
  label: string;
  kind: FileKind;
  accept: string;
  hint?: string;
  errors?: string[];
  multiple?: boolean;
  onUploaded: (stored: StoredFile, chosen: File) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = [...(errors ?? []), ...(failure ? [failure] : [])];

  const upload = async (files: File[]) => {
    setFailure(null);
    // One after another: the bar shows one file at a time, and a phone's upload is not split in four.
    for (const file of files) {
      setUploading({ name: file.name, fraction: 0 });
      try {
        const stored = await uploadFile(file, kind, (fraction) =>
          setUploading({ name: file.name, fraction }),
        );
        onUploaded(stored, file);
      } catch (error) {
        setFailure(`${file.name}: ${errorMessage(error)}`);
        break;
      } finally {
        setUploading(null);
      }
    }
    if (input.current) input.current.value = '';
  };

  return (
    <div className={`field${shown.length ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        className="field__input"
        accept={accept}
        multiple={multiple}
        disabled={uploading !== null}
        aria-describedby={`${id}-hint`}
        onChange={(e) => void upload([...(e.target.files ?? [])])}
      />
      <p id={`${id}-hint`} className="field__hint">
        {hint ?? `At most ${formatBytes(FILE_KINDS[kind].maxBytes)}.`}
      </p>
      {uploading && (
        <div className="content-upload" role="status">
          <span className="content-upload__name">{uploading.name}</span>
          <progress
            className="content-upload__bar"
            max={100}
            value={Math.round(uploading.fraction * 100)}
            aria-label={`Uploading ${uploading.name}`}
          />
          <span className="content-upload__percent">{Math.round(uploading.fraction * 100)} %</span>
        </div>
      )}
      {shown.length > 0 && (
        <div role="alert">
          <ul className="field__errors">
            {shown.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * The length of a chosen video as the browser reads it: the fallback for files whose length the server
 * cannot read. A WebM from MediaRecorder reports Infinity until asked to seek far past its end.
 */
export function browserDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(value);
    };
    const timer = window.setTimeout(() => done(null), 10_000);
    const settle = () => {
      if (Number.isFinite(video.duration) && video.duration > 0) {
        window.clearTimeout(timer);
        done(Math.round(video.duration * 1000) / 1000);
        return true;
      }
      return false;
    };
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      if (!settle()) {
        video.ondurationchange = () => void settle();
        video.currentTime = 1e7;
      }
    };
    video.onerror = () => {
      window.clearTimeout(timer);
      done(null);
    };
    video.src = url;
  });
}

import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { uploadImage } from '../questions.api.ts';

const MAX_DATA_URL = 900_000;
const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Optional picture for the question: uploaded at once, kept as the URL the server answers with. */
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
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string[]>([]);
  const shown = [...problem, ...(errors ?? [])];

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setProblem([]);
    if (!TYPES.includes(file.type)) {
      setProblem(['Upload a PNG, JPEG, GIF or WebP image.']);
      input.value = '';
      return;
    }
    setUploading(true);
    try {
      const dataUrl = await readAsDataUrl(file);
      if (dataUrl.length > MAX_DATA_URL) {
        setProblem(['The image may be at most about 650 KB.']);
        return;
      }
      onChange(await uploadImage(dataUrl));
    } catch (error) {
      const messages = error instanceof ApiError && error.errors ? Object.values(error.errors).flat() : [];
      setProblem(messages.length ? messages : [errorMessage(error)]);
    } finally {
      setUploading(false);
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
          <img src={value} alt="The question's image" className="image-field__image" />
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
        accept={TYPES.join(',')}
        disabled={uploading}
        onChange={onFile}
        aria-describedby={shown.length ? `${id}-errors` : undefined}
      />
      {uploading && <p className="field__hint">Uploading...</p>}
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

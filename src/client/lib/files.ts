import { API_BASE, API_TIMEOUT_MS } from '../../shared/constants.ts';
import { FILE_PATHS } from '../../shared/api-paths.ts';
import type { FieldErrors } from '../../shared/contracts/common.ts';
import type { FileKind, StoredFile } from '../../shared/contracts/files.ts';
import { api, ApiError, currentToken } from './http.ts';

/**
 * Uploads one file as multipart/form-data and reports its progress (0..1). XMLHttpRequest, not fetch: only
 * XHR tells how much of a request body has been sent. The server decides the type from the content and
 * answers 422 (or 413 for size) with a message for the `file` field.
 */
export function uploadFile(
  file: Blob & { name?: string },
  kind: FileKind,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${FILE_PATHS.upload}?kind=${kind}`);
    xhr.timeout = API_TIMEOUT_MS * 4;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = currentToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const body = (): { message?: string; errors?: FieldErrors; file?: StoredFile } => {
      try {
        return JSON.parse(xhr.responseText) as { message?: string; errors?: FieldErrors; file?: StoredFile };
      } catch {
        return {};
      }
    };
    xhr.onload = () => {
      const answer = body();
      if (xhr.status >= 200 && xhr.status < 300 && answer.file) {
        onProgress(1);
        resolve(answer.file);
      } else {
        const message = answer.message ?? `The upload failed (${xhr.status}).`;
        reject(new ApiError(xhr.status, message, answer.errors, answer.message));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed: check the connection and try again.'));
    xhr.ontimeout = () => reject(new ApiError(0, 'The upload took too long. Try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name ?? 'file');
    xhr.send(form);
  });
}

const objectUrls = new Map<string, Promise<string>>();

/**
 * A displayable URL for one of our files (`/api/files/ID`). An <img> cannot send the bearer token, so the
 * bytes are fetched with it and shown from a blob: URL, kept for the session (the service worker's API cache
 * keeps them for offline use too).
 */
export function fileObjectUrl(src: string): Promise<string> {
  let url = objectUrls.get(src);
  if (!url) {
    url = api
      .url(src.startsWith(API_BASE) ? src.slice(API_BASE.length) : src)
      .get()
      .blob()
      .then((blob) => URL.createObjectURL(blob));
    // A failure is not kept: the next render tries again (back online, signed in again).
    url.catch(() => objectUrls.delete(src));
    objectUrls.set(src, url);
  }
  return url;
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { API_BASE } from '../../../../shared/constants.ts';
import { RESOURCE_PATHS, type Resource } from '../../../../shared/contracts/resources.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PageTitle } from '../../../shell/page-title.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { AvailableOfflineButton } from '../../../components/available-offline-button.tsx';
import { Loading } from '../../../components/loading.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { fileFacts } from '../resource-format.ts';
import { ChooseInResources } from '../components/resource-list.tsx';
import { useResource } from '../use-resources.ts';
import '../resources.css';

// pdf.js is large: it loads only when a PDF is opened.
const PdfViewer = lazy(() => import('../components/pdf-viewer.tsx'));

function idParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * One file (`?id=`): PDFs page by page, images and plain text in the app, videos in a player, anything else
 * as a download. Every type has a Download button, and the file can be kept on the device for offline use.
 */
export default function FileViewScreen() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const resource = useResource(id);
  usePageReady({ loading: id !== null && resource.loading && !resource.data, error: resource.error });

  if (id === null || (resource.error !== null && !resource.data))
    return (
      <div className="screen resources">
        <PageTitle>File View</PageTitle>
        {id !== null ? (
          <div className="form-message form-message--error" role="alert">
            <p>{errorMessage(resource.error)}</p>
          </div>
        ) : (
          <ChooseInResources what="file" />
        )}
      </div>
    );
  if (!resource.data) return <Loading />;
  const r = resource.data;
  return (
    <div className="screen resources">
      <nav aria-label="Folders">
        <ol className="resources__crumbs">
          <li>
            <Link to={PATHS.resources}>Resources</Link>
          </li>
          <li>
            <Link to={`${PATHS.files}?folder=${r.folder_id}`}>{r.folder_name}</Link>
          </li>
        </ol>
      </nav>
      <PageTitle>{r.title}</PageTitle>
      <p className="resources__muted">
        {r.file.name} · {fileFacts(r.file, r.created_at)}
      </p>
      {r.description && <p className="file-view__description">{r.description}</p>}
      <div className="file-view__actions">
        <a className="button" href={r.file.url} download={r.file.name}>
          Download
        </a>
        <AvailableOfflineButton
          item={{
            key: `file:${r.id}`,
            kind: 'file',
            title: r.title,
            urls: [r.file.url, `${API_BASE}${RESOURCE_PATHS.file(r.id)}`],
            openPath: `${PATHS.fileView}?id=${r.id}`,
          }}
        />
      </div>
      <section
        className={`card file-view__body${r.file.mime === 'application/pdf' ? ' file-view__body--pdf' : ''}`}
        aria-label={r.title}
      >
        <FileBody resource={r} />
      </section>
    </div>
  );
}

function FileBody({ resource: r }: { resource: Resource }) {
  const { mime, url } = r.file;
  if (mime === 'application/pdf')
    return (
      <Suspense fallback={<Loading label="Opening the PDF…" />}>
        <PdfViewer key={url} url={url} title={r.title} />
      </Suspense>
    );
  if (mime.startsWith('image/')) return <img className="file-view__image" src={url} alt={r.title} />;
  if (mime.startsWith('video/'))
    return (
      <video className="file-view__video" src={url} controls preload="metadata">
        <a href={url} download={r.file.name}>
          Download the video
        </a>
      </video>
    );
  if (mime === 'text/plain') return <PlainText url={url} />;
  return (
    <p className="resources__muted">
      This type of file opens in another app: use Download to save it, then open it on your device.
    </p>
  );
}

/** A text file shown as text (never as markup: React escapes it). */
function PlainText({ url }: { url: string }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then((res) => {
        if (!res.ok) throw new Error(`The file could not be loaded (${res.status}).`);
        return res.text();
      })
      .then(setText, (e: unknown) => {
        if (!controller.signal.aborted) setError(e);
      });
    return () => controller.abort();
  }, [url]);
  if (error !== null)
    return (
      <p className="form-message form-message--error" role="alert">
        {errorMessage(error)}
      </p>
    );
  if (text === null) return <Loading variant="inline" />;
  return <pre className="file-view__text">{text}</pre>;
}

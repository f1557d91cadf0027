import { useEffect, useRef, useState } from 'react';
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
// The worker as a file of its own (Vite copies it into the build): pdf.js parses off the main thread.
import workerSrc from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { Loading } from '../../../components/loading.tsx';
import { errorMessage } from '../../../lib/http.ts';

GlobalWorkerOptions.workerSrc = workerSrc;

/**
 * A PDF page by page, each fitted to the width of the screen: only the page shown is drawn (a 200-page file
 * costs one canvas), with Previous / Next and "Page N of M". The legacy build: older phones' browsers lack
 * some of what the modern one expects. This module is loaded only when a PDF is opened (file-view-screen),
 * keyed by the URL there, so another file starts from a fresh state.
 */
export default function PdfViewer({ url, title }: { url: string; title: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [page, setPage] = useState(1);
  const [width, setWidth] = useState(0);
  // Which page at which width is on the canvas: anything else is still being drawn.
  const [drawn, setDrawn] = useState('');
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  // The whole file, then parsed: a saved offline copy answers one plain GET, not pdf.js's range requests.
  useEffect(() => {
    const controller = new AbortController();
    let task: ReturnType<typeof getDocument> | null = null;
    void (async () => {
      try {
        const response = await fetch(url, { signal: controller.signal });
        if (!response.ok) throw new Error(`The file could not be loaded (${response.status}).`);
        const data = new Uint8Array(await response.arrayBuffer());
        if (controller.signal.aborted) return;
        task = getDocument({ data });
        const loaded = await task.promise;
        if (!controller.signal.aborted) setDoc(loaded);
      } catch (e) {
        if (!controller.signal.aborted) setError(e);
      }
    })();
    return () => {
      controller.abort();
      // Ends the worker's copy of the document (and its parsing, if it is still going).
      void task?.destroy();
    };
  }, [url]);

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!doc || !canvas.current || width <= 0) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const pdfPage = await doc.getPage(page);
        if (cancelled || !canvas.current) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        const scale = width / natural.width;
        // Drawn at the screen's pixel density, shown at CSS size: sharp text on a phone.
        const ratio = Math.min(window.devicePixelRatio || 1, 3);
        const viewport = pdfPage.getViewport({ scale: scale * ratio });
        const target = canvas.current;
        target.width = Math.floor(viewport.width);
        target.height = Math.floor(viewport.height);
        target.style.width = `${Math.floor(viewport.width / ratio)}px`;
        target.style.height = `${Math.floor(viewport.height / ratio)}px`;
        task = pdfPage.render({ canvas: target, viewport });
        await task.promise;
        if (!cancelled) setDrawn(`${page} ${width}`);
      } catch (e) {
        if (!cancelled && (e as { name?: string }).name !== 'RenderingCancelledException') setError(e);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, width]);

  const pages = doc?.numPages ?? 0;
  return (
    <div className="pdf-viewer">
      <div className="pdf-viewer__nav" role="group" aria-label="Pages">
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={!doc || page <= 1}
          onClick={() => setPage((p) => Math.max(1, p - 1))}
        >
          Previous
        </button>
        <p className="pdf-viewer__count" aria-live="polite">
          {doc ? `Page ${page} of ${pages}` : ' '}
        </p>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={!doc || page >= pages}
          onClick={() => setPage((p) => Math.min(pages, p + 1))}
        >
          Next
        </button>
      </div>
      <div className="pdf-viewer__frame" ref={frame} aria-busy={!doc || drawn !== `${page} ${width}`}>
        {error !== null ? (
          <p className="form-message form-message--error" role="alert">
            {errorMessage(error, 'This PDF could not be shown. Use Download to open it.')}
          </p>
        ) : (
          <>
            {!doc && <Loading label="Opening the PDF…" />}
            <canvas
              ref={canvas}
              className="pdf-viewer__page"
              role="img"
              aria-label={doc ? `${title}, page ${page} of ${pages}` : title}
              hidden={!doc}
            />
          </>
        )}
      </div>
    </div>
  );
}

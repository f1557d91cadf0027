import { useEffect, useRef, useState } from 'react';
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
// The worker as a file of its own (Vite copies it into the build): pdf.js parses off the main thread.
import workerSrc from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { Loading } from '../../../components/loading.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { canvasDensity, MAX_ZOOM, MIN_ZOOM, usePdfZoom, ZOOM_STEP } from './pdf-zoom.ts';

GlobalWorkerOptions.workerSrc = workerSrc;

/**
 * A PDF page by page, fitted to the width of the screen and drawn at its pixel density, so text is as sharp
 * and as large as the phone allows; pinch, double tap, + and − zoom in (up to 4×), and the frame scrolls
 * both ways while zoomed. Only the page shown is drawn (a 200-page file costs one canvas). The legacy
 * build: older phones' browsers lack some of what the modern one expects. This module is loaded only when a
 * PDF is opened (file-view-screen), keyed by the URL there, so another file starts from a fresh state.
 */
export default function PdfViewer({ url, title }: { url: string; title: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [page, setPage] = useState(1);
  const [width, setWidth] = useState(0);
  // Height ÷ width of the page shown, known once it is first measured.
  const [aspect, setAspect] = useState(Math.SQRT2);
  // Which page at which width and zoom is on the canvas: anything else is still being drawn.
  const [drawn, setDrawn] = useState('');
  const canvas = useRef<HTMLCanvasElement>(null);
  const { frame, zoom, shown, zoomTo } = usePdfZoom();

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

  // The frame's own width (not the window's): the page fills it, edge to edge on a phone.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      // The border box: while zoomed, the frame's scroll bar comes and goes, and must not redraw the page.
      setWidth(Math.floor(entry?.borderBoxSize?.[0]?.inlineSize ?? entry?.contentRect.width ?? 0));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [frame]);

  useEffect(() => {
    if (!doc || !canvas.current || width <= 0) return;
    let task: RenderTask | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const pdfPage = await doc.getPage(page);
        if (cancelled || !canvas.current) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        setAspect(natural.height / natural.width);
        const cssWidth = Math.floor(width * zoom);
        const cssHeight = (cssWidth * natural.height) / natural.width;
        const density = canvasDensity(cssWidth, cssHeight, window.devicePixelRatio);
        // Whole bitmap pixels first, the scale from them: 585 CSS px at 3× is 1,755 pixels, not 1,754.99.
        const pixels = Math.round(cssWidth * density);
        const viewport = pdfPage.getViewport({ scale: pixels / natural.width });
        const target = canvas.current;
        target.width = pixels;
        target.height = Math.round(viewport.height);
        task = pdfPage.render({ canvas: target, viewport });
        await task.promise;
        if (!cancelled) setDrawn(`${page} ${width} ${zoom}`);
      } catch (e) {
        if (!cancelled && (e as { name?: string }).name !== 'RenderingCancelledException') setError(e);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, width, zoom]);

  // A new page starts at its top left.
  useEffect(() => {
    frame.current?.scrollTo({ top: 0, left: 0 });
  }, [frame, page]);

  const pages = doc?.numPages ?? 0;
  // Shown at CSS size (the bitmap is denser): during a pinch, the last drawing stretched to the fingers.
  const cssWidth = Math.floor(width * shown);
  const size = width > 0 ? { width: `${cssWidth}px`, height: `${Math.floor(cssWidth * aspect)}px` } : {};
  const percent = `${Math.round(shown * 100)}%`;
  return (
    <div className="pdf-viewer">
      <div className="pdf-viewer__bar" role="toolbar" aria-label="Pages and zoom">
        <div className="pdf-viewer__nav" role="group" aria-label="Pages">
          <button
            type="button"
            className="button button--secondary pdf-viewer__button"
            disabled={!doc || page <= 1}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
          >
            <span aria-hidden="true">‹ </span>Previous
          </button>
          <p className="pdf-viewer__count" aria-live="polite">
            {doc ? `Page ${page} of ${pages}` : ' '}
          </p>
          <button
            type="button"
            className="button button--secondary pdf-viewer__button"
            disabled={!doc || page >= pages}
            onClick={() => setPage((p) => Math.min(pages, p + 1))}
          >
            Next<span aria-hidden="true"> ›</span>
          </button>
        </div>
        <div className="pdf-viewer__zoom" role="group" aria-label="Zoom">
          <button
            type="button"
            className="button button--secondary pdf-viewer__button pdf-viewer__zoom-button"
            aria-label="Zoom out"
            disabled={!doc || shown <= MIN_ZOOM}
            onClick={() => zoomTo(zoom / ZOOM_STEP)}
          >
            −
          </button>
          <output className="pdf-viewer__percent" aria-label={`Zoom ${percent}`}>
            {percent}
          </output>
          <button
            type="button"
            className="button button--secondary pdf-viewer__button pdf-viewer__zoom-button"
            aria-label="Zoom in"
            disabled={!doc || shown >= MAX_ZOOM}
            onClick={() => zoomTo(zoom * ZOOM_STEP)}
          >
            +
          </button>
        </div>
      </div>
      <div
        className={`pdf-viewer__frame${shown > MIN_ZOOM ? ' pdf-viewer__frame--zoomed' : ''}`}
        ref={frame}
        aria-busy={!doc || drawn !== `${page} ${width} ${zoom}`}
        onDoubleClick={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          zoomTo(zoom > MIN_ZOOM ? MIN_ZOOM : 2, { x: e.clientX - box.left, y: e.clientY - box.top });
        }}
      >
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
              style={size}
              role="img"
              aria-label={doc ? `${title}, page ${page} of ${pages}` : title}
              hidden={!doc}
            />
          </>
        )}
      </div>
      {doc && (
        <p className="pdf-viewer__hint">Pinch or double-tap the page to zoom; drag to move around it.</p>
      )}
    </div>
  );
}

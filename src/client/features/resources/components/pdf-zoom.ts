import { useCallback, useEffect, useRef, useState } from 'react';

/** 1 is the page fitted to the width of the screen; a finger or + goes up to four times that. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** One press of + or −. */
export const ZOOM_STEP = 1.5;
/** What a double tap zooms to from the fitted width (and back). */
const DOUBLE_TAP_ZOOM = 2;
const DOUBLE_TAP_MS = 320;
const DOUBLE_TAP_SLOP = 30;

export const clampZoom = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));

/**
 * At most this many canvas pixels for one page (about 48 MB of bitmap): iOS Safari refuses canvases past
 * 16.7 million pixels, and a phone's memory goes first. Up to it the page is drawn at the screen's full
 * pixel density; zoomed in further, at what fits, and the browser stretches the rest.
 */
const MAX_CANVAS_PIXELS = 12_000_000;
/** Densities above 3 add nothing a reader sees. */
const MAX_DENSITY = 3;

/** Device pixels per CSS pixel for a page shown at `cssWidth` × `cssHeight`. */
export function canvasDensity(cssWidth: number, cssHeight: number, devicePixelRatio: number): number {
  const wanted = Math.min(devicePixelRatio || 1, MAX_DENSITY);
  const fits = Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, cssWidth * cssHeight));
  return Math.max(0.5, Math.min(wanted, fits));
}

type Point = { x: number; y: number };

/**
 * The viewer's zoom: `zoom` is what the page is drawn at; `shown` follows a pinch while fingers move (the
 * drawn page is stretched until they lift, then drawn again sharp). Every change keeps the point under the
 * fingers (or the middle of the frame, for + and −) where it was, by scrolling the frame.
 *
 * Touch events rather than pointer events: once the browser starts panning, pointer events are cancelled,
 * whereas a non-passive touchmove can stop the browser's own pinch (which would zoom the whole app).
 */
export function usePdfZoom() {
  // The scrolling frame round the page: the gestures are heard there, and it scrolls to keep their point.
  const frame = useRef<HTMLDivElement>(null);
  const [zoom, setZoomState] = useState(MIN_ZOOM);
  const [live, setLive] = useState<number | null>(null);
  const zoomRef = useRef(zoom);
  const liveRef = useRef<number | null>(null);
  // A scroll to apply once the frame has the new size (after React has drawn it).
  const anchor = useRef<{ from: number; to: number; at: Point } | null>(null);

  const zoomTo = useCallback((next: number, at?: Point, commit = true) => {
    const el = frame.current;
    const from = liveRef.current ?? zoomRef.current;
    const to = clampZoom(next);
    const point = at ?? (el ? { x: el.clientWidth / 2, y: el.clientHeight / 2 } : { x: 0, y: 0 });
    anchor.current = { from, to, at: point };
    if (commit) {
      zoomRef.current = to;
      liveRef.current = null;
      setLive(null);
      setZoomState(to);
    } else {
      liveRef.current = to;
      setLive(to);
    }
  }, []);

  // After the frame took its new size: the point that was under the fingers is under them again.
  const shown = live ?? zoom;
  useEffect(() => {
    const el = frame.current;
    const a = anchor.current;
    if (!el || !a || a.to !== shown) return;
    anchor.current = null;
    const ratio = a.to / a.from;
    el.scrollTo({
      left: (el.scrollLeft + a.at.x) * ratio - a.at.x,
      top: (el.scrollTop + a.at.y) * ratio - a.at.y,
    });
  }, [shown]);

  // Pinch with two fingers, double tap with one.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    let pinch: { distance: number; zoom: number; mid: Point } | null = null;
    let lastTap: { time: number; at: Point } | null = null;
    let moved = false;
    let current = zoomRef.current;
    const local = (t: Touch): Point => {
      const box = el.getBoundingClientRect();
      return { x: t.clientX - box.left, y: t.clientY - box.top };
    };
    const spread = (a: Touch, b: Touch) => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    const onStart = (e: TouchEvent) => {
      moved = e.touches.length > 1;
      if (e.touches.length === 2) {
        const [a, b] = [e.touches[0]!, e.touches[1]!];
        const pa = local(a);
        const pb = local(b);
        current = zoomRef.current;
        pinch = {
          distance: spread(a, b),
          zoom: current,
          mid: { x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2 },
        };
        e.preventDefault();
      }
    };
    const onMove = (e: TouchEvent) => {
      moved = true;
      if (!pinch || e.touches.length < 2) return;
      e.preventDefault();
      const next = clampZoom((pinch.zoom * spread(e.touches[0]!, e.touches[1]!)) / pinch.distance);
      if (Math.abs(next - current) < 0.01) return;
      zoomTo(next, pinch.mid, false);
      current = next;
    };
    const onEnd = (e: TouchEvent) => {
      if (pinch) {
        if (e.touches.length < 2) {
          zoomTo(current, pinch.mid, true);
          pinch = null;
        }
        lastTap = null;
        return;
      }
      const t = e.changedTouches[0];
      if (moved || !t || e.touches.length > 0) {
        lastTap = null;
        return;
      }
      const at = local(t);
      const now = e.timeStamp;
      if (
        lastTap &&
        now - lastTap.time < DOUBLE_TAP_MS &&
        Math.hypot(at.x - lastTap.at.x, at.y - lastTap.at.y) < DOUBLE_TAP_SLOP
      ) {
        e.preventDefault();
        lastTap = null;
        zoomTo(zoomRef.current > MIN_ZOOM ? MIN_ZOOM : DOUBLE_TAP_ZOOM, at, true);
      } else lastTap = { time: now, at };
    };
    el.addEventListener('touchstart', onStart, { passive: false });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd, { passive: false });
    el.addEventListener('touchcancel', onEnd);
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
    };
  }, [zoomTo]);

  return { frame, zoom, shown, zoomTo };
}

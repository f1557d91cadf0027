import { useRef } from 'react';
import type { PointerEvent } from 'react';

export interface DragHandlers<T> {
  /** The pointer moved while dragging `item`; x and y are viewport coordinates. */
  onMove(item: T, x: number, y: number): void;
  /** The pointer was lifted (or the browser took the gesture over: `cancelled`). */
  onEnd(item: T, x: number, y: number, cancelled: boolean): void;
}

/**
 * Dragging by a handle with pointer events, so a finger, a pen and a mouse all work. The handle captures the
 * pointer, so the drag goes on wherever the finger goes (so the handle must stay where it is in the DOM until
 * the drop); `touch-action: none` on the handle (CSS) keeps the page from scrolling instead. Targets are
 * found with `document.elementFromPoint`. The props are made at each render, so they call the latest handlers.
 */
export function usePointerDrag<T>(handlers: DragHandlers<T>) {
  const current = useRef<{ item: T; pointerId: number } | null>(null);

  return (item: T, disabled = false) => ({
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      current.current = { item, pointerId: event.pointerId };
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const drag = current.current;
      if (drag?.pointerId === event.pointerId) handlers.onMove(drag.item, event.clientX, event.clientY);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const drag = current.current;
      if (drag?.pointerId !== event.pointerId) return;
      current.current = null;
      handlers.onEnd(drag.item, event.clientX, event.clientY, false);
    },
    onPointerCancel(event: PointerEvent<HTMLElement>) {
      const drag = current.current;
      if (drag?.pointerId !== event.pointerId) return;
      current.current = null;
      handlers.onEnd(drag.item, event.clientX, event.clientY, true);
    },
  });
}

/** The element under a viewport point that carries `attribute`, and that attribute's value. */
export function targetAt(x: number, y: number, attribute: string): string | null {
  const element = document.elementFromPoint(x, y)?.closest(`[${attribute}]`);
  return element?.getAttribute(attribute) ?? null;
}

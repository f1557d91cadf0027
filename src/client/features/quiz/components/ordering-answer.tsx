import { useId, useState } from 'react';
import type { AnswerInputProps } from './choice-answers.tsx';
import { targetAt, usePointerDrag } from './use-pointer-drag.ts';

/**
 * Put the items in order: drag an item by its handle (touch or mouse), or use Move up / Move down, which
 * keyboards and screen readers use (the handle is for pointers only).
 */
export function OrderingAnswer({ question, value, onChange, disabled }: AnswerInputProps) {
  const id = useId();
  const shown = question.options.map((o) => o.id);
  const given = value?.type === 'ordering' ? value.order.filter((o) => shown.includes(o)) : [];
  const order = given.length === shown.length ? given : shown;
  // While a drag is on: the item held and the item it would be dropped on (the list itself stays put).
  const [dragging, setDragging] = useState<{ item: string; over: string | null } | null>(null);
  const textOf = (optionId: string) => question.options.find((o) => o.id === optionId)?.text ?? '';
  const buttonId = (optionId: string, direction: 'up' | 'down') => `${id}-${optionId}-${direction}`;

  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    onChange({ type: 'ordering', order: next });
    // Keep the keyboard on the item that moved; at the top or bottom its other button is the one left.
    const target = index + by;
    const direction = by < 0 ? (target === 0 ? 'down' : 'up') : target === next.length - 1 ? 'up' : 'down';
    requestAnimationFrame(() => document.getElementById(buttonId(item, direction))?.focus());
  };

  const handle = usePointerDrag<string>({
    onMove(item, x, y) {
      setDragging({ item, over: targetAt(x, y, 'data-order-item') });
    },
    onEnd(item, x, y, cancelled) {
      setDragging(null);
      const over = cancelled ? null : targetAt(x, y, 'data-order-item');
      if (!over) return;
      // Dropped on an item: it takes that item's place. Dropping counts as an answer, even in the order
      // shown: the student chose it.
      const next = order.filter((o) => o !== item);
      next.splice(order.indexOf(over), 0, item);
      onChange({ type: 'ordering', order: next });
    },
  });

  return (
    <fieldset className="answer">
      <legend className="answer__legend">Put the items in the right order (first at the top)</legend>
      <ol className="answer__order">
        {order.map((optionId, index) => (
          <li
            key={optionId}
            className={[
              'answer__order-item',
              dragging?.item === optionId ? 'answer__order-item--dragging' : '',
              dragging && dragging.over === optionId && dragging.item !== optionId
                ? 'answer__order-item--over'
                : '',
            ]
              .filter(Boolean)
              .join(' ')}
            data-order-item={optionId}
          >
            <div className="answer__order-row">
              <span
                className="drag-handle"
                aria-hidden="true"
                title="Drag to move"
                data-testid={`drag-${optionId}`}
                {...handle(optionId, disabled)}
              >
                ⠿
              </span>
              <span className="answer__order-text">{textOf(optionId)}</span>
              <span className="answer__order-actions">
                <button
                  id={buttonId(optionId, 'up')}
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Move up: ${textOf(optionId)}`}
                  disabled={disabled || index === 0}
                  onClick={() => move(index, -1)}
                >
                  Move up
                </button>
                <button
                  id={buttonId(optionId, 'down')}
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Move down: ${textOf(optionId)}`}
                  disabled={disabled || index === order.length - 1}
                  onClick={() => move(index, 1)}
                >
                  Move down
                </button>
              </span>
            </div>
          </li>
        ))}
      </ol>
      {given.length !== shown.length && (
        <p className="answer__hint">
          Not answered yet. Drag or move the items, or keep the order shown if you think it is right.{' '}
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={disabled}
            onClick={() => onChange({ type: 'ordering', order })}
          >
            Keep this order
          </button>
        </p>
      )}
    </fieldset>
  );
}

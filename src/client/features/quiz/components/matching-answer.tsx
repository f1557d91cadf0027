import { useId, useState } from 'react';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import type { AnswerInputProps } from './choice-answers.tsx';
import { MatchPicker } from './match-picker.tsx';
import { targetAt, usePointerDrag } from './use-pointer-drag.ts';

/**
 * Each item on the left gets one from the right: drag an answer by its handle onto its match (touch or
 * mouse), or choose it in the item's list, which keyboards and screen readers use. Each right item matches
 * once: giving it to another item moves it there, as a person sorting cards would. On a phone the items and
 * answers stack in one column and a select would cut long answers off, so each item opens a sheet of the
 * answers in full instead (MatchPicker), and the words say so.
 */
export function MatchingAnswer({ question, value, onChange, disabled }: AnswerInputProps) {
  const id = useId();
  const pairs = value?.type === 'matching' ? value.pairs : {};
  const [over, setOver] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);

  const choose = (leftId: string, rightId: string) => {
    const next: Record<string, string> = {};
    for (const [left, right] of Object.entries(pairs)) {
      if (left !== leftId && right !== rightId) next[left] = right;
    }
    if (rightId) next[leftId] = rightId;
    onChange(Object.keys(next).length > 0 ? { type: 'matching', pairs: next } : null);
  };

  const handle = usePointerDrag<string>({
    onMove(rightId, x, y) {
      setDragged(rightId);
      setOver(targetAt(x, y, 'data-match-left'));
    },
    onEnd(rightId, x, y, cancelled) {
      const target = cancelled ? null : targetAt(x, y, 'data-match-left');
      setDragged(null);
      setOver(null);
      if (target) choose(target, rightId);
    },
  });
  const phone = useMediaQuery(PHONE_QUERY);
  const used = new Set(Object.values(pairs));
  const free = question.right.filter((r) => !used.has(r.id));
  const takenBy = new Map(
    question.left.flatMap((l) => (pairs[l.id] ? [[pairs[l.id]!, l.text] as const] : [])),
  );

  return (
    <fieldset className="answer">
      <legend className="answer__legend">
        {phone ? 'Match each item with its answer' : 'Match each item with one on the right'}
      </legend>
      {free.length > 0 && (
        <div className="answer__chips" aria-hidden="true">
          <p className="answer__hint">
            {phone
              ? 'Drag an answer onto its item, or tap an item to choose its answer.'
              : 'Drag an answer onto its match, or choose it from the list.'}
          </p>
          <ul className="answer__chip-list">
            {free.map((right) => (
              <li
                key={right.id}
                className={`answer__chip${dragged === right.id ? ' answer__chip--dragging' : ''}`}
                data-testid={`drag-${right.id}`}
                {...handle(right.id, disabled)}
              >
                <span className="drag-handle">⠿</span>
                <span className="answer__chip-text" title={right.text}>
                  {right.text}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="answer__pairs">
        {question.left.map((left, index) => (
          <div
            key={left.id}
            className={`answer__pair${over === left.id ? ' answer__pair--over' : ''}`}
            data-match-left={left.id}
          >
            {phone ? (
              <MatchPicker
                item={left}
                answers={question.right}
                chosen={pairs[left.id]}
                takenBy={takenBy}
                disabled={disabled}
                onChoose={(rightId) => choose(left.id, rightId)}
              />
            ) : (
              <>
                <label className="answer__pair-label" htmlFor={`${id}-${index}`}>
                  {left.text}
                </label>
                <select
                  id={`${id}-${index}`}
                  className="field__input"
                  value={pairs[left.id] ?? ''}
                  disabled={disabled}
                  onChange={(event) => choose(left.id, event.target.value)}
                >
                  <option value="">Choose a match</option>
                  {question.right.map((right) => (
                    <option key={right.id} value={right.id}>
                      {right.text}
                    </option>
                  ))}
                </select>
              </>
            )}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

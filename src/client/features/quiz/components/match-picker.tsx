import { useId, useState } from 'react';
import type { StudentQuestion } from '../../../../shared/contracts/attempts.ts';
import { NavigatorDrawer } from './navigator-drawer.tsx';

type Side = StudentQuestion['right'][number];

/**
 * A matching item's choice on a phone, where a select would cut its answers off mid-word: a button showing
 * the whole chosen answer (or "Choose a match"), opening a sheet of every answer in full. An answer already
 * given to another item says so, and choosing it moves it here, as the select does.
 */
export function MatchPicker({
  item,
  answers,
  chosen,
  takenBy,
  disabled,
  onChoose,
}: {
  item: Side;
  answers: readonly Side[];
  /** The answer this item has, if any. */
  chosen: string | undefined;
  /** The item's text each answer given elsewhere is matched with, by answer id. */
  takenBy: ReadonlyMap<string, string>;
  disabled?: boolean;
  /** The chosen answer's id, or '' to take the match away. */
  onChoose: (rightId: string) => void;
}) {
  const labelId = useId();
  const valueId = useId();
  const [open, setOpen] = useState(false);
  const current = answers.find((a) => a.id === chosen);
  const pick = (rightId: string) => {
    setOpen(false);
    onChoose(rightId);
  };
  return (
    <>
      <span id={labelId} className="answer__pair-label">
        {item.text}
      </span>
      <button
        type="button"
        className={`answer__pick${current ? ' answer__pick--chosen' : ''}`}
        aria-haspopup="dialog"
        aria-labelledby={`${labelId} ${valueId}`}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <span id={valueId}>{current ? current.text : 'Choose a match'}</span>
      </button>
      {open && (
        <NavigatorDrawer title={item.text} onClose={() => setOpen(false)}>
          <ul className="answer__pick-list" aria-label="Answers">
            {answers.map((answer) => {
              const elsewhere = answer.id === chosen ? undefined : takenBy.get(answer.id);
              return (
                <li key={answer.id}>
                  <button
                    type="button"
                    className="answer__pick-option"
                    aria-pressed={answer.id === chosen}
                    onClick={() => pick(answer.id)}
                  >
                    <span>{answer.text}</span>
                    {elsewhere !== undefined && (
                      <span className="answer__pick-note">Now matched with “{elsewhere}”</span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
          {current && (
            <button
              type="button"
              className="button button--secondary answer__pick-clear"
              onClick={() => pick('')}
            >
              No match
            </button>
          )}
        </NavigatorDrawer>
      )}
    </>
  );
}

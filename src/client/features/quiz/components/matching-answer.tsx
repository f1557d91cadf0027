import { useId } from 'react';
import type { AnswerInputProps } from './choice-answers.tsx';

/** One select per item on the left, offering the items on the right; each right item matches once. */
export function MatchingAnswer({ question, value, onChange, disabled }: AnswerInputProps) {
  const id = useId();
  const pairs = value?.type === 'matching' ? value.pairs : {};

  const choose = (leftId: string, rightId: string) => {
    const next: Record<string, string> = {};
    for (const [left, right] of Object.entries(pairs)) {
      // Picking a right item already used elsewhere moves it here, as a person sorting cards would.
      if (left !== leftId && right !== rightId) next[left] = right;
    }
    if (rightId) next[leftId] = rightId;
    onChange(Object.keys(next).length > 0 ? { type: 'matching', pairs: next } : null);
  };

  return (
    <fieldset className="answer">
      <legend className="answer__legend">Match each item with one on the right</legend>
      <div className="answer__pairs">
        {question.left.map((left, index) => (
          <div key={left.id} className="answer__pair">
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
          </div>
        ))}
      </div>
    </fieldset>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import type { AnswerInputProps } from './choice-answers.tsx';

/** Typing is saved once the student pauses this long, and at once when they leave the field. */
export const SHORT_ANSWER_DEBOUNCE_MS = 600;

export function ShortAnswer({
  value,
  onChange,
  disabled,
  debounceMs = SHORT_ANSWER_DEBOUNCE_MS,
}: AnswerInputProps & { debounceMs?: number }) {
  const id = useId();
  const initial = value?.type === 'short_answer' ? value.text : '';
  const [text, setText] = useState(initial);
  const latest = useRef({ text: initial, saved: initial.trim(), onChange });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    latest.current.onChange = onChange;
  });

  // Leaving the question (or the screen) must not lose what was typed during the last pause.
  useEffect(() => {
    const state = latest.current;
    return () => {
      if (timer.current !== null) clearTimeout(timer.current);
      commit(state);
    };
  }, []);

  const schedule = (next: string) => {
    latest.current.text = next;
    if (timer.current !== null) clearTimeout(timer.current);
    if (debounceMs <= 0) commit(latest.current);
    else timer.current = setTimeout(() => commit(latest.current), debounceMs);
  };

  return (
    <div className="answer field">
      <label className="field__label" htmlFor={id}>
        Your answer
      </label>
      <input
        id={id}
        className="field__input"
        type="text"
        autoComplete="off"
        maxLength={500}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          schedule(event.target.value);
        }}
        onBlur={() => {
          if (timer.current !== null) clearTimeout(timer.current);
          timer.current = null;
          commit(latest.current);
        }}
      />
    </div>
  );
}

function commit(state: { text: string; saved: string; onChange: AnswerInputProps['onChange'] }): void {
  const clean = state.text.trim();
  if (clean === state.saved) return;
  state.saved = clean;
  state.onChange(clean ? { type: 'short_answer', text: clean } : null);
}

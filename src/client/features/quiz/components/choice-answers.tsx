import { useId } from 'react';
import type { ReactNode } from 'react';
import type { AnswerValue, StudentQuestion } from '../../../../shared/contracts/attempts.ts';

export interface AnswerInputProps {
  question: StudentQuestion;
  value: AnswerValue | null;
  /** Called with the new answer as soon as it is given; null clears it. */
  onChange: (value: AnswerValue | null) => void;
  disabled?: boolean;
}

/** One option: its control, then its text; the whole line takes the click. */
function ChoiceOption({ text, children }: { text: ReactNode; children: ReactNode }) {
  return (
    <label className="answer__option">
      {children}
      <span>{text}</span>
    </label>
  );
}

function Choices({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="answer">
      <legend className="answer__legend">{legend}</legend>
      <div className="answer__options">{children}</div>
    </fieldset>
  );
}

export function SingleChoiceAnswer({ question, value, onChange, disabled }: AnswerInputProps) {
  const name = useId();
  const chosen = value?.type === 'single_choice' ? value.choice : null;
  return (
    <Choices legend="Choose one answer">
      {question.options.map((option) => (
        <ChoiceOption key={option.id} text={option.text}>
          <input
            type="radio"
            name={name}
            checked={chosen === option.id}
            disabled={disabled}
            onChange={() => onChange({ type: 'single_choice', choice: option.id })}
          />
        </ChoiceOption>
      ))}
    </Choices>
  );
}

export function MultipleChoiceAnswer({ question, value, onChange, disabled }: AnswerInputProps) {
  const chosen = value?.type === 'multiple_choice' ? value.choices : [];
  const toggle = (id: string, on: boolean) => {
    // Kept in the order the options are shown, so the same choice always reads the same.
    const next = question.options
      .map((o) => o.id)
      .filter((optionId) => (optionId === id ? on : chosen.includes(optionId)));
    onChange(next.length > 0 ? { type: 'multiple_choice', choices: next } : null);
  };
  return (
    <Choices legend="Choose every correct answer">
      {question.options.map((option) => (
        <ChoiceOption key={option.id} text={option.text}>
          <input
            type="checkbox"
            checked={chosen.includes(option.id)}
            disabled={disabled}
            onChange={(event) => toggle(option.id, event.target.checked)}
          />
        </ChoiceOption>
      ))}
    </Choices>
  );
}

export function TrueFalseAnswer({ value, onChange, disabled }: AnswerInputProps) {
  const name = useId();
  const chosen = value?.type === 'true_false' ? value.value : null;
  return (
    <Choices legend="True or false?">
      {[true, false].map((option) => (
        <ChoiceOption key={String(option)} text={option ? 'True' : 'False'}>
          <input
            type="radio"
            name={name}
            checked={chosen === option}
            disabled={disabled}
            onChange={() => onChange({ type: 'true_false', value: option })}
          />
        </ChoiceOption>
      ))}
    </Choices>
  );
}

import { useId } from 'react';
import type { ReactNode } from 'react';
import type { AnswerValue, StudentQuestion } from '../../../../shared/contracts/attempts.ts';

export interface AnswerInputProps {
  question: StudentQuestion;
  value: AnswerValue | null;
  /** Called with the new answer as soon as it is given; null clears it. */
  onChange: (value: AnswerValue | null) => void;
  disabled?: boolean;
  /**
   * The right answer, once known (Test Yourself's feedback): each option is then marked, the right one
   * green and a wrong choice red, each also in words and with a sign, not by colour alone.
   */
  right?: AnswerValue | null;
}

/** How an option reads once the right answer is known. */
type Mark = 'right-chosen' | 'right' | 'wrong-chosen' | null;

const MARKS: Record<Exclude<Mark, null>, { sign: string; text: string }> = {
  'right-chosen': { sign: '✓', text: 'Your answer: right' },
  right: { sign: '✓', text: 'The right answer' },
  'wrong-chosen': { sign: '✗', text: 'Your answer: wrong' },
};

function markOf(known: boolean, isRight: boolean, chosen: boolean): Mark {
  if (!known) return null;
  if (isRight) return chosen ? 'right-chosen' : 'right';
  return chosen ? 'wrong-chosen' : null;
}

/** One option: its control, then its text; the whole line takes the click. */
function ChoiceOption({
  text,
  mark = null,
  children,
}: {
  text: ReactNode;
  mark?: Mark;
  children: ReactNode;
}) {
  const shown = mark ? MARKS[mark] : null;
  const tone = mark === 'wrong-chosen' ? 'wrong' : 'right';
  return (
    <label className={`answer__option${shown ? ` answer__option--${tone}` : ''}`}>
      {children}
      <span>{text}</span>
      {shown && (
        <span className={`answer__mark answer__mark--${tone}`}>
          <span aria-hidden="true">{shown.sign} </span>
          {shown.text}
        </span>
      )}
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

export function SingleChoiceAnswer({ question, value, onChange, disabled, right }: AnswerInputProps) {
  const name = useId();
  const chosen = value?.type === 'single_choice' ? value.choice : null;
  const key = right?.type === 'single_choice' ? right.choice : null;
  return (
    <Choices legend="Choose one answer">
      {question.options.map((option) => (
        <ChoiceOption
          key={option.id}
          text={option.text}
          mark={markOf(key !== null, key === option.id, chosen === option.id)}
        >
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

export function MultipleChoiceAnswer({ question, value, onChange, disabled, right }: AnswerInputProps) {
  const chosen = value?.type === 'multiple_choice' ? value.choices : [];
  const keys = right?.type === 'multiple_choice' ? right.choices : null;
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
        <ChoiceOption
          key={option.id}
          text={option.text}
          mark={markOf(keys !== null, keys?.includes(option.id) ?? false, chosen.includes(option.id))}
        >
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

export function TrueFalseAnswer({ value, onChange, disabled, right }: AnswerInputProps) {
  const name = useId();
  const chosen = value?.type === 'true_false' ? value.value : null;
  const key = right?.type === 'true_false' ? right.value : null;
  return (
    <Choices legend="True or false?">
      {[true, false].map((option) => (
        <ChoiceOption
          key={String(option)}
          text={option ? 'True' : 'False'}
          mark={markOf(key !== null, key === option, chosen === option)}
        >
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

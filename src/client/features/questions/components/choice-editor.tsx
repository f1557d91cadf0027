import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import { TextField } from '../../../components/form-field.tsx';
import { moveItem, newOption } from '../question-draft.ts';
import type { QuestionDraft } from '../question-draft.ts';
import { GroupErrors, ListButtons } from './list-buttons.tsx';

export const MAX_OPTIONS = 8;

type Props = {
  draft: QuestionDraft;
  onChange: (next: Partial<QuestionDraft>) => void;
  errors: FieldErrors;
};

/** Options of a single or multiple choice question, each with its "correct" mark. */
export function ChoiceEditor({ draft, onChange, errors }: Props) {
  const single = draft.type === 'single_choice';
  const { options, correct } = draft;
  const setText = (i: number, text: string) =>
    onChange({ options: options.map((o, k) => (k === i ? { ...o, text } : o)) });
  const mark = (id: string, on: boolean) =>
    onChange({
      correct: single
        ? [id]
        : on
          ? [...correct.filter((c) => c !== id), id]
          : correct.filter((c) => c !== id),
    });
  const remove = (i: number) =>
    onChange({
      options: options.filter((_, k) => k !== i),
      correct: correct.filter((c) => c !== options[i]?.id),
    });

  return (
    <fieldset className="bo-fieldset content-editor">
      <legend>Options</legend>
      <p className="field__hint">
        {single ? 'Mark the one correct option.' : 'Mark every correct option (at least one must be wrong).'}
      </p>
      <GroupErrors messages={[...(errors['content.options'] ?? []), ...(errors['content.correct'] ?? [])]} />
      <ol className="bo-list">
        {options.map((o, i) => (
          <li key={o.id} className="bo-row content-editor__row">
            <label className="checkbox content-editor__mark">
              <input
                type={single ? 'radio' : 'checkbox'}
                name="correct-option"
                checked={correct.includes(o.id)}
                onChange={(e) => mark(o.id, e.target.checked)}
                aria-label={`Option ${i + 1} is correct`}
              />
              <span aria-hidden="true">Correct</span>
            </label>
            <TextField
              label={`Option ${i + 1}`}
              name={`option-${i + 1}`}
              value={o.text}
              maxLength={500}
              onChange={(text) => setText(i, text)}
              errors={errors[`content.options.${i}.text`]}
            />
            <ListButtons
              name={`option ${i + 1}`}
              index={i}
              count={options.length}
              min={2}
              onMove={(step) => onChange({ options: moveItem(options, i, step) })}
              onRemove={() => remove(i)}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={options.length >= MAX_OPTIONS}
        onClick={() => onChange({ options: [...options, newOption()] })}
      >
        Add option
      </button>
    </fieldset>
  );
}

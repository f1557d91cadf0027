import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import { TextField } from '../../../components/form-field.tsx';
import type { QuestionDraft } from '../question-draft.ts';
import { GroupErrors, ListButtons } from './list-buttons.tsx';
import { CheckField } from '../../../components/check-field.tsx';

type Props = {
  draft: QuestionDraft;
  onChange: (next: Partial<QuestionDraft>) => void;
  errors: FieldErrors;
};

const MAX_ACCEPTED = 10;

export function TrueFalseEditor({ draft, onChange, errors }: Props) {
  return (
    <fieldset className="bo-fieldset content-editor">
      <legend>Correct answer</legend>
      <GroupErrors messages={errors['content.correct'] ?? []} />
      <div className="bo-toolbar">
        {[true, false].map((value) => (
          <CheckField
            key={String(value)}
            type="radio"
            name="true-false"
            checked={draft.trueFalse === value}
            onChange={() => onChange({ trueFalse: value })}
          >
            {value ? 'True' : 'False'}
          </CheckField>
        ))}
      </div>
    </fieldset>
  );
}

/** Short answer: every wording that counts as right. */
export function AcceptedEditor({ draft, onChange, errors }: Props) {
  const { accepted } = draft;
  return (
    <fieldset className="bo-fieldset content-editor">
      <legend>Accepted answers</legend>
      <p className="field__hint">
        A student&apos;s answer counts when it matches one of these, ignoring capitals, accents, punctuation
        and extra spaces.
      </p>
      <GroupErrors messages={errors['content.accepted'] ?? []} />
      <ol className="bo-list">
        {accepted.map((text, i) => (
          // The list only grows at the end or loses a row, and rows have no identity beyond their place.
          <li key={i} className="bo-row content-editor__row">
            <TextField
              label={`Accepted answer ${i + 1}`}
              name={`accepted-${i + 1}`}
              value={text}
              maxLength={200}
              onChange={(v) => onChange({ accepted: accepted.map((a, k) => (k === i ? v : a)) })}
              errors={errors[`content.accepted.${i}`]}
            />
            <ListButtons
              name={`accepted answer ${i + 1}`}
              index={i}
              count={accepted.length}
              min={1}
              onRemove={() => onChange({ accepted: accepted.filter((_, k) => k !== i) })}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--small button--secondary"
        disabled={accepted.length >= MAX_ACCEPTED}
        onClick={() => onChange({ accepted: [...accepted, ''] })}
      >
        Add accepted answer
      </button>
    </fieldset>
  );
}

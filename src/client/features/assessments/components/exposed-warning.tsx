import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import type { AssessmentDraft } from '../assessment-draft.ts';
import { fieldTargetId } from '../assessment-errors.ts';

/**
 * The server refused an exam because Test Yourself has already shown the answers of some of its questions to
 * students it is for (it names them). The author chooses other questions, or ticks this and saves again:
 * the exam is then saved with them, and the choice is written to the audit log.
 */
export function ExposedWarning(props: {
  draft: AssessmentDraft;
  errors: FieldErrors;
  onChange: (patch: Partial<AssessmentDraft>) => void;
  readOnly: boolean;
}) {
  const messages = props.errors.confirm_exposed ?? [];
  if (!messages.length && !props.draft.confirm_exposed) return null;
  return (
    <div className="form-message form-message--error" role="group" aria-label="Answers already shown">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
      <label className="checkbox">
        <input
          id={fieldTargetId('confirm_exposed')}
          type="checkbox"
          checked={props.draft.confirm_exposed}
          disabled={props.readOnly}
          onChange={(e) => props.onChange({ confirm_exposed: e.target.checked })}
        />
        Use these questions anyway, knowing some students have seen their answers
      </label>
    </div>
  );
}
